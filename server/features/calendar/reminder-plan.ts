// When an event's reminders fall: every occurrence (a single event is its one occurrence) is
// reminded as long before its start as reminder_time is before the event's start. A cancelled
// occurrence has none; a moved one is reminded before its new start. The series repeats in its
// own zone (shared/recurrence), so a 09:00 meeting is reminded at 08:45 on both sides of a
// daylight-saving change. Pure functions: the sweep (./reminders) and the write hooks (./hooks)
// decide with them what `next_reminder_at` and `reminded_through` hold.
import { expand } from "@shared/recurrence";
import type { RecurrenceException } from "@shared/entities/calendar_events";

export interface ReminderSource {
  start_datetime: Date;
  end_datetime: Date;
  reminder_time: Date | null;
  recurrence_rule: string | null;
  recurrence_exceptions: RecurrenceException[];
  time_zone: string;
}

export interface Reminder {
  /** When the reminder is due. */
  at: Date;
  /** The start of the occurrence it is for. */
  start: Date;
  /** The occurrence's original start (ISO), null for a single event. */
  occurrence: string | null;
  /** A moved occurrence's own title, if it has one. */
  title?: string;
}

const DAY = 86_400_000;
/** How far ahead the next reminder is looked for: a yearly series needs a year, wider is for safety. */
const HORIZONS = [8 * DAY, 400 * DAY, 3700 * DAY];

const leadOf = (e: ReminderSource) => (e.reminder_time ? e.start_datetime.getTime() - e.reminder_time.getTime() : null);

/** The reminders due in [from, to), soonest first. */
export function remindersBetween(e: ReminderSource, from: Date, to: Date): Reminder[] {
  const lead = leadOf(e);
  if (lead === null || to <= from) return [];
  const end = e.end_datetime > e.start_datetime ? e.end_datetime : new Date(e.start_datetime.getTime() + 1);
  // Occurrences starting in [from + lead, to + lead); the window opens a millisecond early so an
  // occurrence starting exactly at its edge is not lost to expand's overlap test.
  const occurrences = expand(
    { start: e.start_datetime, end, rule: e.recurrence_rule, exceptions: e.recurrence_exceptions },
    new Date(from.getTime() + lead - 1),
    new Date(to.getTime() + lead),
    e.time_zone,
  );
  return occurrences
    .map((o) => ({ at: new Date(o.start.getTime() - lead), start: o.start, occurrence: o.occurrence, title: o.title }))
    .filter((r) => r.at >= from && r.at < to)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The first reminder at or after `from`, or null when the event has none left. */
export function firstReminderFrom(e: ReminderSource, from: Date): Reminder | null {
  for (const span of HORIZONS) {
    const found = remindersBetween(e, from, new Date(from.getTime() + span));
    if (found.length) return found[0];
  }
  return null;
}

/**
 * `next_reminder_at` after a write at `now`: the first reminder of an occurrence that has not
 * begun (one already due still goes out, as a single event's always did), never one at or before
 * `remindedThrough`, so a write that keeps an occurrence's time does not send its reminder again.
 */
export function nextReminderAfterWrite(e: ReminderSource, remindedThrough: Date | null, now: Date): Date | null {
  const lead = leadOf(e);
  if (lead === null) return null;
  let from = now.getTime() - Math.max(lead, 0);
  if (remindedThrough && remindedThrough.getTime() >= from) from = remindedThrough.getTime() + 1;
  return firstReminderFrom(e, new Date(from))?.at ?? null;
}

/**
 * What a sweep at `now` does with an event whose `next_reminder_at` has come: the reminders due
 * since then (the caller notifies the ones still useful), the last instant handled, and the next
 * reminder after now.
 */
export function sweepPlan(
  e: ReminderSource,
  nextAt: Date,
  remindedThrough: Date | null,
  now: Date,
): { due: Reminder[]; remindedThrough: Date | null; next: Date | null } {
  const from = remindedThrough && remindedThrough >= nextAt ? new Date(remindedThrough.getTime() + 1) : nextAt;
  const due = remindersBetween(e, from, new Date(now.getTime() + 1));
  const through = due.length ? due[due.length - 1].at : remindedThrough;
  return { due, remindedThrough: through, next: firstReminderFrom(e, new Date(now.getTime() + 1))?.at ?? null };
}
