import { type Kysely, sql } from "kysely";

// The mention counts of GET /api/chat/unread walk only the messages that mention someone (one in
// hundreds), not a channel's whole unread tail (docs/unread.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index messages_mentioned_idx on messages (channel_id, id) where mentions_all or mentions <> '{}'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists messages_mentioned_idx`.execute(db);
}
