// The calendar feature's SQL: functions taking the database first. Reminder delivery lives in
// ./reminders, the ICS feed in ./routes and ./ics.
import type { Db } from "../../db";
import { listContains } from "../../entities/policy-helpers";

const REMINDER_COLUMNS = [
  "id",
  "title",
  "start_datetime",
  "end_datetime",
  "reminder_time",
  "recurrence_rule",
  "recurrence_exceptions",
  "time_zone",
  "created_by",
  "attendees",
  "event_type",
  "meeting_id",
  "next_reminder_at",
  "reminded_through",
] as const;

/** Events whose next reminder is due at `now`, soonest first. */
export async function findDueReminders(db: Db, now: Date, limit: number) {
  return db.selectFrom("calendar_events").select(REMINDER_COLUMNS).where("next_reminder_at", "<=", now).orderBy("next_reminder_at").limit(limit).execute();
}

/**
 * Moves an event on to its next reminder if its due one is still `due`: one statement that
 * compares and sets, so of several nodes (or overlapping sweeps) that found the same reminder
 * exactly one gets `true` and sends it. A write that changed the event's times in between also
 * makes it `false`; the next sweep then sees the new schedule.
 */
export async function advanceReminder(db: Db, id: number, due: Date, next: Date | null, remindedThrough: Date | null): Promise<boolean> {
  const r = await db
    .updateTable("calendar_events")
    .set({ next_reminder_at: next, reminded_through: remindedThrough })
    .where("id", "=", id)
    // Within a millisecond: the driver reads timestamptz's microseconds as a Date's milliseconds.
    .where("next_reminder_at", ">", new Date(due.getTime() - 1))
    .where("next_reminder_at", "<", new Date(due.getTime() + 1))
    .returning("id")
    .executeTakeFirst();
  return !!r;
}

export async function findUserZonesByEmails(db: Db, emails: string[]) {
  return db.selectFrom("users").select(["id", "time_zone"]).where("email", "in", emails).execute();
}

/** Names of the people with these (lower-cased) e-mails: the feed's ORGANIZER and ATTENDEE names. */
export async function findUserNamesByEmails(db: Db, emails: string[]) {
  if (!emails.length) return [];
  return db.selectFrom("users").select(["email", "full_name"]).where("email", "in", emails).execute();
}

export async function findFeedToken(db: Db, userId: number) {
  return db.selectFrom("users").select("calendar_feed_token").where("id", "=", userId).executeTakeFirst();
}

export async function setFeedToken(db: Db, userId: number, token: string | null): Promise<void> {
  await db.updateTable("users").set({ calendar_feed_token: token }).where("id", "=", userId).execute();
}

export async function findUserByFeedToken(db: Db, token: string) {
  return db.selectFrom("users").selectAll().where("calendar_feed_token", "=", token).executeTakeFirst();
}

/** Events the user (lower-cased e-mail) created or attends, by start. */
export async function findFeedEventsOf(db: Db, me: string) {
  return db
    .selectFrom("calendar_events")
    .selectAll()
    .where((eb) => eb.or([eb("created_by", "=", me), listContains(eb, "calendar_events.attendees", me)]))
    .orderBy("start_datetime")
    .execute();
}

/** Tasks with a due date assigned to the user (lower-cased e-mail). */
export async function findFeedTasksOf(db: Db, me: string) {
  return db
    .selectFrom("tasks")
    .selectAll()
    .where("due_date", "is not", null)
    .where((eb) => eb.or([eb("assignee_email", "=", me), listContains(eb, "tasks.assignee_emails", me)]))
    .execute();
}
