// The SQL of the feed's durable consumers (./consumers.ts; migrations/202611271100_feed_consumers.ts).
import { sql } from "kysely";
import type { DbLike } from "../entities/repository";

export interface FeedRecord {
  seq: number;
  /** The writing transaction (xid8 as text): with seq, the record's place in commit order. */
  tx: string;
  tbl: string;
  op: "create" | "update" | "delete";
  row_id: number;
}

export interface ConsumerRow {
  cursor_tx: string;
  cursor_seq: number;
  failures: number;
  /** Records up to here (a batch that failed) are handled one at a time. */
  split: Pick<FeedRecord, "tx" | "seq"> | null;
  retry_at: Date | null;
}

/**
 * Registers a consumer at the head of the feed: it decides nothing about what came before it.
 * The head is this transaction's own id: every record committed before it has a smaller one
 * (a record of a transaction still running then may be passed over, as history).
 */
export async function ensureConsumer(db: DbLike, name: string): Promise<void> {
  await sql`
    insert into feed_consumers (name, cursor_tx) values (${name}, pg_current_xact_id())
    on conflict (name) do nothing`.execute(db);
}

/** The consumer's row, locked for this transaction; undefined while another node holds it. */
export async function claimConsumer(trx: DbLike, name: string): Promise<ConsumerRow | undefined> {
  const r = await sql<Omit<ConsumerRow, "split"> & { split_tx: string | null; split_seq: number | null }>`
    select cursor_tx::text as cursor_tx, cursor_seq, failures, split_tx::text as split_tx, split_seq, retry_at from feed_consumers
    where name = ${name} for update skip locked`.execute(trx);
  const row = r.rows[0];
  if (!row) return undefined;
  const { split_tx, split_seq, ...rest } = row;
  return { ...rest, cursor_seq: Number(row.cursor_seq), split: split_tx == null ? null : { tx: split_tx, seq: Number(split_seq) } };
}

/**
 * Up to `limit` records after the cursor, in commit order, of transactions that can no longer
 * commit anything before them: every transaction still running has an id at or above the
 * snapshot's xmin, so a record below it is final and nothing will appear before it later.
 */
export async function recordsAfter(trx: DbLike, cur: Pick<ConsumerRow, "cursor_tx" | "cursor_seq">, limit: number): Promise<FeedRecord[]> {
  const r = await sql<FeedRecord>`
    select seq, tx::text as tx, tbl, op, row_id from changes
    where tx >= ${cur.cursor_tx}::xid8 and (tx, seq) > (${cur.cursor_tx}::xid8, ${cur.cursor_seq}::bigint)
      and tx < pg_snapshot_xmin(pg_current_snapshot())
    order by tx, seq limit ${limit}`.execute(trx);
  return r.rows.map((x) => ({ ...x, seq: Number(x.seq), row_id: Number(x.row_id) }));
}

/** Moves the cursor to `to`; one-at-a-time handling ends once it passes the failed batch's end. */
export async function advanceConsumer(trx: DbLike, name: string, to: Pick<FeedRecord, "tx" | "seq">): Promise<void> {
  await sql`
    update feed_consumers set cursor_tx = ${to.tx}::xid8, cursor_seq = ${to.seq}, failures = 0, retry_at = null, last_error = null, updated_at = now(),
      split_tx = case when (${to.tx}::xid8, ${to.seq}::bigint) >= (split_tx, split_seq) then null else split_tx end,
      split_seq = case when (${to.tx}::xid8, ${to.seq}::bigint) >= (split_tx, split_seq) then null else split_seq end
    where name = ${name}`.execute(trx);
}

/** From now until the cursor passes `end`, records are handled one at a time. */
export async function splitConsumer(trx: DbLike, name: string, end: Pick<FeedRecord, "tx" | "seq">): Promise<void> {
  await sql`update feed_consumers set split_tx = ${end.tx}::xid8, split_seq = ${end.seq}, failures = 0, retry_at = null where name = ${name}`.execute(trx);
}

export async function noteConsumerFailure(trx: DbLike, name: string, failures: number, retryAt: Date, error: string): Promise<void> {
  await trx.updateTable("feed_consumers").set({ failures, retry_at: retryAt, last_error: error, updated_at: new Date() }).where("name", "=", name).execute();
}

export async function deadLetter(trx: DbLike, consumer: string, r: FeedRecord, error: string, attempts: number): Promise<void> {
  await trx
    .insertInto("feed_dead_letters")
    .values({ consumer, seq: r.seq, tbl: r.tbl, op: r.op, row_id: r.row_id, error, attempts, created_at: new Date(), retried_at: null })
    .onConflict((oc) => oc.columns(["consumer", "seq"]).doUpdateSet({ error, attempts, retried_at: null }))
    .execute();
}

export function findDeadLetter(trx: DbLike, id: number) {
  return trx.selectFrom("feed_dead_letters").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function markDeadLetterRetried(trx: DbLike, id: number): Promise<void> {
  await trx.updateTable("feed_dead_letters").set({ retried_at: new Date() }).where("id", "=", id).execute();
}

/** What an admin sees: each consumer's place, how far behind the head it is, and its dead letters. */
export async function consumerStatus(db: DbLike) {
  const consumers = await sql<{ name: string; cursor_seq: number; failures: number; retry_at: Date | null; last_error: string | null; updated_at: Date; behind: number }>`
    select c.name, c.cursor_seq, c.failures, c.retry_at, c.last_error, c.updated_at,
      (select count(*) from changes ch where ch.tx >= c.cursor_tx and (ch.tx, ch.seq) > (c.cursor_tx, c.cursor_seq))::int as behind
    from feed_consumers c order by c.name`.execute(db);
  const dead = await db.selectFrom("feed_dead_letters").selectAll().orderBy("id", "desc").limit(200).execute();
  return { consumers: consumers.rows.map((c) => ({ ...c, cursor_seq: Number(c.cursor_seq) })), dead_letters: dead.map((d) => ({ ...d, seq: Number(d.seq), row_id: Number(d.row_id) })) };
}

/** The oldest place any consumer still has to read from: the feed keeps records after it. */
export async function slowestCursor(db: DbLike): Promise<string | null> {
  const r = await sql<{ tx: string | null }>`select min(cursor_tx)::text as tx from feed_consumers`.execute(db);
  return r.rows[0]?.tx ?? null;
}

/** Whether any of these consumers still has to read a record numbered `head` or lower. */
export async function pendingUpTo(db: DbLike, names: readonly string[], head: number): Promise<boolean> {
  if (!names.length) return false;
  const r = await sql<{ pending: boolean }>`
    select exists (
      select 1 from feed_consumers c join changes ch on ch.tx >= c.cursor_tx and (ch.tx, ch.seq) > (c.cursor_tx, c.cursor_seq)
      where c.name = any(${[...names]}::text[]) and ch.seq <= ${head}
    ) as pending`.execute(db);
  return r.rows[0]?.pending === true;
}
