// The common shape of a table policy (docs/architecture.md, "Policies and audiences"). Reads are enforced as a query
// condition, so a row the caller may not read is never listed and is "not found" by id;
// writes get a verdict on the row as it is and the changes asked for.
import type { Expression, ExpressionBuilder, Selectable, SqlBool } from "kysely";
import type { Channel, Database, User } from "../db/schema";
import type { DbLike } from "./repository";
import type { AppContext } from "../context";
import type { HttpError } from "../errors";
import type { EntityTable } from "@shared/entities";
import type { CommittedChange } from "../feed/types";

/** What a hook needs of the transaction's ChangeLog (server/feed/changelog.ts): a record per row it writes. */
export interface ChangeRecorder {
  add(table: EntityTable, op: "create" | "update" | "delete", id: number, row: object | null, before?: object | null): void;
}

/** true: allowed; false: 403 Forbidden; text: 403 with that message. */
export type Verdict = boolean | string;

export type TableName = keyof Database;
export type RowOf<T extends TableName> = Selectable<Database[T]>;
/** null when every row is readable. */
export type ReadFilter<T extends TableName> = ((eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>) | null;

/** Rows a check needs besides the row itself (a message is readable through its channel). */
export interface Related {
  channel?: Pick<Channel, "id" | "type" | "members"> | null;
}

export interface TablePolicy<T extends TableName> {
  /** May the caller list the table at all? Absent: yes (the read filter narrows the rows). */
  canList?(user: User): boolean;
  /** The read rule, as SQL: the one statement of who may read a row of the table. */
  readFilter(user: User): ReadFilter<T>;
  /**
   * The rooms whose sockets may see the row (server/entities/audience.ts): the change feed pushes
   * a change to them and a catch-up filters by them. Must agree with readFilter (audience.test.ts).
   */
  audience(row: RowOf<T>): string[];
  /**
   * The same rooms in SQL, from the columns of CTE `rows`: only for a table whose rows a batched
   * statement writes with their change records (ChangeLog.records, server/feed/changelog.ts).
   */
  audienceSql?(rows: string): Expression<string[]>;
  /** The read rule in memory, derived from the audience. */
  canRead(user: User, row: RowOf<T>, related?: Related): boolean;
  canCreate(user: User, input: Record<string, unknown>, db: DbLike): Verdict | Promise<Verdict>;
  /** `changes` holds only the fields whose value actually differs from the row. */
  canUpdate(user: User, row: RowOf<T>, changes: Record<string, unknown>): Verdict;
  canDelete(user: User, row: RowOf<T>): Verdict;
  serverFields: {
    /** Who-did-it fields and derived defaults; they override anything the body said. */
    create(user: User, input: Record<string, unknown>, db: DbLike): Record<string, unknown> | Promise<Record<string, unknown>>;
    /**
     * Fields an update derives. `db` is the write's transaction, which the generic update always
     * hands over (messages work out their mentions from the channel); a table that needs it is async.
     */
    update?(user: User, row: RowOf<T>, changes: Record<string, unknown>, db?: DbLike): Record<string, unknown> | Promise<Record<string, unknown>>;
  };
}

/**
 * A table's special writes, in place of `if (table === ...)` branches in the engine. Each is
 * optional; without one the generic step runs.
 */
export interface TableHooks {
  /** Replaces the whole generic create (its own validation, transaction and events); returns the stored row. */
  create?(ctx: AppContext, user: User, body: unknown): Promise<object>;
  /** Replaces the whole generic update; returns the stored row after it. */
  update?(ctx: AppContext, user: User, id: number, body: unknown): Promise<object>;
  /** Replaces the whole generic delete (users are deactivated instead); answers like it. */
  delete?(ctx: AppContext, user: User, id: number): Promise<{ ok: true; id: number }>;
  /** Validated values in the form the database takes. */
  toStored?(values: Record<string, unknown>): Record<string, unknown>;
  /**
   * Runs inside the write's transaction after the generic create, update or delete, so a
   * record of it (an audit trail) commits or rolls back with the change itself. A row it writes
   * to an entity table gets its change record through `log`.
   */
  afterWrite?(
    trx: DbLike,
    user: User,
    op: "create" | "update" | "delete",
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
    log: ChangeRecorder,
  ): Promise<void>;
  /** A database refusal the client should read in the table's own words. */
  writeError?(prefix: string, err: unknown): HttpError | undefined;
}

/** Who a row is presented to: absent, as anyone who may read it sees it. */
export type Viewer = (Pick<User, "id" | "role" | "team_role"> & { time_zone?: string | null }) | null | undefined;

/**
 * How a table's readers see a row differently from its stored fields (users hide a status, calendar
 * times read in the reader's zone): `out` holds the row schema's fields, `src` the stored row.
 */
export type View = (out: Record<string, unknown>, src: Record<string, unknown>, viewer: Viewer) => void;

/** One version of a changed row: the sockets in rooms `to`, minus those in `except`, see it as `viewer` does. */
export interface RowVersion {
  to: string[];
  except?: string[];
  viewer: Viewer;
}

/**
 * Everything the engine, the presenter and the change feed need of one entity table, from its
 * feature folder (docs/architecture.md, "Adding a table"); server/features/registry.ts lists them.
 */
export interface TableFeature<T extends TableName> {
  policy: TablePolicy<T>;
  hooks?: TableHooks;
  /** Present for a table whose readers do not all see a row the same way (server/entities/present.ts). */
  view?: View;
  /**
   * With a view that differs by reader: who gets which version of a created or updated row
   * (server/realtime/deliver.ts, docs/architecture.md "The change feed"). Its presence puts the
   * table's changes on delivery's ordered slow path, so it may look things up first.
   */
  versions?(ctx: AppContext, change: CommittedChange): RowVersion[] | Promise<RowVersion[]>;
  /** A row that is itself a Socket.IO room its readers are in (a channel): delivery moves sockets in and out of it. */
  room?(id: number): string;
}

/** One descriptor per entity table: the mapped type makes leaving a table out a type error. */
export type TableList = { [T in EntityTable]: TableFeature<T> };
