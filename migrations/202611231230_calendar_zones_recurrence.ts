import { type Kysely, sql } from "kysely";

// Calendar times become instants: the documented 'YYYY-MM-DD HH:MM:SS' texts stored so far were
// written as UTC, so they convert as UTC. Each user may name their IANA zone (null: the
// browser's); a recurring event carries its RRULE and its single-occurrence exceptions; a
// reminder is marked once sent so only one node sends it; a private calendar feed token.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const col of ["start_datetime", "end_datetime", "reminder_time", "preparation_time"]) {
    await sql`alter table calendar_events drop constraint if exists ${sql.raw(`calendar_events_${col}_check`)}`.execute(db);
    await sql`alter table calendar_events alter column ${sql.ref(col)} type timestamptz using (nullif(${sql.ref(col)}, '') || '+00')::timestamptz`.execute(db);
  }
  await sql`alter table calendar_events add column recurrence_rule text`.execute(db);
  await sql`alter table calendar_events add column recurrence_exceptions jsonb not null default '[]'::jsonb`.execute(db);
  await sql`alter table calendar_events add column reminded_at timestamptz`.execute(db);
  await sql`create index events_reminder_due_idx on calendar_events (reminder_time) where reminded_at is null`.execute(db);
  await sql`alter table users add column time_zone text`.execute(db);
  await sql`alter table users add column calendar_feed_token text`.execute(db);
  await sql`create unique index users_calendar_feed_token_key on users (calendar_feed_token)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column calendar_feed_token`.execute(db);
  await sql`alter table users drop column time_zone`.execute(db);
  await sql`alter table calendar_events drop column reminded_at`.execute(db);
  await sql`alter table calendar_events drop column recurrence_exceptions`.execute(db);
  await sql`alter table calendar_events drop column recurrence_rule`.execute(db);
  for (const col of ["start_datetime", "end_datetime", "reminder_time", "preparation_time"]) {
    await sql`alter table calendar_events alter column ${sql.ref(col)} type text using to_char(${sql.ref(col)} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`.execute(db);
  }
}
