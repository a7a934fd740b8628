import { type Kysely, sql } from "kysely";

// Idempotency keys of notification jobs (docs/architecture.md, "Side effects"): the jobs queued
// from the change feed (server/features/notifications/enqueue.ts) name the effect they stand for
// (`message:<id>:<user>`, `task:<id>:<user>`, `file:<id>:<user>`,
// `approval:<id>:<status>:<user>`) and are inserted `on conflict do nothing`, so a record handled
// again, or a later change of the same row, never queues a notification twice. Jobs are never
// deleted (they end as done, skipped or failed), so a key stays taken. Jobs written elsewhere
// (missed calls, invitations, reminders, summaries, digests) have none. Expand only: an older
// node writing jobs without a key keeps working.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_jobs add column if not exists key text`.execute(db);
  await sql`create unique index if not exists notification_jobs_key on notification_jobs (key)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists notification_jobs_key`.execute(db);
  await sql`alter table notification_jobs drop column if exists key`.execute(db);
}
