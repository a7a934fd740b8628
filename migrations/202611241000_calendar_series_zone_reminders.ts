import { type Kysely, sql } from "kysely";

// A recurring event repeats in one zone (its RRULE's hours are wall-clock time there), and every
// occurrence gets its reminder instead of only the first: `next_reminder_at` is the reminder of
// the next occurrence not yet reminded (what the sweep looks for, through a partial index), and
// `reminded_through` the last reminder instant handled, so a write that keeps an occurrence's
// time never sends its reminder twice. They replace `reminded_at` (one flag per event).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table calendar_events add column time_zone text not null default 'UTC'`.execute(db);
  // Zone-less texts were read in the writer's zone: the creator's profile zone is what they meant.
  await sql`
    update calendar_events e set time_zone = u.time_zone
    from users u where lower(u.email) = lower(e.created_by) and u.time_zone is not null`.execute(db);
  await sql`alter table calendar_events add column next_reminder_at timestamptz`.execute(db);
  await sql`alter table calendar_events add column reminded_through timestamptz`.execute(db);
  // Unsent reminders stay due. A series already reminded once is due now: the first sweep finds
  // nothing to send in it and moves it on to its next occurrence.
  await sql`update calendar_events set next_reminder_at = reminder_time where reminder_time is not null and reminded_at is null`.execute(db);
  await sql`
    update calendar_events
    set reminded_through = reminder_time, next_reminder_at = case when recurrence_rule is not null then date_trunc('milliseconds', now()) end
    where reminder_time is not null and reminded_at is not null`.execute(db);
  await sql`drop index if exists events_reminder_due_idx`.execute(db);
  await sql`alter table calendar_events drop column reminded_at`.execute(db);
  await sql`create index events_next_reminder_idx on calendar_events (next_reminder_at) where next_reminder_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists events_next_reminder_idx`.execute(db);
  await sql`alter table calendar_events add column reminded_at timestamptz`.execute(db);
  await sql`update calendar_events set reminded_at = now() where reminded_through is not null or (reminder_time is not null and next_reminder_at is null)`.execute(db);
  await sql`create index events_reminder_due_idx on calendar_events (reminder_time) where reminded_at is null`.execute(db);
  await sql`alter table calendar_events drop column reminded_through`.execute(db);
  await sql`alter table calendar_events drop column next_reminder_at`.execute(db);
  await sql`alter table calendar_events drop column time_zone`.execute(db);
}
