import { type Kysely, sql } from "kysely";

// Mentions and read receipts (docs/messages.md, "Mentions and read receipts"). A message's mentions are
// worked out by the server from its text on every create and edit: the addresses of the people
// named who may read the channel, and whether it says @channel/@here. Mention badges count them
// with the unread messages (channel_id, id > position), so the messages' (channel_id, id) index
// serves them; no index on the array is needed.
// `users.enable_read_receipts`: the person's choice to show and see "Seen by" (the server
// enforces it both ways, so it lives with the account, not only in the browser).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages add column if not exists mentions text[] not null default '{}'`.execute(db);
  await sql`alter table messages add column if not exists mentions_all boolean not null default false`.execute(db);
  await sql`alter table users add column if not exists enable_read_receipts boolean not null default true`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages drop column if exists mentions`.execute(db);
  await sql`alter table messages drop column if exists mentions_all`.execute(db);
  await sql`alter table users drop column if exists enable_read_receipts`.execute(db);
}
