// The change feed's SQL (table `changes`, migrations/202611241000_change_feed.ts).
import { sql, type Expression, type RawBuilder } from "kysely";
import type { Db } from "../db";
import type { DbLike } from "../entities/repository";
import type { EntityTable } from "@shared/entities";
import { slowestCursor } from "./consumers.repository";
import type { RecordSource } from "./types";

export interface NewChange {
  tbl: EntityTable;
  op: "create" | "update" | "delete";
  row_id: number;
  audience: string[];
}

/** Stores the records in input order; returns their sequence numbers in the same order. */
export async function insertChanges(db: DbLike, list: NewChange[]): Promise<number[]> {
  const rows = await db
    .insertInto("changes")
    .values(list.map((c) => ({ tbl: c.tbl, op: c.op, row_id: c.row_id, audience: c.audience })))
    .returning("seq")
    .execute();
  // One multi-row insert draws its sequence numbers in the order of its rows.
  return rows.map((r) => Number(r.seq)).sort((a, b) => a - b);
}

/**
 * The body of a CTE named `name` that stores one record per row of each source, its rooms from
 * `audience` (the table's audience in SQL, given the CTE of the rows), in the order of the
 * sources and then of the row ids, so sequence numbers rise with ids as in `insertChanges`.
 * Returns `seq, tbl, row_id, audience`, for the statement to join with its rows (`recordJoin`).
 */
export function changesCte(name: string, sources: RecordSource[], audience: (table: EntityTable, rows: string) => Expression<string[]>): RawBuilder<unknown> {
  const each = sources.map(
    (s, k) => sql`select ${sql.lit(k)}::int as k, ${sql.lit(s.table)}::text as tbl, ${typeof s.op === "string" ? sql.lit(s.op) : s.op}::text as op,
      ${sql.ref(`${s.rows}.id`)} as row_id, ${audience(s.table, s.rows)} as audience from ${sql.table(s.rows)}`,
  );
  return sql`${sql.table(name)} as (
      insert into changes (tbl, op, row_id, audience)
      select x.tbl, x.op, x.row_id, x.audience from (${sql.join(each, sql` union all `)}) x order by x.k, x.row_id
      returning seq, tbl, row_id, audience
    )`;
}

/** Joins the rows of CTE `rows` (of `table`) with their records in CTE `name` (a left join: rows a statement did not write stay). */
export const recordJoin = (name: string, table: EntityTable, rows: string) =>
  sql`left join ${sql.table(name)} on ${sql.ref(`${name}.tbl`)} = ${sql.lit(table)} and ${sql.ref(`${name}.row_id`)} = ${sql.ref(`${rows}.id`)}`;

/** The record's columns on a joined row (RecordColumns). */
export const recordColumns = (name: string) => sql`${sql.ref(`${name}.seq`)} as change_seq, ${sql.ref(`${name}.audience`)} as change_audience`;

const heads = new WeakMap<object, { value: number; at: number; reading: Promise<number> | null }>();

/**
 * The newest sequence number, read at most ten times a second however many ask (a reconnect
 * storm's session.ready, every list a client loads), and never waited for longer than one read:
 * a value up to 100 ms old is lower than the truth, and a point that is too low only makes a
 * catch-up look a little further back.
 */
export function recentHead(db: Db): Promise<number> {
  let h = heads.get(db);
  if (!h) heads.set(db, (h = { value: 0, at: -Infinity, reading: null }));
  const cached = h;
  if (performance.now() - cached.at < 100) return Promise.resolve(cached.value);
  cached.reading ??= headSeq(db)
    .then((v) => {
      cached.value = v;
      cached.at = performance.now();
      return v;
    })
    .finally(() => (cached.reading = null));
  return cached.reading;
}

/** The newest sequence number (0 on an empty feed). */
export async function headSeq(db: DbLike): Promise<number> {
  const row = await db.selectFrom("changes").select((eb) => eb.fn.max("seq").as("seq")).executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** The last record written before `at` (0 when none): pushes after `at` may have been lost, catch up from here. */
export async function seqBefore(db: DbLike, at: Date): Promise<number> {
  const row = await db.selectFrom("changes").select((eb) => eb.fn.max("seq").as("seq")).where("created_at", "<", at).executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** The oldest record still kept (null: the feed is empty). */
export async function oldestSeq(db: DbLike): Promise<number | null> {
  const row = await db.selectFrom("changes").select((eb) => eb.fn.min("seq").as("seq")).executeTakeFirst();
  return row?.seq == null ? null : Number(row.seq);
}

export interface ChangeRef {
  seq: number;
  tbl: EntityTable;
  op: "create" | "update" | "delete";
  row_id: number;
  audience: string[];
}

/** What a catch-up point stands on: its record's horizon and time. */
export async function findPoint(db: DbLike, seq: number): Promise<{ horizon: string; created_at: Date } | undefined> {
  return db.selectFrom("changes").select(["horizon", "created_at"]).where("seq", "=", seq).executeTakeFirst();
}

/**
 * The records a reader at `since` may have missed, oldest first: up to `limit` records after it,
 * plus (`late`) records at or before it that may have committed after it: those of transactions
 * still running when it was written (they drew a smaller number but committed later), and, with
 * `slackFrom`, every record written since that time (pushes between nodes can arrive after later
 * local ones). Only records whose audience meets `readerIn` come back. A late record may repeat
 * what the reader has; the reader merges by row, so a repeat changes nothing.
 */
export async function changesAfter(
  db: DbLike,
  opts: { since: number; horizon: string | null; slackFrom: Date | null; readerIn: string[]; limit: number },
): Promise<{ after: ChangeRef[]; late: ChangeRef[] }> {
  const rooms = sql`${opts.readerIn}::text[]`;
  const after = await sql<ChangeRef>`
    select seq, tbl, op, row_id, audience from changes
    where seq > ${opts.since} and audience && ${rooms}
    order by seq limit ${opts.limit}`.execute(db);
  const lateWhen = [
    opts.horizon ? sql`tx >= ${opts.horizon}::xid8` : null,
    opts.slackFrom ? sql`created_at >= ${opts.slackFrom}` : null,
  ].filter((x) => x !== null);
  const late = lateWhen.length
    ? await sql<ChangeRef>`
        select seq, tbl, op, row_id, audience from changes
        where seq <= ${opts.since} and (${sql.join(lateWhen, sql` or `)}) and audience && ${rooms}
        order by seq limit ${opts.limit}`.execute(db)
    : { rows: [] };
  const num = (r: ChangeRef) => ({ ...r, seq: Number(r.seq), row_id: Number(r.row_id) });
  return { after: after.rows.map(num), late: late.rows.map(num) };
}

/** However slow a durable consumer is, records older than this go: one removed from the code must not hold the feed for ever. */
export const CONSUMER_HOLD_MAX_MS = 7 * 24 * 3_600_000;

/**
 * Removes records older than `before`, in bounded batches; returns how many went. A record a
 * durable consumer has not read yet (at or after the slowest cursor, docs/architecture.md "Side
 * effects") stays until it is CONSUMER_HOLD_MAX_MS old.
 */
export async function pruneChanges(db: Db, before: Date, batch = 10_000, holdUntil = new Date(Date.now() - CONSUMER_HOLD_MAX_MS)): Promise<number> {
  const slowest = await slowestCursor(db);
  const unread = slowest === null ? sql`false` : sql`tx >= ${slowest}::xid8 and created_at >= ${holdUntil}`;
  const res = await sql`
    delete from changes where seq in (select seq from changes where created_at < ${before} and not (${unread}) order by seq limit ${batch})
    returning seq`.execute(db);
  // Counted from the rows: the embedded engine reports no affected rows for a raw statement.
  return res.rows.length;
}
