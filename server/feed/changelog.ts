// The write path's last step (docs/architecture.md, "The write path"): a command collects the
// rows it changed in a ChangeLog; withChanges writes one change record per row as the last
// statement of the command's transaction, and hands the committed records to the realtime layer
// (and the in-process domain events) right after the commit, in commit order.
import type { EntityTable } from "@shared/entities";
import type { AppContext } from "../context";
import type { CommittedChange, EntityOp } from "./types";
import type { DbLike, Row } from "../entities/repository";
import { audienceOf } from "../features/policies";
import { emitChange } from "../entities/events";
import { insertChanges } from "./repository";

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

export class ChangeLog {
  readonly changes: CommittedChange[] = [];

  /** Records that `table` row `id` was created, updated or deleted (before: the row as it was). */
  add(table: EntityTable, op: EntityOp, id: number, row: object | null, before: object | null = null): void {
    this.changes.push(describeChange(table, op, id, row, before));
  }

  /** Writes the records; the caller's transaction commits them with the rows. Call it last. */
  async write(trx: DbLike): Promise<void> {
    if (!this.changes.length) return;
    const seqs = await insertChanges(
      trx,
      this.changes.map((c) => ({ tbl: c.table, op: c.op, row_id: c.id, audience: recordAudience(c) })),
    );
    this.changes.forEach((c, i) => (c.seq = seqs[i]));
  }
}

/** After the commit: to the sockets (ctx.feed, in this order) and to in-process listeners. */
export function publishChanges(ctx: Pick<AppContext, "feed" | "events" | "log">, changes: readonly CommittedChange[]): void {
  if (!changes.length) return;
  ctx.feed?.publish(changes);
  for (const c of changes) emitChange(ctx, c.table, c.op, c.id, c.row ?? c.before, c.before);
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

export type { Row, CommittedChange };
