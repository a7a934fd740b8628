import { type Kysely, sql } from "kysely";

// Reactions and earlier versions of messages (docs/messages.md, "Reactions and edits"). Both name their
// message's channel, so their read rule is the channel's (docs/architecture.md, "Policies and
// audiences") without a join through messages; both go with their message when it is deleted.
// `messages.edited_at` marks a message whose text was changed after it was posted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages add column if not exists edited_at timestamptz`.execute(db);
  await sql`
    create table message_reactions (
      id serial primary key,
      message_id integer not null references messages(id) on delete cascade,
      channel_id integer not null references channels(id) on delete cascade,
      user_email text not null,
      emoji text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint message_reactions_once unique (message_id, user_email, emoji)
    )`.execute(db);
  // The client loads the reactions of the messages it shows: a channel's, from a message id on.
  await sql`create index message_reactions_channel_message_idx on message_reactions (channel_id, message_id)`.execute(db);
  await sql`
    create table message_edits (
      id serial primary key,
      message_id integer not null references messages(id) on delete cascade,
      channel_id integer not null references channels(id) on delete cascade,
      content text not null,
      written_at timestamptz not null,
      edited_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index message_edits_message_idx on message_edits (message_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists message_edits`.execute(db);
  await sql`drop table if exists message_reactions`.execute(db);
  await sql`alter table messages drop column if exists edited_at`.execute(db);
}
