// "Supported users" (docs/benchmarks.md): people of the user model (./people.ts) are added in
// steps; after each step's window the figures are read against the thresholds, and the number of
// people of the last step that held is the deployment's supported users.
import { performance } from "node:perf_hooks";
import { postgresCpuSeconds } from "./cpu";
import { ACTIONS, ARRIVAL, Person, PeopleStats, Roster, type Action, type Arrival, type PersonOptions } from "./people";
import { ms, table } from "./stats";
import type { BenchUser } from "../../server/test/fixture";

/** Where a deployment stops carrying more people (Mattermost's thresholds, and ours for chat). */
export const THRESHOLDS = { serverErrorShare: 0.00025, restMeanMs: 100, restP99Ms: 2000, cpuShare: 0.85, lost: 0, duplicates: 0 };

export interface StepFigures {
  people: number;
  actionsPerSec: number;
  restPerSec: number;
  restMean: number;
  restP99: number;
  ackP99: number;
  errors5xx: number;
  actionErrors: number;
  lost: number;
  duplicates: number;
  /** Share of one core over the window. */
  appCpu: number | null;
  pgCpu: number | null;
  clientCpu: number;
  tripped: string[];
  kinds: Map<Arrival | Action, { done: number; errors: number; p50: number; p99: number; firstError?: string }>;
}

/** The app's own CPU seconds, from its Prometheus endpoint (answered to callers on its machine). */
async function appCpuSeconds(url: string): Promise<number | null> {
  try {
    const text = await (await fetch(`${url}/metrics`)).text();
    const m = /^process_cpu_seconds_total(?:\{[^}]*\})? ([\d.e+-]+)$/m.exec(text);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

export interface CapacityOptions extends Omit<PersonOptions, "stats" | "roster"> {
  stepPeople: number;
  stepSeconds: number;
  maxPeople: number;
  /** Stop at the first step that trips a threshold (else: run every step, a fixed load). */
  findCapacity: boolean;
  log: (s: string) => void;
}

export async function runCapacity(users: BenchUser[], o: CapacityOptions): Promise<{ steps: StepFigures[]; supported: number }> {
  const stats = new PeopleStats();
  const roster = new Roster();
  const people: Person[] = [];
  const steps: StepFigures[] = [];
  const limit = Math.min(o.maxPeople, users.length);

  /** Adds or sends away people until `n` are here (newcomers arrive spread over the first part of the window). */
  const resize = async (n: number) => {
    if (n < people.length) {
      // Messages still on their way to people about to leave are given their time first.
      await new Promise((r) => setTimeout(r, 5_000));
      const late = stats.lost();
      if (steps.length) steps[steps.length - 1].lost += late;
      for (const p of people.splice(n)) p.leave();
      return;
    }
    const arriving = users.slice(people.length, n).map((u) => new Person(u, { ...o, stats, roster }));
    people.push(...arriving);
    await Promise.all(arriving.map((p, i) => new Promise((r) => setTimeout(r, (i / arriving.length) * Math.min(10_000, o.stepSeconds * 300))).then(() => p.arrive())));
  };

  /** One window with the people here now: its figures, and whether they held. */
  const measure = async (): Promise<StepFigures> => {
    const arrivals = ARRIVAL.map((k) => [k, stats.kinds.get(k)] as const);
    stats.restart();
    const t0 = performance.now();
    const [app0, pg0, cli0] = [await appCpuSeconds(o.url), postgresCpuSeconds(), process.cpuUsage()];
    await new Promise((r) => setTimeout(r, o.stepSeconds * 1000));
    const wall = (performance.now() - t0) / 1000;
    const [app1, pg1, cli1] = [await appCpuSeconds(o.url), postgresCpuSeconds(), process.cpuUsage(cli0)];
    const f = figures(stats, people.length, wall, {
      app: app0 !== null && app1 !== null ? (app1 - app0) / wall : null,
      pg: pg0 !== null && pg1 !== null ? (pg1 - pg0) / wall : null,
      client: (cli1.user + cli1.system) / 1e6 / wall,
    });
    for (const [k, v] of arrivals) {
      if (!v) continue;
      const l = v.latency.summary();
      f.kinds.set(k, { done: v.done, errors: v.errors, p50: l.p50, p99: l.p99 });
    }
    // Messages acked more than 5 s before the window's end have had time to arrive everywhere.
    f.lost = stats.lost(performance.now() - 5_000);
    f.tripped = tripped(f);
    steps.push(f);
    o.log(stepLine(f));
    return f;
  };

  let held = 0;
  let trippedAt = Infinity;
  try {
    // Growing: a step at a time until a threshold trips (or, without --find-capacity, to the end).
    while (people.length < limit) {
      await resize(Math.min(limit, people.length + o.stepPeople));
      const f = await measure();
      if (!f.tripped.length) held = Math.max(held, f.people);
      else if (o.findCapacity) {
        trippedAt = f.people;
        break;
      }
    }
    if (o.findCapacity && Number.isFinite(trippedAt)) {
      held = await settle(held, trippedAt, Math.max(10, Math.round(o.stepPeople / 4)), async (n) => {
        await resize(n);
        return (await measure()).tripped.length === 0;
      });
    }
  } finally {
    for (const p of people) p.leave();
  }
  return { steps, supported: held };
}

/**
 * Backing off as a coordinator does: halfway between the last crowd that held and the first that
 * tripped, again and again, until the two are within `close` people; answers the largest that held.
 * `holds(n)` runs a window with `n` people.
 */
export async function settle(held: number, tripped: number, close: number, holds: (n: number) => Promise<boolean>): Promise<number> {
  while (tripped - held > close) {
    const n = Math.round((held + tripped) / 2);
    if (await holds(n)) held = n;
    else tripped = n;
  }
  return held;
}

function figures(stats: PeopleStats, n: number, wall: number, cpu: { app: number | null; pg: number | null; client: number }): StepFigures {
  const kinds = new Map<Arrival | Action, { done: number; errors: number; p50: number; p99: number; firstError?: string }>();
  let actions = 0;
  let actionErrors = 0;
  const acks: number[] = [];
  for (const [k, v] of stats.kinds) {
    const s = v.latency.summary();
    kinds.set(k, { done: v.done, errors: v.errors, p50: s.p50, p99: s.p99, firstError: v.firstError });
    if (!(ARRIVAL as readonly string[]).includes(k)) {
      actions += v.done + v.errors;
      actionErrors += v.errors;
    }
    if (["post", "reply", "react", "type", "presence"].includes(k)) acks.push(s.p99);
  }
  const rest = stats.rest.summary();
  return {
    people: n,
    actionsPerSec: actions / wall,
    restPerSec: stats.restCount / wall,
    restMean: rest.mean,
    restP99: rest.p99,
    ackP99: Math.max(0, ...acks),
    errors5xx: stats.rest5xx,
    actionErrors,
    lost: 0,
    duplicates: stats.duplicates,
    appCpu: cpu.app,
    pgCpu: cpu.pg,
    clientCpu: cpu.client,
    tripped: [],
    kinds,
  };
}

function tripped(f: StepFigures): string[] {
  const t: string[] = [];
  if (f.errors5xx > THRESHOLDS.serverErrorShare * Math.max(1, f.restPerSec)) t.push(`5xx ${f.errors5xx}`);
  if (f.restMean > THRESHOLDS.restMeanMs) t.push(`REST mean ${ms(f.restMean)} ms`);
  if (f.restP99 > THRESHOLDS.restP99Ms) t.push(`REST p99 ${ms(f.restP99)} ms`);
  if (f.appCpu !== null && f.appCpu > THRESHOLDS.cpuShare) t.push(`app CPU ${(f.appCpu * 100).toFixed(0)}%`);
  if (f.lost > THRESHOLDS.lost) t.push(`lost ${f.lost}`);
  if (f.duplicates > THRESHOLDS.duplicates) t.push(`duplicated ${f.duplicates}`);
  return t;
}

const pct = (v: number | null) => (v === null ? "-" : `${(v * 100).toFixed(0)}%`);

function stepLine(f: StepFigures): string {
  return `  ${f.people} people: ${f.actionsPerSec.toFixed(0)} actions/s, REST ${f.restPerSec.toFixed(0)}/s mean ${ms(f.restMean)} p99 ${ms(f.restP99)} ms, ack p99 ${ms(f.ackP99)} ms, 5xx ${f.errors5xx}, lost ${f.lost}, dup ${f.duplicates}, CPU app ${pct(f.appCpu)} pg ${pct(f.pgCpu)} clients ${pct(f.clientCpu)}${f.tripped.length ? `  TRIPPED: ${f.tripped.join(", ")}` : ""}`;
}

/** The steps as a table, then each action's figures at the last step. */
export function report(steps: StepFigures[], supported: number): string {
  const rows: (string | number)[][] = [["people", "actions/s", "REST/s", "REST mean ms", "REST p99 ms", "ack p99 ms", "5xx", "lost", "dup", "app CPU", "pg CPU", "clients CPU", "holds"]];
  for (const f of steps) rows.push([f.people, f.actionsPerSec.toFixed(0), f.restPerSec.toFixed(0), ms(f.restMean), ms(f.restP99), ms(f.ackP99), f.errors5xx, f.lost, f.duplicates, pct(f.appCpu), pct(f.pgCpu), pct(f.clientCpu), f.tripped.length ? f.tripped.join("; ") : "yes"]);
  const last = steps[steps.length - 1];
  const kinds: (string | number)[][] = [["action", "done", "errors", "p50 ms", "p99 ms", "first error"]];
  for (const k of [...ARRIVAL, ...ACTIONS] as const) {
    const v = last?.kinds.get(k);
    if (v) kinds.push([k, v.done, v.errors, ms(v.p50), ms(v.p99), v.firstError ?? ""]);
  }
  return `${table(rows)}\n\nsupported users: ${supported}\n\nEach action at the last step (signin, screen, socket: that step's arrivals)\n${table(kinds)}`;
}
