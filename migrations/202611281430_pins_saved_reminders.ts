import { type Kysely, sql } from "kysely";

// Keeping and planning messages (docs/messages.md: Pinned, Saved, Reminders, Scheduled messages).
// - messages.pinned_at / pinned_by: a pinned message carries when and by whom (an e-mail, as
//   messages name people); both null when not pinned. Written by `messages.pin`, so the change
//   reaches the channel's readers through the change feed like any change of the message.
// - saved_messages: a person's own saved messages, one row per person and message.
// - message_reminders: "remind me about this" (message_id), or `/remind me` with a note of its own
//   (note, and the channel it was typed in); due at remind_at; fired_at is set by the one sweep
//   that claims it (compare-and-set), in the transaction that queues its notification job.
// - scheduled_messages: a message to be posted later as its author. client_id is the message's
//   idempotency key (messages.create answers a second try with the stored message); status is
//   pending, sent or failed (error says why, shown to the author); lease_until: the node posting it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages add column if not exists pinned_at timestamptz, add column if not exists pinned_by text`.execute(db);
  // A channel's Pinned list and its count.
  await sql`create index if not exists messages_pinned on messages (channel_id, pinned_at desc) where pinned_at is not null`.execute(db);
  await sql`
    create table saved_messages (
      id serial primary key,
      user_id integer not null references users(id),
      message_id integer not null references messages(id) on delete cascade,
      created_at timestamptz not null default now(),
      constraint saved_messages_once unique (user_id, message_id)
    )`.execute(db);
  await sql`create index saved_messages_newest on saved_messages (user_id, created_at desc, id desc)`.execute(db);
  await sql`
    create table message_reminders (
      id serial primary key,
      user_id integer not null references users(id),
      message_id integer references messages(id) on delete cascade,
      channel_id integer,
      note text,
      remind_at timestamptz not null,
      fired_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index message_reminders_due on message_reminders (remind_at) where fired_at is null`.execute(db);
  await sql`create index message_reminders_owner on message_reminders (user_id, remind_at)`.execute(db);
  await sql`
    create table scheduled_messages (
      id serial primary key,
      user_id integer not null references users(id),
      channel_id integer not null,
      content text not null,
      send_at timestamptz not null,
      client_id text not null,
      status text not null default 'pending',
      error text,
      message_id integer,
      lease_until timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index scheduled_messages_due on scheduled_messages (send_at) where status = 'pending'`.execute(db);
  await sql`create index scheduled_messages_owner on scheduled_messages (user_id, channel_id, send_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists scheduled_messages`.execute(db);
  await sql`drop table if exists message_reminders`.execute(db);
  await sql`drop table if exists saved_messages`.execute(db);
  await sql`drop index if exists messages_pinned`.execute(db);
  await sql`alter table messages drop column if exists pinned_at, drop column if exists pinned_by`.execute(db);
}
