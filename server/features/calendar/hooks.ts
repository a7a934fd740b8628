// calendar_events: times are instants. A zone-less time in a body is wall-clock time in the
// writer's zone (their profile's, else UTC), an ISO time with a zone is taken as it says; the
// exceptions list is jsonb; is_recurring follows the RRULE when one is given.
import { ENTITIES, validateCreate, validateUpdate } from "@shared/entities";
import { EVENT_ZONED_FIELDS, instantFromText } from "@shared/entities/calendar_events";
import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import type { TableHooks } from "../../entities/policy";
import { enforce } from "../../entities/policy-helpers";
import { findRow, insertRow, updateRow, type Row } from "../../entities/repository";
import { emitChange } from "../../entities/events";
import { HttpError, fromDbError, notFound } from "../../errors";
import { calendarEventsPolicy as policy } from "./policy";

const def = ENTITIES.calendar_events;

/** The body with its zone-less times turned into UTC ISO text, read in the writer's zone. */
function inWritersZone(body: unknown, user: User): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const f of EVENT_ZONED_FIELDS) {
    const v = out[f];
    if (typeof v !== "string" || !v.trim()) continue;
    const d = instantFromText(v, user.time_zone);
    if (d) out[f] = d.toISOString();
  }
  return out;
}

/** Validated values as stored: UTC texts (the validator's form) as instants, jsonb as JSON text. */
function stored(values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values };
  for (const f of EVENT_ZONED_FIELDS) {
    if (typeof out[f] === "string") out[f] = new Date(`${(out[f] as string).replace(" ", "T")}Z`);
  }
  if (out.recurrence_exceptions !== undefined) out.recurrence_exceptions = JSON.stringify(out.recurrence_exceptions);
  if ("recurrence_rule" in out) out.is_recurring = !!out.recurrence_rule;
  return out;
}

const refused = (prefix: string, err: unknown) => {
  const mapped = fromDbError(err);
  return mapped ? new HttpError(mapped.status, `${prefix}: ${mapped.message}`) : err;
};

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return a != null && b != null && new Date(a as Date).getTime() === new Date(b as Date).getTime();
  if (typeof a === "object" || typeof b === "object") return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

export const calendarEventsHooks: TableHooks = {
  async create(ctx: AppContext, user: User, body: unknown): Promise<object> {
    const v = validateCreate(def, inWritersZone(body, user));
    if (!v.ok) throw new HttpError(400, `Insert failed: ${v.error.slice(0, 300)}`);
    const row = await ctx.db.transaction().execute(async (trx) => {
      enforce(await policy.canCreate(user, v.data, trx));
      const values = { ...v.data, ...(await policy.serverFields.create(user, v.data, trx)) };
      return insertRow(trx, "calendar_events", stored(values)).catch((err: unknown) => {
        throw refused("Insert failed", err);
      });
    });
    emitChange(ctx, "calendar_events", "create", row.id, row);
    return row;
  },

  async update(ctx: AppContext, user: User, id: number, body: unknown): Promise<object> {
    const v = validateUpdate(def, inWritersZone(body, user));
    if (!v.ok) throw new HttpError(400, `Update failed: ${v.error.slice(0, 300)}`);
    const result = await ctx.db.transaction().execute(async (trx) => {
      const before = (await findRow(trx, "calendar_events", id, policy.readFilter(user) as never, true)) as Row | undefined;
      if (!before) throw notFound();
      const next = stored(v.data);
      // A full-object save is not a change of every field.
      const changes = Object.fromEntries(Object.entries(next).filter(([k, val]) => !same(k === "recurrence_exceptions" ? JSON.parse(val as string) : val, before[k])));
      if (Object.keys(changes).length === 0) return { before, after: before, changed: false };
      enforce(policy.canUpdate(user, before as never, changes));
      const values = { ...changes, ...(policy.serverFields.update?.(user, before as never, changes) ?? {}), updated_at: new Date() };
      const after = await updateRow(trx, "calendar_events", id, values).catch((err: unknown) => {
        throw refused("Update failed", err);
      });
      return { before, after, changed: true };
    });
    if (result.changed) emitChange(ctx, "calendar_events", "update", id, result.after, result.before);
    return result.after;
  },
};
