// The shape of a committed change, on its own so the app context can name it without importing
// the feed (which imports the policies, which import the context).
import type { RawBuilder } from "kysely";
import type { EntityTable } from "@shared/entities";

export type EntityOp = "create" | "update" | "delete";

/** A change as it committed: its record's sequence number, the rows, and who may see it. */
export interface CommittedChange {
  seq: number;
  table: EntityTable;
  op: EntityOp;
  id: number;
  /** The stored row after the change (null for a delete). */
  row: Record<string, unknown> | null;
  /** The stored row before an update or delete. */
  before: Record<string, unknown> | null;
  /** Rooms that may see the row after the change. */
  after: string[];
  /** Rooms that could see it before and no longer can: for them it is as good as deleted. */
  lost: string[];
}

/** Rows of one table that a statement writes (a CTE of it named `rows`, with an `id` column), each to get a record. */
export interface RecordSource {
  table: EntityTable;
  /** The CTE holding the rows written. */
  rows: string;
  /** What happened to them: one op for all, or an expression of the row choosing one (an upsert). */
  op: EntityOp | RawBuilder<string>;
}

/** The columns a statement's rows carry once joined with their record (StatementRecords.columns). */
export interface RecordColumns {
  change_seq: number | string;
  change_audience: string[];
}

/** The records of one statement (ChangeLog.records): its CTE, and how its rows meet their records. */
export interface StatementRecords {
  /** `name as (insert into changes ... returning ...)`, for the statement's WITH list. */
  cte: RawBuilder<unknown>;
  /** `left join <name> on ...` for rows of CTE `rows` of `table`. */
  join(table: EntityTable, rows: string): RawBuilder<unknown>;
  /** The record's columns on a joined row (RecordColumns). */
  columns: RawBuilder<unknown>;
}

/**
 * What a repository's batched statement needs of the ChangeLog (server/feed/changelog.ts), on its
 * own so repositories name it without importing the feed (which imports the policies).
 */
export interface StatementRecorder {
  records(name: string, sources: RecordSource[]): StatementRecords;
  took<R extends { id: number }>(table: EntityTable, op: EntityOp, joined: R & RecordColumns, before?: object | null): R;
}
