// Domain events after a commit, named `<table>.<op>` like the route, the policy and the client
// mutation. A listener's failure is logged, never turned into a failed request: the write has
// already happened.
import { ENTITY_TABLES, type EntityTable } from "@shared/entities";
import type { AppContext, AppEvents, EntityEvent, EntityEventName, EntityOp } from "../context";

export const ENTITY_OPS: readonly EntityOp[] = ["create", "update", "delete"];
export const ENTITY_EVENT_NAMES: readonly EntityEventName[] = ENTITY_TABLES.flatMap((t) => ENTITY_OPS.map((op) => `${t}.${op}` as const));

/** Stored rows travel in events; a user row never carries its credentials even there (its password hash, its two-step secret and recovery hashes). */
function eventRow(table: EntityTable, row: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!row) return null;
  if (table !== "users") return row;
  const { password_hash: _hash, totp_secret: _secret, totp_recovery_hashes: _codes, totp_last_step: _step, ...rest } = row;
  void [_hash, _secret, _codes, _step];
  return rest;
}

export function emitChange(
  ctx: Pick<AppContext, "events" | "log">,
  table: EntityTable,
  op: EntityOp,
  id: number,
  row: object | null,
  before: object | null = null,
): void {
  const event: EntityEvent = {
    table,
    op,
    id,
    row: eventRow(table, row as Record<string, unknown> | null),
    before: eventRow(table, before as Record<string, unknown> | null),
  };
  try {
    ctx.events.emit(`${table}.${op}`, event);
  } catch (err) {
    ctx.log.error({ err, table, op, id }, `${table}.${op} listener failed`);
  }
}

/** Subscribes to every entity event; returns the unsubscribe. */
export function onEntityEvents(events: AppEvents, listener: (e: EntityEvent) => void): () => void {
  for (const name of ENTITY_EVENT_NAMES) events.on(name, listener);
  return () => {
    for (const name of ENTITY_EVENT_NAMES) events.off(name, listener);
  };
}
