import { type Kysely, sql } from "kysely";

// Notifications that reach people when the tab is closed (docs/notifications.md).
// - notification_jobs: the durable queue. A job is written after the change it is about has
//   committed; every node's worker claims due jobs with `for update skip locked`, so each job is
//   handled by one node, and a failed send comes back later (next_attempt_at, attempts).
// - push_subscriptions: one browser's Web Push subscription, tied to the session that made it, so
//   signing out (the session revoked) or deleting the session removes it.
// - notifications: the notification centre's items, an entity table read by its owner alone
//   (audience `user:<id>`, docs/architecture.md "Policies and audiences"). job_id is unique so a
//   job retried after a failed push never lists its item twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notification_jobs (
      id bigserial primary key,
      kind text not null,
      user_id integer not null references users(id) on delete cascade,
      payload jsonb not null default '{}'::jsonb,
      status text not null default 'pending' check (status in ('pending', 'done', 'skipped', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      outcome text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index notification_jobs_due on notification_jobs (next_attempt_at) where status = 'pending'`.execute(db);
  await sql`create index notification_jobs_user on notification_jobs (user_id, kind, created_at desc)`.execute(db);
  await sql`
    create table push_subscriptions (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      session_id uuid references sessions(id) on delete cascade,
      endpoint text not null unique,
      p256dh text not null,
      auth text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index push_subscriptions_user on push_subscriptions (user_id)`.execute(db);
  await sql`create index push_subscriptions_session on push_subscriptions (session_id)`.execute(db);
  await sql`
    create table notifications (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      job_id bigint unique,
      kind text not null,
      title text not null,
      body text not null default '',
      link text not null default '/',
      is_read boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index notifications_user on notifications (user_id, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists notifications`.execute(db);
  await sql`drop table if exists push_subscriptions`.execute(db);
  await sql`drop table if exists notification_jobs`.execute(db);
}
