// Generic row access for the Entity API: functions taking `db` (or a transaction) first,
// no business rules. Which rows a caller may see arrives as a ready-made condition.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";
import type { EntityTable } from "@shared/entities";
import type { Condition, SortKey } from "./where-sql";

export type DbLike = Kysely<Database> | Transaction<Database>;
export type Row = Record<string, unknown> & { id: number };

// Table names come from the closed EntityTable list, so the untyped view is safe here.
const untyped = (db: DbLike) => db as unknown as Kysely<any>;

export interface ListOptions {
  /** Rows the caller may read; null when every row is readable. */
  readable: Condition | null;
  where: Condition | null;
  /** A column the filter confines the list to one value of (query.ts, LIST_SCOPES). */
  scope?: string | null;
  sort: SortKey[];
  limit: number;
  offset: number;
}

export async function listRows(db: DbLike, table: EntityTable, opts: ListOptions): Promise<Row[]> {
  return (await listQuery(db, table, opts).execute()) as Row[];
}

/** The list query itself, unexecuted (so a test can EXPLAIN exactly what runs). */
export function listQuery(db: DbLike, table: EntityTable, opts: ListOptions) {
  let q = untyped(db).selectFrom(table).selectAll(table);
  if (opts.readable) q = q.where(opts.readable);
  if (opts.where) q = q.where(opts.where);
  // Postgres believes a channel's rows are spread evenly over the primary key, so for a channel
  // holding most rows it walks the key backwards past every newer message of other channels
  // (100,000 rows for the newest 50). Ordering by the scope column first, which the filter holds
  // to one value without making it a constant (where-sql.ts, buildWhere), leaves only the indexes
  // leading with it able to serve the order. Those are (scope asc, key desc, ...): a forward scan
  // gives descending keys, a backward one ascending keys, so the scope's direction is the opposite
  // of the first key's.
  if (opts.scope) q = q.orderBy(`${table}.${opts.scope}`, (opts.sort[0]?.desc ?? false) ? "asc" : "desc");
  for (const s of opts.sort) q = q.orderBy(`${table}.${s.column}`, s.desc ? "desc" : "asc");
  // A stable tiebreak keeps offset paging from repeating or skipping rows.
  if (!opts.sort.some((s) => s.column === "id")) q = q.orderBy(`${table}.id`, opts.sort[0]?.desc ? "desc" : "asc");
  q = q.limit(opts.limit);
  // "offset 0" is left out so the plan is the plain top-N one.
  return opts.offset > 0 ? q.offset(opts.offset) : q;
}

/** The row if it exists and the caller may read it; locked for the transaction when asked. */
export async function findRow(db: DbLike, table: EntityTable, id: number, readable: Condition | null, forUpdate = false): Promise<Row | undefined> {
  let q = untyped(db).selectFrom(table).selectAll(table).where(`${table}.id`, "=", id);
  if (readable) q = q.where(readable);
  if (forUpdate) q = q.forUpdate(table);
  return (await q.executeTakeFirst()) as Row | undefined;
}

export async function insertRow(db: DbLike, table: EntityTable, values: Record<string, unknown>): Promise<Row> {
  return (await untyped(db).insertInto(table).values(values).returningAll().executeTakeFirstOrThrow()) as Row;
}

export async function updateRow(db: DbLike, table: EntityTable, id: number, values: Record<string, unknown>): Promise<Row> {
  return (await untyped(db).updateTable(table).set(values).where("id", "=", id).returningAll().executeTakeFirstOrThrow()) as Row;
}

export async function deleteRow(db: DbLike, table: EntityTable, id: number): Promise<void> {
  await untyped(db).deleteFrom(table).where("id", "=", id).execute();
}
