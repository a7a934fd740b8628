// The calendar feature's SQL: functions taking the database first. Reminder delivery lives in
// ./reminders, the ICS feed in ./routes and ./ics.
import { sql } from "kysely";
import type { Db } from "../../db";
import { listContains } from "../../entities/policy-helpers";

/**
 * Marks every due, unsent reminder as sent and returns them: `update ... where reminded_at is null
 * returning` hands each reminder to exactly one node.
 */
export async function claimDueReminders(db: Db) {
  return db
    .updateTable("calendar_events")
    .set({ reminded_at: sql`now()` })
    .where("reminded_at", "is", null)
    .where("reminder_time", "<=", sql<Date>`now()`)
    .returning(["id", "title", "start_datetime", "created_by", "attendees", "event_type", "meeting_id", "reminder_time"])
    .execute();
}

export async function findUserZonesByEmails(db: Db, emails: string[]) {
  return db.selectFrom("users").select(["id", "time_zone"]).where("email", "in", emails).execute();
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
