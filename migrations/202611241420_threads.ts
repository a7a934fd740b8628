import { type Kysely, sql } from "kysely";

// Threads (docs/threads.md). A reply names its thread's root message (`thread_root_id`, a
// message of the same channel that is not itself a reply); `also_to_channel` shows it in the
// channel's main list too. A root carries its thread's counters (reply_count, last_reply_at and
// the latest repliers), rewritten in the transaction of every reply and every deleted reply so
// readers get them as an update of the root (docs/architecture.md, "The change feed"). A root
// with replies is not removed when deleted: its text goes and `deleted_at` marks the placeholder.
// thread_follows holds, per person and thread, whether they follow it and their read position in
// it (the channel_reads arithmetic, shared/unread.ts); it goes with its thread.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table messages
      add column if not exists thread_root_id integer references messages(id) on delete cascade,
      add column if not exists also_to_channel boolean not null default false,
      add column if not exists reply_count integer not null default 0,
      add column if not exists last_reply_at timestamptz,
      add column if not exists repliers text[] not null default '{}',
      add column if not exists deleted_at timestamptz`.execute(db);
  // A thread's replies in order (the thread pane, the counters, unread counts per thread).
  await sql`create index if not exists messages_thread_idx on messages (thread_root_id, id) where thread_root_id is not null`.execute(db);
  await sql`
    create table thread_follows (
      id serial primary key,
      thread_root_id integer not null references messages(id) on delete cascade,
      channel_id integer not null references channels(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      following boolean not null default true,
      last_read_message_id integer not null default 0 check (last_read_message_id >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint thread_follows_once unique (user_id, thread_root_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists thread_follows`.execute(db);
  await sql`drop index if exists messages_thread_idx`.execute(db);
  await sql`
    alter table messages
      drop column if exists thread_root_id, drop column if exists also_to_channel, drop column if exists reply_count,
      drop column if exists last_reply_at, drop column if exists repliers, drop column if exists deleted_at`.execute(db);
}
