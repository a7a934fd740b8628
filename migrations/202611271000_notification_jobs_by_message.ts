import { type Kysely, sql } from "kysely";

// A message's notification jobs, found by the message (docs/notifications.md): deleting or
// editing a message withdraws or rewrites its jobs' items in the same transaction
// (server/features/notifications/follow-message.ts), so that lookup must not walk the whole queue.
// The id is compared as the text the jsonb payload gives, so no row's payload can make the index
// fail to build.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists notification_jobs_message on notification_jobs ((payload->>'message_id')) where kind = 'message'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists notification_jobs_message`.execute(db);
}
