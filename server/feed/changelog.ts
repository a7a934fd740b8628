// The write path's last step (docs/architecture.md, "The write path"): a command collects the
// rows it changed in a ChangeLog, the one way a change record is written. withChanges writes one
// record per row as the last statement of the command's transaction; a group commit, whose one
// statement writes the rows of many commands, has the ChangeLog write their records as a CTE of
// that statement (`records`). Either way the committed records go to the realtime layer (and the
// in-process domain events) right after the commit, in the order of their sequence numbers.
import type { EntityTable } from "@shared/entities";
import type { AppContext } from "../context";
import type { CommittedChange, EntityOp, RecordColumns, RecordSource, StatementRecorder, StatementRecords } from "./types";
import type { DbLike, Row } from "../entities/repository";
import { audienceOf, audienceSqlOf } from "../entities/tables";
import { emitChange } from "../entities/events";
import { changesCte, insertChanges, recordColumns, recordJoin } from "./repository";

type Stored = Record<string, unknown>;

/** A user row never carries its password hash beyond the repository, not even in memory. */
function safeRow(table: EntityTable, row: object | null | undefined): Stored | null {
  if (!row) return null;
  if (table !== "users") return row as Stored;
  const { password_hash: _hash, ...rest } = row as Stored;
  void _hash;
  return rest;
}

/** A change with its audiences worked out from the rows (its `seq` comes when it is stored). */
export function describeChange(table: EntityTable, op: EntityOp, id: number, row: object | null, before: object | null = null, seq = 0): CommittedChange {
  const after = op === "delete" || !row ? [] : audienceOf(table, row as Stored);
  const had = before ? audienceOf(table, before as Stored) : [];
  const keep = new Set(after);
  return {
    seq,
    table,
    op,
    id,
    row: op === "delete" ? null : safeRow(table, row),
    before: safeRow(table, before),
    after,
    lost: had.filter((r) => !keep.has(r)),
  };
}

/** The rooms a stored record names: whoever may see the row after the change or could before. */
export const recordAudience = (c: Pick<CommittedChange, "after" | "lost">) => [...new Set([...c.after, ...c.lost])];

/** Sees every record a ChangeLog stores, as it gets its sequence number (server/feed/write-path.test.ts). */
type RecordObserver = (c: Readonly<CommittedChange>) => void;
const observers = new Set<RecordObserver>();

export class ChangeLog implements StatementRecorder {
  /** Every record of the command, stored or still to be. */
  readonly changes: CommittedChange[] = [];
  private unstored: CommittedChange[] = [];

  /** Watches every record stored from now on; returns the function that stops watching. For tests. */
  static observe(fn: RecordObserver): () => void {
    observers.add(fn);
    return () => observers.delete(fn);
  }

  private stored(c: CommittedChange): void {
    for (const fn of observers) fn(c);
  }

  /** Records that `table` row `id` was created, updated or deleted (before: the row as it was). */
  add(table: EntityTable, op: EntityOp, id: number, row: object | null, before: object | null = null): void {
    const c = describeChange(table, op, id, row, before);
    this.changes.push(c);
    this.unstored.push(c);
  }

  /** Writes the records added so far; the caller's transaction commits them with the rows. Call it last. */
  async write(trx: DbLike): Promise<void> {
    const list = this.unstored;
    if (!list.length) return;
    this.unstored = [];
    const seqs = await insertChanges(
      trx,
      list.map((c) => ({ tbl: c.table, op: c.op, row_id: c.id, audience: recordAudience(c) })),
    );
    list.forEach((c, i) => {
      c.seq = seqs[i];
      this.stored(c);
    });
  }

  /** Records added with `add` and not yet written. */
  get pending(): number {
    return this.unstored.length;
  }

  /**
   * The records of a statement that writes many rows at once (a group commit, whose records
   * would otherwise cost a statement and a round trip more): a CTE named `name` of that statement
   * stores a record for every row of each source, its rooms the table's audience in SQL
   * (`audienceSql` of its policy, from the row as written). The statement joins its rows with
   * their records (`join`, `columns`) and hands each row to `took`.
   */
  records(name: string, sources: RecordSource[]): StatementRecords {
    return { cte: changesCte(name, sources, audienceSqlOf), join: (table, rows) => recordJoin(name, table, rows), columns: recordColumns(name) };
  }

  /**
   * A row that a statement wrote with its record (`records`): keeps the record, its rooms as
   * stored, and answers the row without the record's columns. A statement's records name the
   * rooms of the row as written, so an update must leave the row's rooms as they were (counters,
   * flags); one that would take it from someone is refused, which rolls the transaction back.
   */
  took<R extends { id: number }>(table: EntityTable, op: EntityOp, joined: R & RecordColumns, before: object | null = null): R {
    const { change_seq, change_audience, ...row } = joined;
    const keep = new Set(change_audience);
    if (before && audienceOf(table, before as Stored).some((r) => !keep.has(r))) {
      throw new Error(`${table}.${op}: a statement's change record cannot name the rooms a row leaves`);
    }
    const id = Number(row.id);
    const c: CommittedChange = { seq: Number(change_seq), table, op, id, row: safeRow(table, row), before: safeRow(table, before), after: change_audience, lost: [] };
    this.changes.push(c);
    this.stored(c);
    return row as unknown as R;
  }
}

/** After the commit: to the sockets (ctx.feed, in this order) and to in-process listeners. */
export function publishChanges(ctx: Pick<AppContext, "feed" | "events" | "log" | "consumers">, changes: readonly CommittedChange[]): void {
  if (!changes.length) return;
  // A nudge only: the durable consumers read the committed records themselves (docs/architecture.md, "Side effects").
  ctx.consumers?.wake();
  // A command's records are stored in the order they are published (by sequence number).
  const ordered = changes.length > 1 ? [...changes].sort((a, b) => a.seq - b.seq) : changes;
  ctx.feed?.publish(ordered);
  for (const c of ordered) emitChange(ctx, c.table, c.op, c.id, c.row ?? c.before, c.before);
}

/**
 * Runs a command's writes in one transaction whose last statement stores their change records,
 * then publishes the records. `fn` adds a record for every row it changes.
 */
export async function withChanges<T>(ctx: AppContext, fn: (trx: DbLike, log: ChangeLog) => Promise<T>): Promise<T> {
  const log = new ChangeLog();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const out = await fn(trx, log);
    await log.write(trx);
    return out;
  });
  publishChanges(ctx, log.changes);
  return result;
}

/**
 * The batched form of withChanges, for a group commit whose writes are one statement (messages,
 * reactions): `fn` runs on the database outside a transaction (one statement is atomic on its
 * own) and that statement stores the records (`records`); they are published once it returns. A
 * record added with `add` would need a statement of its own, and so a transaction: refused.
 */
export async function withStatementChanges<T>(ctx: AppContext, fn: (db: DbLike, log: ChangeLog) => Promise<T>): Promise<T> {
  const log = new ChangeLog();
  const result = await fn(ctx.db, log);
  if (log.pending) throw new Error("withStatementChanges: a record added with add() needs withChanges");
  publishChanges(ctx, log.changes);
  return result;
}

export type { Row, CommittedChange, RecordSource, RecordColumns, StatementRecords };
