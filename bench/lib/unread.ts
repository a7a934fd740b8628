// The unread scenario (docs/unread.md): GET /api/chat/unread, what a client asks on every
// connect, for a member of 200 of 1,000 private channels holding 1,000,000 messages on real
// Postgres. The reader's positions are spread: some channels read to the end, some a little
// behind, some never opened (position 0), so both the unread and the mention counts have long
// tails to stop at their cap. One request at a time. With `keep` the filled database is kept
// under a name made of the sizes and reused by the next run (filling takes minutes); a new
// migration still applies to it.
import crypto from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import type { Db } from "../../server/db";
import { sign } from "../../server/auth/tokens";
import { LIMITS } from "@shared/constants";
import { createFixture } from "../../server/test/fixture";
import { freshDatabase, keptDatabase, spawnServer } from "./servers";
import { ms, Samples, table, type LatencySummary } from "./stats";

export interface UnreadOptions {
  messages: number;
  channels: number;
  memberOf: number;
  rounds: number;
  /** Keep the filled database for the next run, and reuse one kept before. */
  keep?: boolean;
  say: (s: string) => void;
}

export interface UnreadResult extends Omit<UnreadOptions, "say"> {
  fillSec: number;
  /** The fixture was kept from an earlier run (fillSec is then 0). */
  reused: boolean;
  latency: LatencySummary;
  /** What the reader was shown: channels counted, their unread and mentions summed. */
  counted: number;
  unread: number;
  mentions: number;
}

async function fill(db: Db, o: UnreadOptions, reader: { id: number; email: string }): Promise<number> {
  const t0 = performance.now();
  const first = await sql<{ id: number }>`
    insert into channels (name, type, members)
    select 'unread-' || g, 'private', case when g <= ${o.memberOf} then array[${reader.email}, 'someone@bench.test'] else array['someone@bench.test'] end
    from generate_series(1, ${o.channels}) g
    returning id`.execute(db);
  const base = Math.min(...first.rows.map((r) => r.id));
  // One message in 500 mentions the reader, one in 5,000 mentions everyone.
  await sql`
    insert into messages (channel_id, content, sender_name, sender_email, mentions, mentions_all, created_at)
    select ${base} + (g % ${o.channels}), 'message ' || g, 'Bench', 'someone@bench.test',
           case when g % 500 = 0 then array[${reader.email}] else '{}'::text[] end, g % 5000 = 0,
           now() - make_interval(secs => ${o.messages} - g)
    from generate_series(1, ${o.messages}) g`.execute(db);
  // A third read to the end, a third 0-300 behind, a third never opened.
  await sql`
    insert into channel_reads (channel_id, user_id, last_read_message_id)
    select c.id, ${reader.id},
           case c.id % 3 when 0 then (select max(id) from messages where channel_id = c.id)
                         when 1 then greatest(0, (select max(id) from messages where channel_id = c.id) - (c.id % 301) * ${o.channels})
                         else 0 end
    from channels c where c.members @> array[${reader.email}]::text[] and c.id % 3 <> 2`.execute(db);
  await settle(db);
  return (performance.now() - t0) / 1000;
}

/**
 * What autovacuum does to a table after a bulk insert, done at once: statistics for the planner,
 * and the visibility map that lets the unread counts read their index alone.
 */
async function settle(db: Db): Promise<void> {
  for (const t of ["messages", "channels", "channel_reads"]) await sql`vacuum (analyze) ${sql.table(t)}`.execute(db);
}

const READER_TAG = "unread";

/** The reader of a kept fixture with a fresh token, or null when the fixture was not finished. */
async function keptReader(db: Db, secret: Uint8Array): Promise<{ id: number; email: string; token: string } | null> {
  const user = await db.selectFrom("users").select(["id", "email"]).where("email", "=", `load-${READER_TAG}-0@bench.test`).executeTakeFirst();
  if (!user) return null;
  // The reads are the fill's last step.
  const reads = await db.selectFrom("channel_reads").select("id").where("user_id", "=", user.id).limit(1).executeTakeFirst();
  if (!reads) return null;
  let session = await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).where("expires_at", ">", new Date(Date.now() + 3_600_000)).executeTakeFirst();
  if (!session) {
    session = { id: crypto.randomUUID() };
    await db.insertInto("sessions").values({ id: session.id, user_id: user.id, expires_at: new Date(Date.now() + LIMITS.sessionMaxAgeSeconds * 1000) }).execute();
  }
  return { ...user, token: (await sign(secret, user.id, session.id)).accessToken };
}

async function runUnread(db: Db, release: () => Promise<void>, appEnv: Record<string, string>, secret: Uint8Array, o: UnreadOptions, kept: boolean): Promise<UnreadResult> {
  let reader = kept ? await keptReader(db, secret) : null;
  const reused = !!reader;
  let fillSec = 0;
  if (reader) {
    o.say(`unread: reusing the kept fixture (${o.messages} messages in ${o.channels} channels, the reader in ${o.memberOf})`);
    await settle(db);
  } else {
    reader = (await createFixture(db, secret, { users: 1, roomSize: 1, tag: READER_TAG })).users[0];
    o.say(`unread: filling ${o.messages} messages in ${o.channels} channels, the reader in ${o.memberOf} ...`);
    fillSec = await fill(db, o, reader);
    o.say(`  filled in ${fillSec.toFixed(1)} s`);
  }
  await release();
  // One reader asks hundreds of times: the per-person limit (UNREAD_RATE_LIMIT) would time the refusals.
  const app = await spawnServer("server/index.ts", { ...appEnv, UNREAD_RATE_LIMIT: "1000000" });
  try {
    const ask = async () => {
      const t = performance.now();
      const res = await fetch(`${app.url}/api/chat/unread`, { headers: { authorization: `Bearer ${reader.token}` } });
      if (!res.ok) throw new Error(`unread: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { channels: { unread: number; mentions: number }[] };
      return { ms: performance.now() - t, body };
    };
    for (let i = 0; i < 5; i++) await ask(); // warm the cache and the process
    const samples = new Samples();
    let last = (await ask()).body;
    for (let i = 0; i < o.rounds; i++) {
      const r = await ask();
      samples.add(r.ms);
      last = r.body;
    }
    const sum = (k: "unread" | "mentions") => last.channels.reduce((a, c) => a + c[k], 0);
    return { ...o, fillSec, reused, latency: samples.summary(), counted: last.channels.length, unread: sum("unread"), mentions: sum("mentions") };
  } finally {
    await app.stop();
  }
}

/** The scenario on a fresh database of the Postgres server at `databaseUrl` (or the kept one, with `keep`). */
export async function unreadScenario(databaseUrl: string | undefined, o: UnreadOptions & { jwtSecret: string }): Promise<UnreadResult> {
  if (!databaseUrl) throw new Error("the unread scenario needs --database-url (real Postgres)");
  const secret = new TextEncoder().encode(o.jwtSecret);
  if (o.keep) {
    let db = await keptDatabase(databaseUrl, `bench_unread_${o.messages}_${o.channels}_${o.memberOf}`);
    if (db.existed && !(await keptReader(db.handle.db, secret))) {
      // Left half-filled by an interrupted run: start again.
      await db.drop();
      db = await keptDatabase(databaseUrl, `bench_unread_${o.messages}_${o.channels}_${o.memberOf}`);
    }
    try {
      return await runUnread(db.handle.db, db.release, { ...db.env, JWT_SECRET: o.jwtSecret, SEED_DEMO: "0" }, secret, o, true);
    } finally {
      await db.release();
    }
  }
  const db = await freshDatabase(databaseUrl);
  try {
    const appEnv = { ...db.env, JWT_SECRET: o.jwtSecret, SEED_DEMO: "0" };
    return await runUnread(db.handle.db, db.release, appEnv, secret, o, false);
  } finally {
    await db.drop();
  }
}

export function reportUnread(r: UnreadResult) {
  console.log(`\nUnread: GET /api/chat/unread for a member of ${r.memberOf} of ${r.channels} channels, ${r.messages} messages (${r.reused ? "kept fixture" : `fill ${r.fillSec.toFixed(1)} s`}), one request at a time`);
  console.log(
    table([
      ["requests", "p50 ms", "p95 ms", "max ms", "channels counted", "unread shown", "mentions shown"],
      [r.latency.count, ms(r.latency.p50), ms(r.latency.p95), ms(r.latency.max), r.counted, r.unread, r.mentions],
    ]),
  );
}
