// Domain events after a commit. A listener's failure is logged, never turned into a failed
// request: the write has already happened.
import type { EntityTable } from "@shared/realtime";
import type { AppContext } from "../context";
import type { Message } from "../db/schema";

type Op = "create" | "update" | "delete";

/** Event rows are stored rows, except that a user row never carries its password hash. */
function eventRow(table: EntityTable, row: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!row) return null;
  if (table !== "users") return row;
  const { password_hash: _hash, ...rest } = row;
  void _hash;
  return rest;
}

export function emitChange(
  ctx: AppContext,
  table: EntityTable,
  op: Op,
  id: number,
  row: Record<string, unknown> | null,
  before: Record<string, unknown> | null = null,
): void {
  try {
    ctx.events.emit("entities.change", { table, op, id, row: eventRow(table, row), before: eventRow(table, before) });
  } catch (err) {
    ctx.log.error({ err, table, op, id }, "entities.change listener failed");
  }
}

export function emitMessageCreated(ctx: AppContext, message: Message): void {
  try {
    ctx.events.emit("messages.create", message);
  } catch (err) {
    ctx.log.error({ err, id: message.id }, "messages.create listener failed");
  }
  emitChange(ctx, "messages", "create", message.id, message as unknown as Record<string, unknown>);
}
