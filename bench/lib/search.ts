// The search scenario (docs/search.md): GET /api/search over an organisation's history on real
// Postgres. The fixture (search-org.ts) is what makes the hard cases show: Zipfian words from a
// real dictionary, channels of every size, public and private, a reader in 50 of 1,000, a word
// said only where the reader may not look, URLs, CJK, files and 200 senders over two years. Each
// kind of query is timed on its own, one request at a time, then the plan the server chose for
// it is asked of Postgres. With `keep` the filled database is kept under a name made of the
// sizes and reused by the next run (10,000,000 messages take long to fill).
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import type { Db } from "../../server/db";
import { explainMessageSearch } from "../../server/features/search/messages";
import { parseSearch } from "@shared/search";
import { fillSearch, fixtureReader, historyRange, type FillTimes } from "./search-fill";
import { Organisation, type OrgSizes } from "./search-org";
import { queryTable } from "./search-queries";
import { freshDatabase, keptDatabase, spawnServer, type BenchDb } from "./servers";
import { ms, Samples, table, type LatencySummary } from "./stats";

export interface SearchOptions extends OrgSizes {
  /** Searches of each kind. */
  rounds: number;
  /** Keep the filled database for the next run, and reuse one kept before. */
  keep?: boolean;
  /** Also return (and print) each kind's whole plan, not only its name. */
  plans?: boolean;
  say: (s: string) => void;
}

export interface SearchKindResult {
  kind: string;
  /** The first round's query. */
  example: string;
  latency: LatencySummary;
  /** Mean messages returned (the group is capped at 20). */
  hits: number;
  /** The plan's name (the first line of explainMessageSearch), for the example (the kind's slowest query). */
  plan: string;
  planText?: string;
  /** The kind must find nothing and found something: a read-rule leak. */
  leaked: boolean;
}

export interface SearchResult extends Omit<SearchOptions, "say"> {
  /** The fixture was kept from an earlier run (its fill times are then 0). */
  reused: boolean;
  fill: FillTimes;
  /** p95 goal per kind, ms: 100 up to 1,000,000 messages, 250 above. */
  goalMs: number;
  kinds: SearchKindResult[];
}

const NO_FILL: FillTimes = { fillSec: 0, indexSec: 0, indexes: [], analyzeSec: 0 };

/** The name of a kept fixture: the sizes and the fixture's version (a new generator must not reuse an old fill). */
const keptName = (o: OrgSizes) => `bench_search_v1_${o.messages}_${o.channels}_${o.memberOf}_${o.vocabulary}`;

async function runSearch(bdb: BenchDb, appEnv: Record<string, string>, secret: Uint8Array, org: Organisation, o: SearchOptions): Promise<SearchResult> {
  const db = bdb.handle.db;
  let reader = await fixtureReader(db, secret);
  const reused = !!reader;
  let fill = NO_FILL;
  if (reader) o.say(`search: reusing the kept fixture (${o.messages} messages in ${o.channels} channels, the reader in ${o.memberOf})`);
  else {
    o.say(`search: filling ${o.messages} messages in ${o.channels} channels (${o.vocabulary} words), the reader in ${o.memberOf} ...`);
    fill = await fillSearch(db, org, o.say);
    o.say(`  indexed in ${fill.indexSec.toFixed(1)} s (${fill.indexes.map((i) => `${i.name} ${i.sec.toFixed(1)} s`).join(", ")}), vacuum analyze ${fill.analyzeSec.toFixed(1)} s`);
    reader = (await fixtureReader(db, secret))!;
  }
  await prewarm(db, o.say);
  const kinds = queryTable(org, o.rounds, await historyRange(db));
  // Postgres serves both processes: the bench keeps its connection for the plans asked after the timing.
  // One reader asks hundreds of times: the per-person search limit (SEARCH_RATE_LIMIT) would time the refusals.
  const app = await spawnServer("server/index.ts", { ...appEnv, SEARCH_RATE_LIMIT: "1000000" });
  const timed: { latency: LatencySummary; hits: number; slowest: string }[] = [];
  try {
    const ask = async (q: string) => {
      const t = performance.now();
      const res = await fetch(`${app.url}/api/search?q=${encodeURIComponent(q)}`, { headers: { authorization: `Bearer ${reader.token}` } });
      if (!res.ok) throw new Error(`search ${q}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { messages: unknown[] };
      return { ms: performance.now() - t, hits: body.messages.length };
    };
    for (let i = 1; i <= 5; i++) await ask(org.word(i)); // warm the cache and the process
    for (const k of kinds) {
      const samples = new Samples();
      let hits = 0;
      let slowest = { q: k.queries[0], ms: -1 };
      for (const q of k.queries) {
        const r = await ask(q);
        samples.add(r.ms);
        hits += r.hits;
        if (r.ms > slowest.ms) slowest = { q, ms: r.ms };
      }
      timed.push({ latency: samples.summary(), hits: hits / k.queries.length, slowest: slowest.q });
      o.say(`  ${k.kind}: p50 ${ms(timed[timed.length - 1].latency.p50)} ms`);
    }
  } finally {
    await app.stop();
  }
  const results: SearchKindResult[] = [];
  for (const [i, k] of kinds.entries()) {
    let text: string;
    try {
      // As run (EXPLAIN ANALYZE, BUFFERS): the rows and pages each step read, not only the estimates.
      // The slowest query of the kind: what the tail is made of.
      text = await explainMessageSearch(db, reader.user, parseSearch(timed[i].slowest), { analyze: true });
    } catch (e) {
      text = `explain failed: ${(e as Error).message}`;
    }
    results.push({
      kind: k.kind,
      example: timed[i].slowest,
      latency: timed[i].latency,
      hits: timed[i].hits,
      plan: text.split("\n")[0],
      ...(o.plans ? { planText: text } : {}),
      leaked: !!k.mustFindNothing && timed[i].hits > 0,
    });
  }
  const { say: _say, ...sizes } = o;
  return { ...sizes, reused, fill, goalMs: o.messages <= 1_000_000 ? 100 : 250, kinds: results };
}

/**
 * Reads the messages table and its indexes into memory first, as a server's would be after some
 * use: a kept fixture (or one just built) is otherwise partly on disk, this machine's memory
 * manager giving back pages nobody read lately, and the first searches of each kind would time
 * the disk (pg_prewarm, in Postgres's contrib; skipped where missing).
 */
async function prewarm(db: Db, say: (s: string) => void) {
  const t = performance.now();
  try {
    await sql`create extension if not exists pg_prewarm`.execute(db);
    const r = await sql<{ pages: number }>`select sum(pg_prewarm(c.oid, 'read'))::float8 as pages from pg_class c where c.relname like 'messages%' and c.relkind in ('r', 'i')`.execute(db);
    say(`  read ${((Number(r.rows[0]?.pages ?? 0) * 8192) / 2 ** 30).toFixed(1)} GiB of messages and its indexes into memory in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  } catch (e) {
    say(`  not read into memory first (${(e as Error).message})`);
  }
}

/** The scenario on a fresh database of the Postgres server at `databaseUrl` (or the kept one, with `keep`). */
export async function searchScenario(databaseUrl: string | undefined, o: SearchOptions & { jwtSecret: string }): Promise<SearchResult> {
  if (!databaseUrl) throw new Error("the search scenario needs --database-url (real Postgres)");
  if (!(o.vocabulary >= 10_000)) throw new Error("--search-vocabulary must be at least 10000 (the rare words are ranked about 15,000 of 20,000)");
  const { jwtSecret, ...opts } = o;
  const secret = new TextEncoder().encode(jwtSecret);
  // Before any database is made: a missing dictionary fails here, with what to install.
  const org = new Organisation(opts);
  const env = (db: BenchDb) => ({ ...db.env, JWT_SECRET: jwtSecret, SEED_DEMO: "0" });
  if (o.keep) {
    let db = await keptDatabase(databaseUrl, keptName(opts));
    if (db.existed && !(await fixtureReader(db.handle.db, secret))) {
      // Left half-filled by an interrupted run: start again.
      await db.drop();
      db = await keptDatabase(databaseUrl, keptName(opts));
    }
    try {
      return await runSearch(db, env(db), secret, org, opts);
    } finally {
      await db.release();
    }
  }
  const db = await freshDatabase(databaseUrl);
  try {
    return await runSearch(db, env(db), secret, org, opts);
  } finally {
    await db.drop();
  }
}

export function reportSearch(r: SearchResult) {
  const made = r.reused ? "kept fixture" : `fill ${r.fill.fillSec.toFixed(1)} s, index ${r.fill.indexSec.toFixed(1)} s, vacuum analyze ${r.fill.analyzeSec.toFixed(1)} s`;
  console.log(
    `\nSearch: ${r.messages} messages in ${r.channels} channels (${r.vocabulary} words), a reader in ${r.memberOf} of them (${made}); one request at a time, goal p95 <= ${r.goalMs} ms per kind`,
  );
  const verdict = (k: SearchKindResult) => (k.leaked ? "LEAK" : k.latency.p95 > r.goalMs ? "FAIL" : "ok");
  console.log(
    table([
      ["kind", "slowest query", "searches", "p50 ms", "p95 ms", "max ms", "found (of 20)", "plan", "goal"],
      ...r.kinds.map((k) => [k.kind, k.example, k.latency.count, ms(k.latency.p50), ms(k.latency.p95), ms(k.latency.max), k.hits.toFixed(1), k.plan, verdict(k)]),
    ]),
  );
  const failed = r.kinds.filter((k) => verdict(k) !== "ok");
  console.log(`${r.kinds.length - failed.length} of ${r.kinds.length} kinds within p95 <= ${r.goalMs} ms and the read rule: ${failed.length ? `FAIL (${failed.map((k) => k.kind).join("; ")})` : "PASS"}`);
  for (const k of r.kinds.filter((x) => x.planText)) console.log(`\n${k.kind}: ${k.example}\n${k.planText}`);
}
