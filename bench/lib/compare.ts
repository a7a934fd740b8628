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
  /**
   * The database's own counters per message sent (pg_stat_database; null: PGlite): transactions
   * (one per statement outside a transaction), rows read, buffers touched. They do not move with a
   * busy machine as CPU time does, so two servers compare by them in any weather.
   */
  xacts: number | null;
  rowsRead: number | null;
  buffers: number | null;
  /** Statements the app sent per message, by operation (its /metrics; null when it has none). */
  statements: Record<string, number> | null;
  /** CPU ms per message sent of the backends serving this database (those alive at the step's end; the app's pool keeps them). */
  dbCpuMs: number | null;
  /** Per table, scans and rows read in the step (raw, summed over a run by reportCosts). */
  tables: Map<string, { scans: number; rows: number }> | null;
}

interface DbCounters {
  /** CPU seconds of this database's backends (by pid, from /proc): other databases' work on the machine is not in it. */
  backendsCpu: Map<number, number>;
  xacts: number;
  rowsRead: number;
  buffers: number;
  tables: Map<string, { scans: number; rows: number }>;
}

/** This database's counters now (the statistics snapshot cleared first, so they are current). */
async function dbCounters(databaseUrl: string): Promise<DbCounters> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query("select pg_stat_clear_snapshot()");
    const pids = await c.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
    const backendsCpu = new Map<number, number>();
    for (const { pid } of pids.rows) {
      try {
        backendsCpu.set(pid, cpuSeconds(pid));
      } catch {
        /* gone meanwhile */
      }
    }
    const d = (
      await c.query<{ x: string; r: string; b: string }>(
        "select (xact_commit + xact_rollback)::text as x, (tup_returned + tup_fetched)::text as r, (blks_hit + blks_read)::text as b from pg_stat_database where datname = current_database()",
      )
    ).rows[0];
    const t = await c.query<{ relname: string; scans: string; rows: string }>(
      "select relname, (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::text as scans, (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::text as rows from pg_stat_user_tables",
    );
    return { backendsCpu, xacts: Number(d.x), rowsRead: Number(d.r), buffers: Number(d.b), tables: new Map(t.rows.map((r) => [r.relname, { scans: Number(r.scans), rows: Number(r.rows) }])) };
  } finally {
    await c.end();
  }
}

function tableDelta(a: DbCounters, b: DbCounters): Map<string, { scans: number; rows: number }> {
  const out = new Map<string, { scans: number; rows: number }>();
  for (const [name, v] of b.tables) {
    const was = a.tables.get(name) ?? { scans: 0, rows: 0 };
    if (v.scans - was.scans || v.rows - was.rows) out.set(name, { scans: v.scans - was.scans, rows: v.rows - was.rows });
  }
  return out;
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

/** Statements the app has sent so far, by operation (teamspace_db_query_duration_seconds_count), or null. */
async function statementCounts(url: string | undefined): Promise<Record<string, number> | null> {
  if (!url) return null;
  try {
    const text = await (await fetch(`${url}/metrics`)).text();
    const out: Record<string, number> = {};
    for (const m of text.matchAll(/^teamspace_db_query_duration_seconds_count\{operation="([^"]+)"\} ([\d.e+-]+)$/gm)) out[m[1]] = Number(m[2]);
    return Object.keys(out).length ? out : null;
  } catch {
    return null;
  }
}

/** Runs one chat step and measures its cost (`pid` null: nothing; no database: the process's CPU only, as for the relay). */
export async function withCost(pid: number | null, databaseUrl: string | undefined, step: () => Promise<ChatResult>, url?: string): Promise<{ result: ChatResult; cost: StepCost | null }> {
  if (pid === null) return { result: await step(), cost: null };
  const app0 = cpuSeconds(pid);
  const pg0 = databaseUrl ? postgresCpuSeconds() : null;
  const lsn = databaseUrl ? await queryValue(databaseUrl, "select pg_current_wal_lsn()::text as v") : null;
  const db0 = databaseUrl ? await dbCounters(databaseUrl) : null;
  const st0 = await statementCounts(url);
  const result = await step();
  const st1 = await statementCounts(url);
  const per = (v: number) => (result.sent ? v / result.sent : 0);
  const pg1 = pg0 === null ? null : postgresCpuSeconds();
  const db1 = databaseUrl ? await dbCounters(databaseUrl) : null;
  return {
    result,
    cost: {
      appCpuMs: per((cpuSeconds(pid) - app0) * 1000),
      pgCpuMs: pg0 === null || pg1 === null ? null : per((pg1 - pg0) * 1000),
      walBytes: lsn && databaseUrl ? per(Number(await queryValue(databaseUrl, "select pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::text as v", [lsn]))) : null,
      dbCpuMs: db0 && db1 ? per([...db1.backendsCpu].reduce((a, [pid, cpu]) => a + cpu - (db0.backendsCpu.get(pid) ?? 0), 0) * 1000) : null,
      xacts: db0 && db1 ? per(db1.xacts - db0.xacts) : null,
      statements: st0 && st1 ? Object.fromEntries(Object.entries(st1).map(([op, n]) => [op, per(n - (st0[op] ?? 0))])) : null,
      rowsRead: db0 && db1 ? per(db1.rowsRead - db0.rowsRead) : null,
      buffers: db0 && db1 ? per(db1.buffers - db0.buffers) : null,
      tables: db0 && db1 ? tableDelta(db0, db1) : null,
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
  const rows: (string | number)[][] = [["server", "msgs/s", "deliveries/s", "p99 ms", "ack p99 ms", "lost", "app CPU ms/msg", "Postgres CPU ms/msg", "WAL bytes/msg", "its backends' CPU ms/msg", "xacts/msg", "rows read/msg", "buffers/msg"]];
  const rates = [...new Set(list.flatMap((m) => m.steps.map((s) => s.result.rate)))].sort((a, b) => a - b);
  for (const rate of rates)
    for (const m of list) {
      const s = m.steps.find((x) => x.result.rate === rate);
      if (s) rows.push([m.name, rate, s.result.deliveriesPerSec.toFixed(0), ms(s.result.latency.p99), ms(s.result.ack.p99), s.result.lost, f(s.cost?.appCpuMs), f(s.cost?.pgCpuMs), f(s.cost?.walBytes, 0), f(s.cost?.dbCpuMs), f(s.cost?.xacts, 2), f(s.cost?.rowsRead, 1), f(s.cost?.buffers, 1)]);
    }
  console.log("\nChat steps, each server's cost per message sent (CPU from /proc, WAL from pg_current_wal_lsn)");
  console.log(table(rows));
  // Over the rates every server ran, so one that dropped out early is not compared on fewer steps.
  const common = rates.filter((r) => list.every((m) => m.steps.some((s) => s.result.rate === r && s.cost)));
  if (!common.length) return;
  const sums = list.map((m) => {
    const steps = m.steps.filter((s) => common.includes(s.result.rate));
    const sent = steps.reduce((a, s) => a + s.result.sent, 0);
    const sum = (k: Exclude<keyof StepCost, "tables" | "statements">) => (steps.every((s) => s.cost?.[k] != null) ? steps.reduce((a, s) => a + s.cost![k]! * s.result.sent, 0) / sent : null);
    return [m.name, sent, f(sum("appCpuMs")), f(sum("pgCpuMs")), f(sum("walBytes"), 0), f(sum("dbCpuMs")), f(sum("xacts"), 2), f(sum("rowsRead"), 1), f(sum("buffers"), 1)];
  });
  console.log(`\nOver the ${common.length} rates every server ran (${common[0]}-${common[common.length - 1]} msgs/s), per message sent`);
  console.log(table([["server", "messages", "app CPU ms", "Postgres CPU ms", "WAL bytes", "its backends' CPU ms", "xacts", "rows read", "buffers"], ...sums]));
  tableReads(list, common);
  statementsSent(list, common);
  // What storing and delivering a message costs beside delivering it alone (the relay stores nothing).
  const cpu = (name: string) => {
    const row = sums.find((r) => r[0] === name);
    return row && row[2] !== "-" ? Number(row[2]) + (row[3] === "-" ? 0 : Number(row[3])) : null;
  };
  const relay = cpu("relay");
  const app = cpu("app");
  if (relay && app) console.log(`app + Postgres CPU per message: ${app.toFixed(3)} ms, ${(app / relay).toFixed(1)}x the relay's ${relay.toFixed(3)} ms (goal <= 2x)`);
}

/** The statements each app sent per message over the common rates, by operation (begin and commit included). */
function statementsSent(list: Measured[], common: number[]): void {
  const per = list.map((m) => {
    const steps = m.steps.filter((s) => common.includes(s.result.rate) && s.cost?.statements);
    const sent = steps.reduce((a, s) => a + s.result.sent, 0);
    const sums: Record<string, number> = {};
    for (const s of steps) for (const [op, n] of Object.entries(s.cost!.statements!)) sums[op] = (sums[op] ?? 0) + (n * s.result.sent) / (sent || 1);
    return { name: m.name, sums, any: steps.length > 0 };
  });
  const shown = per.filter((p) => p.any);
  if (!shown.length) return;
  const ops = [...new Set(shown.flatMap((p) => Object.keys(p.sums)))].sort();
  const rows = ops.map((op) => [op, ...shown.map((p) => (p.sums[op] ?? 0).toFixed(2))]);
  rows.push(["all", ...shown.map((p) => Object.values(p.sums).reduce((a, b) => a + b, 0).toFixed(2))]);
  console.log("\nStatements each app sent per message (its /metrics, by operation)");
  console.log(table([["operation", ...shown.map((p) => p.name)], ...rows]));
}

/** Where each server's reads went over the common rates: scans and rows read per message, by table (the busiest). */
function tableReads(list: Measured[], common: number[]): void {
  const per = list.map((m) => {
    const steps = m.steps.filter((s) => common.includes(s.result.rate) && s.cost?.tables);
    const sent = steps.reduce((a, s) => a + s.result.sent, 0) || 1;
    const sums = new Map<string, { scans: number; rows: number }>();
    for (const s of steps)
      for (const [name, v] of s.cost!.tables!) {
        const t = sums.get(name) ?? { scans: 0, rows: 0 };
        sums.set(name, { scans: t.scans + v.scans / sent, rows: t.rows + v.rows / sent });
      }
    return { name: m.name, sums };
  });
  const names = [...new Set(per.flatMap((p) => [...p.sums.keys()]))];
  if (!names.length) return;
  const weight = (n: string) => Math.max(...per.map((p) => p.sums.get(n)?.rows ?? 0));
  const top = names.sort((a, b) => weight(b) - weight(a)).slice(0, 12);
  const header = ["table", ...per.flatMap((p) => [`${p.name} scans`, `${p.name} rows`])];
  const rows = top.map((n) => [n, ...per.flatMap((p) => [(p.sums.get(n)?.scans ?? 0).toFixed(2), (p.sums.get(n)?.rows ?? 0).toFixed(1)])]);
  console.log("\nReads per message sent by table (pg_stat_user_tables: index and sequential scans, rows they read)");
  console.log(table([header, ...rows]));
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
