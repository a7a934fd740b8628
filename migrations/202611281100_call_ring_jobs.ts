import { type Kysely, sql } from "kysely";

// The calls sweep looks, on every node every 10 s, for recent rings pushed to people no longer
// being rung (server/features/notifications/call-push.ts, queueRingWithdrawals): that lookup reads
// the last hour's ring jobs, not the whole queue.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists notification_jobs_rings on notification_jobs (created_at) where kind = 'call_ring'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists notification_jobs_rings`.execute(db);
}
