// The search scenario (docs/search.md): GET /api/search over a large message table on real
// Postgres, for a reader who is a member of 50 of the 1,000 channels. The table is filled by one
// `insert ... select generate_series` (the search indexes are dropped for the fill and rebuilt
// after, as a bulk load would); the app then answers words, prefixes and URL fragments, each kind
// timed separately, one request at a time.
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import type { Db } from "../../server/db";
import { createFixture } from "../../server/test/fixture";
import { freshDatabase, spawnServer } from "./servers";
import { ms, Samples, table, type LatencySummary } from "./stats";

export interface SearchOptions {
  db: Db;
  release: () => Promise<void>;
  appEnv: Record<string, string>;
  secret: Uint8Array;
  messages: number;
  channels: number;
  memberOf: number;
  /** Searches of each kind. */
  rounds: number;
  say: (s: string) => void;
}

export interface SearchKindResult {
  kind: string;
  latency: LatencySummary;
  /** Mean messages returned (the group is capped at 20). */
  hits: number;
}

export interface SearchResult {
  messages: number;
  channels: number;
  memberOf: number;
  fillSec: number;
  indexSec: number;
  kinds: SearchKindResult[];
}

const VOCAB = [
  "deployment", "release", "notes", "meeting", "budget", "design", "review", "customer", "invoice", "roadmap",
  "incident", "database", "frontend", "backend", "migration", "deadline", "holiday", "planning", "feedback", "support",
  "security", "network", "printer", "coffee", "launch", "report", "metrics", "quarter", "hiring", "onboarding",
];

async function fill(db: Db, o: SearchOptions, reader: string): Promise<{ fillSec: number; indexSec: number }> {
  const t0 = performance.now();
  // Channels 1..memberOf name the reader; every channel is private, so the reader may read exactly those.
  const first = await sql<{ id: number }>`
    insert into channels (name, type, members)
    select 'search-' || g, 'private', case when g <= ${o.memberOf} then array[${reader}, 'someone@bench.test'] else array['someone@bench.test'] end
    from generate_series(1, ${o.channels}) g
    returning id`.execute(db);
  const ids = first.rows.map((r) => r.id);
  const base = Math.min(...ids);
  await sql`drop index if exists messages_search_idx`.execute(db);
  await sql`drop index if exists messages_content_trgm_idx`.execute(db);
  const vocab = sql`${sql.raw(`array[${VOCAB.map((w) => `'${w}'`).join(",")}]`)}::text[]`;
  const n = VOCAB.length;
  await sql`
    insert into messages (channel_id, content, sender_name, sender_email, created_at)
    select ${base} + (g % ${o.channels}),
           (${vocab})[1 + (g * 7) % ${n}] || ' ' || (${vocab})[1 + (g * 13 / 7) % ${n}] || ' ticket' || (g % 20011)
             || ' see https://docs.example.com/page/' || (g % 997) || ' ' || (${vocab})[1 + (g / 3) % ${n}] || 's',
           'Bench', 'someone@bench.test', now() - make_interval(secs => g)
    from generate_series(1, ${o.messages}) g`.execute(db);
  const fillSec = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  await sql`set maintenance_work_mem = '256MB'`.execute(db);
  await sql`create index messages_search_idx on messages using gin (search_doc)`.execute(db);
  await sql`create index messages_content_trgm_idx on messages using gin (content gin_trgm_ops)`.execute(db);
  await sql`analyze messages`.execute(db);
  await sql`analyze channels`.execute(db);
  return { fillSec, indexSec: (performance.now() - t1) / 1000 };
}

const QUERIES: Record<string, (i: number) => string> = {
  // A word of the vocabulary (in about 1 message in 10) and a rare one (1 in 20,011 tickets).
  "word (common)": (i) => VOCAB[i % VOCAB.length],
  "word (rare)": (i) => `ticket${(i * 7919) % 20011}`,
  "prefix": (i) => VOCAB[i % VOCAB.length].slice(0, 5),
  "prefix (rare)": (i) => `ticket${(i * 7919) % 20011}`.slice(0, 9),
  "URL fragment": (i) => `example.com/page/${(i * 31) % 997}`,
};

export async function runSearch(o: SearchOptions): Promise<SearchResult> {
  const fx = await createFixture(o.db, o.secret, { users: 1, roomSize: 1 });
  const reader = fx.users[0];
  o.say(`search: filling ${o.messages} messages in ${o.channels} channels ...`);
  const { fillSec, indexSec } = await fill(o.db, o, reader.email);
  o.say(`  filled in ${fillSec.toFixed(1)} s, indexed in ${indexSec.toFixed(1)} s`);
  await o.release();
  // One reader asks hundreds of times: the per-person search limit (SEARCH_RATE_LIMIT) would time the refusals.
  const app = await spawnServer("server/index.ts", { ...o.appEnv, SEARCH_RATE_LIMIT: "1000000" });
  const kinds: SearchKindResult[] = [];
  try {
    const ask = async (q: string) => {
      const t = performance.now();
      const res = await fetch(`${app.url}/api/search?q=${encodeURIComponent(q)}`, { headers: { authorization: `Bearer ${reader.token}` } });
      if (!res.ok) throw new Error(`search ${q}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { messages: unknown[] };
      return { ms: performance.now() - t, hits: body.messages.length };
    };
    for (let i = 0; i < 5; i++) await ask(VOCAB[i]); // warm the cache and the process
    for (const [kind, query] of Object.entries(QUERIES)) {
      const samples = new Samples();
      let hits = 0;
      for (let i = 0; i < o.rounds; i++) {
        const r = await ask(query(i));
        samples.add(r.ms);
        hits += r.hits;
      }
      kinds.push({ kind, latency: samples.summary(), hits: hits / o.rounds });
    }
  } finally {
    await app.stop();
  }
  return { messages: o.messages, channels: o.channels, memberOf: o.memberOf, fillSec, indexSec, kinds };
}

/** The scenario on a fresh database of the Postgres server at `databaseUrl` (PGlite is not what this measures). */
export async function searchScenario(
  databaseUrl: string | undefined,
  o: Pick<SearchOptions, "messages" | "channels" | "memberOf" | "rounds" | "say"> & { jwtSecret: string },
): Promise<SearchResult> {
  if (!databaseUrl) throw new Error("the search scenario needs --database-url (real Postgres)");
  const db = await freshDatabase(databaseUrl);
  try {
    const appEnv = { ...db.env, JWT_SECRET: o.jwtSecret, SEED_DEMO: "0" };
    return await runSearch({ ...o, db: db.handle.db, release: db.release, appEnv, secret: new TextEncoder().encode(o.jwtSecret) });
  } finally {
    await db.drop();
  }
}

export function reportSearch(r: SearchResult) {
  console.log(`\nSearch: ${r.messages} messages in ${r.channels} channels, a reader in ${r.memberOf} of them (fill ${r.fillSec.toFixed(1)} s, index ${r.indexSec.toFixed(1)} s), one request at a time`);
  console.log(
    table([
      ["query", "searches", "p50 ms", "p95 ms", "max ms", "messages found (of 20 max)"],
      ...r.kinds.map((k) => [k.kind, k.latency.count, ms(k.latency.p50), ms(k.latency.p95), ms(k.latency.max), k.hits.toFixed(1)]),
    ]),
  );
}
