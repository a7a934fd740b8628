// calendar_events: times are instants. A zone-less time in a body is wall-clock time in the
// writer's zone (their profile's, else UTC), an ISO time with a zone is taken as it says; a
// series repeats in the zone the body names, else the writer's; the exceptions list is jsonb;
// is_recurring follows the RRULE when one is given. Each write that moves the event's times
// sets when its next reminder is due (./reminder-plan).
import { ENTITIES, validateCreate, validateUpdate } from "@shared/entities";
import { EVENT_ZONED_FIELDS, instantFromText } from "@shared/entities/calendar_events";
import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import type { TableHooks } from "../../entities/policy";
import { enforce } from "../../entities/policy-helpers";
import { findRow, insertRow, updateRow, type Row } from "../../entities/repository";
import { withChanges } from "../../feed/changelog";
import { HttpError, fromDbError, notFound } from "../../errors";
import { calendarEventsPolicy as policy } from "./policy";
import { nextReminderAfterWrite, type ReminderSource } from "./reminder-plan";

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

/** Fields that decide when reminders fall. */
const TIMING = ["start_datetime", "end_datetime", "reminder_time", "recurrence_rule", "recurrence_exceptions", "time_zone"];

/** A stored row (or stored values: exceptions as JSON text) as the reminder plan reads it. */
function reminderSource(v: Record<string, unknown>): ReminderSource {
  const at = (x: unknown) => (x ? new Date(x as Date) : null);
  const exceptions = typeof v.recurrence_exceptions === "string" ? JSON.parse(v.recurrence_exceptions) : v.recurrence_exceptions;
  return {
    start_datetime: new Date(v.start_datetime as Date),
    end_datetime: new Date(v.end_datetime as Date),
    reminder_time: at(v.reminder_time),
    recurrence_rule: (v.recurrence_rule as string | null | undefined) ?? null,
    recurrence_exceptions: (exceptions as ReminderSource["recurrence_exceptions"] | undefined) ?? [],
    time_zone: (v.time_zone as string | undefined) ?? "UTC",
  };
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return a != null && b != null && new Date(a as Date).getTime() === new Date(b as Date).getTime();
  if (typeof a === "object" || typeof b === "object") return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

export const calendarEventsHooks: TableHooks = {
  async create(ctx: AppContext, user: User, body: unknown): Promise<object> {
    const v = validateCreate(def, inWritersZone(body, user));
    if (!v.ok) throw new HttpError(400, `Insert failed: ${v.error.slice(0, 300)}`);
    return withChanges(ctx, async (trx, log) => {
      enforce(await policy.canCreate(user, v.data, trx));
      const values = stored({ time_zone: user.time_zone ?? "UTC", ...v.data, ...(await policy.serverFields.create(user, v.data, trx)) });
      values.next_reminder_at = nextReminderAfterWrite(reminderSource(values), null, new Date());
      const row = await insertRow(trx, "calendar_events", values).catch((err: unknown) => {
        throw refused("Insert failed", err);
      });
      log.add("calendar_events", "create", row.id, row);
      return row;
    });
  },

  async update(ctx: AppContext, user: User, id: number, body: unknown): Promise<object> {
    const v = validateUpdate(def, inWritersZone(body, user));
    if (!v.ok) throw new HttpError(400, `Update failed: ${v.error.slice(0, 300)}`);
    const result = await withChanges(ctx, async (trx, log) => {
      const before = (await findRow(trx, "calendar_events", id, policy.readFilter(user) as never, true)) as Row | undefined;
      if (!before) throw notFound();
      const next = stored(v.data);
      // A full-object save is not a change of every field.
      const changes = Object.fromEntries(Object.entries(next).filter(([k, val]) => !same(k === "recurrence_exceptions" ? JSON.parse(val as string) : val, before[k])));
      if (Object.keys(changes).length === 0) return { before, after: before, changed: false };
      enforce(policy.canUpdate(user, before as never, changes));
      const values: Record<string, unknown> = { ...changes, ...(policy.serverFields.update?.(user, before as never, changes) ?? {}), updated_at: new Date() };
      if (TIMING.some((f) => f in changes)) {
        const after = reminderSource({ ...before, ...changes });
        values.next_reminder_at = nextReminderAfterWrite(after, (before.reminded_through as Date | null) ?? null, new Date());
      }
      const after = await updateRow(trx, "calendar_events", id, values).catch((err: unknown) => {
        throw refused("Update failed", err);
      });
      log.add("calendar_events", "update", id, after, before);
      return { before, after, changed: true };
    });
    return result.after;
  },
};
