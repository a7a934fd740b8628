// What a chat step cost the app and its database (docs/benchmarks.md, "Before and after"): CPU
// from /proc and WAL bytes, per message sent. Latency on two shared cores moves from run to run;
// these do not, so a change to the write path is judged by them, alternating the servers in one run.
import pg from "pg";
import { cpuSeconds, postgresCpuSeconds } from "./cpu";
import type { ChatResult } from "./driver";
import { openDb } from "../../server/db";
import { createFixture, type FixtureOptions } from "../../server/test/fixture";
import { freshDatabase, spawnServer } from "./servers";
import { ms, table } from "./stats";

export interface StepCost {
  /** CPU ms of the app process per message sent. */
  appCpuMs: number | null;
  /** CPU ms of every PostgreSQL process of the machine per message sent (null: no local Postgres). */
  pgCpuMs: number | null;
  /** WAL bytes written per message sent (null: PGlite). */
  walBytes: number | null;
}

/** One value of one row of a query on its own connection (the app's pool is not ours to borrow). */
async function queryValue(databaseUrl: string, text: string, values: unknown[] = []): Promise<string> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return (await c.query<{ v: string }>(text, values)).rows[0].v;
  } finally {
    await c.end();
  }
}

/** Runs one chat step and measures its cost (`pid` null: nothing; no database: the process's CPU only, as for the relay). */
export async function withCost(pid: number | null, databaseUrl: string | undefined, step: () => Promise<ChatResult>): Promise<{ result: ChatResult; cost: StepCost | null }> {
  if (pid === null) return { result: await step(), cost: null };
  const app0 = cpuSeconds(pid);
  const pg0 = databaseUrl ? postgresCpuSeconds() : null;
  const lsn = databaseUrl ? await queryValue(databaseUrl, "select pg_current_wal_lsn()::text as v") : null;
  const result = await step();
  const per = (v: number) => (result.sent ? v / result.sent : 0);
  const pg1 = pg0 === null ? null : postgresCpuSeconds();
  return {
    result,
    cost: {
      appCpuMs: per((cpuSeconds(pid) - app0) * 1000),
      pgCpuMs: pg0 === null || pg1 === null ? null : per((pg1 - pg0) * 1000),
      walBytes: lsn && databaseUrl ? per(Number(await queryValue(databaseUrl, "select pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::text as v", [lsn]))) : null,
    },
  };
}

export interface Measured {
  name: string;
  steps: { result: ChatResult; cost: StepCost | null }[];
}

/** Step by step, each server's deliveries, latency and cost side by side, then the sums of the steps all kept up with. */
export function reportCosts(list: Measured[]): void {
  const f = (v: number | null | undefined, digits = 3) => (v == null ? "-" : v.toFixed(digits));
  const rows: (string | number)[][] = [["server", "msgs/s", "deliveries/s", "p99 ms", "ack p99 ms", "lost", "app CPU ms/msg", "Postgres CPU ms/msg", "WAL bytes/msg"]];
  const rates = [...new Set(list.flatMap((m) => m.steps.map((s) => s.result.rate)))].sort((a, b) => a - b);
  for (const rate of rates)
    for (const m of list) {
      const s = m.steps.find((x) => x.result.rate === rate);
      if (s) rows.push([m.name, rate, s.result.deliveriesPerSec.toFixed(0), ms(s.result.latency.p99), ms(s.result.ack.p99), s.result.lost, f(s.cost?.appCpuMs), f(s.cost?.pgCpuMs), f(s.cost?.walBytes, 0)]);
    }
  console.log("\nChat steps, each server's cost per message sent (CPU from /proc, WAL from pg_current_wal_lsn)");
  console.log(table(rows));
  // Over the rates every server ran, so one that dropped out early is not compared on fewer steps.
  const common = rates.filter((r) => list.every((m) => m.steps.some((s) => s.result.rate === r && s.cost)));
  if (!common.length) return;
  const sums = list.map((m) => {
    const steps = m.steps.filter((s) => common.includes(s.result.rate));
    const sent = steps.reduce((a, s) => a + s.result.sent, 0);
    const sum = (k: keyof StepCost) => (steps.every((s) => s.cost?.[k] != null) ? steps.reduce((a, s) => a + s.cost![k]! * s.result.sent, 0) / sent : null);
    return [m.name, sent, f(sum("appCpuMs")), f(sum("pgCpuMs")), f(sum("walBytes"), 0)];
  });
  console.log(`\nOver the ${common.length} rates every server ran (${common[0]}-${common[common.length - 1]} msgs/s), per message sent`);
  console.log(table([["server", "messages", "app CPU ms", "Postgres CPU ms", "WAL bytes"], ...sums]));
  // What storing and delivering a message costs beside delivering it alone (the relay stores nothing).
  const cpu = (name: string) => {
    const row = sums.find((r) => r[0] === name);
    return row && row[2] !== "-" ? Number(row[2]) + (row[3] === "-" ? 0 : Number(row[3])) : null;
  };
  const relay = cpu("relay");
  const app = cpu("app");
  if (relay && app) console.log(`app + Postgres CPU per message: ${app.toFixed(3)} ms, ${(app / relay).toFixed(1)}x the relay's ${relay.toFixed(3)} ms (goal <= 2x)`);
}

/**
 * The server of another checkout (bench --before) on a database of its own, migrated by that
 * server to its own schema; the chat fixture is then written into it as into the app's.
 */
export async function startBefore(checkout: string, databaseUrl: string | undefined, env: Record<string, string>, fixture: FixtureOptions) {
  if (!databaseUrl) throw new Error("--before needs --database-url: each server gets a database of its own on that server");
  const db = await freshDatabase(databaseUrl, { migrate: false });
  await db.release();
  const server = await spawnServer("server/index.ts", { ...env, ...db.env }, [], undefined, checkout);
  const handle = await openDb({ databaseUrl: db.env.DATABASE_URL, poolSize: 4 });
  const fx = await createFixture(handle.db, new TextEncoder().encode(env.JWT_SECRET), fixture);
  await handle.close();
  return { server, db, fx };
}
