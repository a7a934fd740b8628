// Writes the search fixture (search-org.ts) into a migrated database as a bulk load would: the
// people and channels, then the messages generated in Node and sent a few thousand rows per
// statement (one array per column, unnested), two statements in flight so Postgres works while
// Node generates; the text indexes (every GIN index of messages, whatever the migrations made)
// dropped for the fill and built again from their saved definitions after it. Rows are never all
// in memory, so 10,000,000 messages fill as 1,000,000 do, only longer.
import crypto from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import type { Db } from "../../server/db";
import type { User } from "../../server/db/schema";
import { hashPassword } from "../../server/auth/passwords";
import { sign } from "../../server/auth/tokens";
import { LIMITS } from "@shared/constants";
import { READER_EMAIL, SPAN_MS, type Organisation } from "./search-org";

const BATCH = 4000;
const IN_FLIGHT = 2;

export interface FillTimes {
  fillSec: number;
  indexSec: number;
  /** Each rebuilt index and the seconds it took (they are built side by side). */
  indexes: { name: string; sec: number }[];
  analyzeSec: number;
}

export interface SearchReader {
  user: User;
  token: string;
}

const since = (t: number) => (performance.now() - t) / 1000;

async function insertPeople(db: Db, org: Organisation, start: Date): Promise<{ senderIds: number[]; channelIds: number[] }> {
  // Real accounts (a password each), so sender_id points at a person as it does for posted messages.
  const hash = await hashPassword(crypto.randomBytes(12).toString("hex"));
  const users = await db
    .insertInto("users")
    .values(org.senders.map((s) => ({ email: s.email, full_name: s.name, password_hash: hash, created_at: start })))
    .returning(["id", "email"])
    .execute();
  const userId = new Map(users.map((u) => [u.email, u.id]));
  const channelIds: number[] = [];
  for (let i = 0; i < org.channels.length; i += 500) {
    const rows = org.channels.slice(i, i + 500).map((c) => ({
      name: c.name,
      type: c.type,
      members: [...c.members.map((m) => org.senders[m].email), ...(c.reader ? [READER_EMAIL] : [])],
      created_by: org.senders[c.members[0]].email,
      created_at: start,
    }));
    const ids = await db.insertInto("channels").values(rows).returning(["id", "name"]).execute();
    const byName = new Map(ids.map((r) => [r.name, r.id]));
    channelIds.push(...rows.map((r) => byName.get(r.name)!));
  }
  return { senderIds: org.senders.map((s) => userId.get(s.email)!), channelIds };
}

/** The GIN indexes of messages as `create index` statements, dropped until `rebuild` is called. */
async function dropTextIndexes(db: Db): Promise<{ name: string; def: string }[]> {
  const r = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes
    where schemaname = current_schema() and tablename = 'messages' and indexname like 'messages\\_%' and indexdef ilike '% using gin %'`.execute(db);
  for (const i of r.rows) await sql`drop index ${sql.id(i.indexname)}`.execute(db);
  return r.rows.map((i) => ({ name: i.indexname, def: i.indexdef }));
}

async function rebuild(db: Db, saved: { name: string; def: string }[]): Promise<{ name: string; sec: number }[]> {
  // One connection each, side by side (a 2-core machine builds two at once); the memory setting
  // is per connection, so it is set on the one that builds.
  return Promise.all(
    saved.map((i) =>
      db.connection().execute(async (c) => {
        const t = performance.now();
        await sql`set maintenance_work_mem = '512MB'`.execute(c);
        await sql.raw(i.def).execute(c);
        return { name: i.name, sec: since(t) };
      }),
    ),
  );
}

async function insertMessages(db: Db, org: Organisation, ids: { senderIds: number[]; channelIds: number[] }, start: number, say: (s: string) => void) {
  const total = org.sizes.messages;
  const t0 = performance.now();
  const pending: Promise<unknown>[] = [];
  let told = 0;
  for (let from = 0; from < total; from += BATCH) {
    const n = Math.min(BATCH, total - from);
    const col = {
      id: new Array<number>(n),
      channel: new Array<number>(n),
      content: new Array<string>(n),
      sender: new Array<number>(n),
      name: new Array<string>(n),
      email: new Array<string>(n),
      type: new Array<string>(n),
      fileUrl: new Array<string | null>(n),
      fileName: new Array<string | null>(n),
      at: new Array<number>(n),
    };
    for (let k = 0; k < n; k++) {
      const m = org.message(from + k);
      const s = org.senders[m.sender];
      col.id[k] = from + k + 1;
      col.channel[k] = ids.channelIds[m.channel];
      col.content[k] = m.content;
      col.sender[k] = ids.senderIds[m.sender];
      col.name[k] = s.name;
      col.email[k] = s.email;
      col.type[k] = m.type;
      col.fileUrl[k] = m.fileUrl;
      col.fileName[k] = m.fileName;
      col.at[k] = (start + m.at) / 1000;
    }
    // Ids given, not drawn from the sequence: with two statements in flight, ids still rise with time.
    const p = sql`
      insert into messages (id, channel_id, content, sender_id, sender_name, sender_email, message_type, file_url, file_name, created_at, updated_at)
      select id, channel_id, content, sender_id, sender_name, sender_email, message_type, file_url, file_name, to_timestamp(at), to_timestamp(at)
      from unnest(${col.id}::int[], ${col.channel}::int[], ${col.content}::text[], ${col.sender}::int[], ${col.name}::text[], ${col.email}::text[],
                  ${col.type}::text[], ${col.fileUrl}::text[], ${col.fileName}::text[], ${col.at}::float8[])
        as r(id, channel_id, content, sender_id, sender_name, sender_email, message_type, file_url, file_name, at)`.execute(db);
    p.catch(() => {}); // awaited below; this only keeps a failure from being reported as unhandled first
    pending.push(p);
    if (pending.length >= IN_FLIGHT) await pending.shift();
    const done = from + n;
    if (done - told >= total / 10 && done < total) {
      told = done;
      say(`  ${done} messages, ${(done / since(t0)).toFixed(0)}/s`);
    }
  }
  await Promise.all(pending);
  await sql`select setval('messages_id_seq', ${Math.max(1, total)})`.execute(db);
}

/** The reader of a finished fixture, with a fresh token; null when the fill did not finish (the reader is written last). */
export async function fixtureReader(db: Db, secret: Uint8Array): Promise<SearchReader | null> {
  const user = await db.selectFrom("users").selectAll().where("email", "=", READER_EMAIL).executeTakeFirst();
  if (!user) return null;
  let session = await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).where("expires_at", ">", new Date(Date.now() + 3_600_000)).executeTakeFirst();
  if (!session) {
    session = { id: crypto.randomUUID() };
    await db.insertInto("sessions").values({ id: session.id, user_id: user.id, expires_at: new Date(Date.now() + LIMITS.sessionMaxAgeSeconds * 1000) }).execute();
  }
  return { user, token: (await sign(secret, user.id, session.id)).accessToken };
}

/** Fills an empty migrated database with the organisation's people, channels and messages. */
export async function fillSearch(db: Db, org: Organisation, say: (s: string) => void): Promise<FillTimes> {
  const start = Date.now() - SPAN_MS;
  const t0 = performance.now();
  const ids = await insertPeople(db, org, new Date(start));
  const saved = await dropTextIndexes(db);
  await insertMessages(db, org, ids, start, say);
  // What a channel list sorts by: the time of each channel's newest message.
  await sql`update channels c set last_activity = coalesce((select max(m.created_at) from messages m where m.channel_id = c.id), c.created_at)`.execute(db);
  const fillSec = since(t0);
  say(`  filled in ${fillSec.toFixed(1)} s (${(org.sizes.messages / fillSec).toFixed(0)} messages/s); building ${saved.map((i) => i.name).join(", ")} ...`);
  const t1 = performance.now();
  const indexes = await rebuild(db, saved);
  const indexSec = since(t1);
  // What autovacuum would do after a bulk load, at once: the planner's statistics and the visibility map.
  const t2 = performance.now();
  for (const t of ["messages", "channels", "users"]) await sql`vacuum (analyze) ${sql.table(t)}`.execute(db);
  const analyzeSec = since(t2);
  await db.insertInto("users").values({ email: READER_EMAIL, full_name: "Search Reader", password_hash: await hashPassword(crypto.randomBytes(12).toString("hex")) }).execute();
  return { fillSec, indexSec, indexes, analyzeSec };
}

/** The first and last message times: the history's span, which the date filters are chosen in. */
export async function historyRange(db: Db): Promise<{ first: Date; last: Date }> {
  const at = async (dir: "asc" | "desc") => (await db.selectFrom("messages").select("created_at").orderBy("id", dir).limit(1).executeTakeFirstOrThrow()).created_at;
  return { first: new Date(await at("asc")), last: new Date(await at("desc")) };
}
