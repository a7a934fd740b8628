import { type Kysely, sql } from "kysely";

// Unread kept by the server (docs/unread.md): one read position per person per channel, a
// message id. Counts are worked out from the messages that exist (id > position, not one's own),
// never stored, so a deleted message can never leave a badge nobody can clear. No foreign key to
// messages: the position may name a message deleted since, which still compares correctly.
// The unique key leads with user_id so it also serves the reader's list (the read rule is
// `user_id = me`) and the unread query's join on (user_id, channel_id); the messages' own index
// (channel_id, id desc) serves the counting.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table channel_reads (
      id serial primary key,
      channel_id integer not null references channels(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      last_read_message_id integer not null default 0 check (last_read_message_id >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint channel_reads_once unique (user_id, channel_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists channel_reads`.execute(db);
}
