import { type Kysely, sql } from "kysely";

// Notification choices beyond the global preference (docs/notifications.md):
// - channel_notification_settings: one person's level for one channel (all / mentions / muted),
//   theirs alone (audience `user:<id>`, docs/architecture.md "Policies and audiences"). No row
//   means the global preference applies. It goes with its channel or its person.
// - users.quiet_hours_*: a daily window, as wall-clock times in the person's time zone, in which
//   nothing is pushed (the notification centre still lists everything).
// - notification_jobs_held: the jobs whose push was held back (busy, quiet hours) and not yet told
//   in a summary, found by person (the summary job claims them).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table channel_notification_settings (
      id serial primary key,
      channel_id integer not null references channels(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      level text not null check (level in ('all', 'mentions', 'muted')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint channel_notification_settings_once unique (user_id, channel_id)
    )`.execute(db);
  // Who wants every message of a channel (the queue reads this per new message).
  await sql`create index channel_notification_settings_all on channel_notification_settings (channel_id) where level = 'all'`.execute(db);
  await sql`
    alter table users
      add column if not exists quiet_hours_enabled boolean not null default false,
      add column if not exists quiet_hours_start text not null default '22:00' check (quiet_hours_start ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      add column if not exists quiet_hours_end text not null default '07:00' check (quiet_hours_end ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')`.execute(db);
  await sql`alter table notification_jobs add column if not exists held text`.execute(db);
  await sql`create index notification_jobs_held on notification_jobs (user_id) where held is not null`.execute(db);
  // One pending summary per person, however many nodes hold pushes back at once.
  await sql`create unique index notification_jobs_one_summary on notification_jobs (user_id) where kind = 'summary' and status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists notification_jobs_one_summary`.execute(db);
  await sql`drop index if exists notification_jobs_held`.execute(db);
  await sql`alter table notification_jobs drop column if exists held`.execute(db);
  await sql`alter table users drop column if exists quiet_hours_enabled, drop column if exists quiet_hours_start, drop column if exists quiet_hours_end`.execute(db);
  await sql`drop table if exists channel_notification_settings`.execute(db);
}
