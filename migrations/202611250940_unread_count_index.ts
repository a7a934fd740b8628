import { type Kysely, sql } from "kysely";

// The unread counts of GET /api/chat/unread read only this index (docs/unread.md): a channel's
// messages shown in its main list (not replies kept in their thread), in id order, carrying the
// sender columns the "not one's own" test needs, so counting a tail of up to 100 reads no table
// page. Its predicate is the unread query's own, word for word, so the planner picks it.
// An index-only scan skips the table only for pages the visibility map marks all-visible, and
// the unread tails are the newest messages: vacuuming messages after 1% new rows (the default is
// 20%) keeps the newest pages marked without waiting for the table to grow by a fifth.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index if not exists messages_unread_idx on messages (channel_id, id) include (sender_id, sender_email)
    where thread_root_id is null or also_to_channel`.execute(db);
  await sql`alter table messages set (autovacuum_vacuum_insert_scale_factor = 0.01)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages reset (autovacuum_vacuum_insert_scale_factor)`.execute(db);
  await sql`drop index if exists messages_unread_idx`.execute(db);
}
