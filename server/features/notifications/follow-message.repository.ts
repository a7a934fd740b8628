// The SQL of a message's notification jobs and items (./follow-message.ts; docs/notifications.md): found by the message through the partial index notification_jobs_message
// (migrations/202611271000_notification_jobs_by_message.ts), locked in id order, withdrawn or
// rewritten.
import { sql } from "kysely";
import type { DbLike } from "../../entities/repository";

/** Jobs about these messages (the partial index notification_jobs_message serves it). */
const aboutMessages = (messageIds: readonly number[]) => sql<boolean>`kind = 'message' and payload->>'message_id' in (${sql.join(messageIds.map(String))})`;

/**
 * Locks the jobs about these messages, in id order (as lockPendingJobs does, so the two never wait
 * on each other in a circle), and answers their ids.
 */
export async function lockMessageJobs(db: DbLike, messageIds: readonly number[]): Promise<number[]> {
  if (!messageIds.length) return [];
  const res = await sql<{ id: string | number }>`select id from notification_jobs where ${aboutMessages(messageIds)} order by id for update`.execute(db);
  return res.rows.map((r) => Number(r.id));
}

/** Ends jobs whose message went: a pending one is skipped (nothing listed or pushed later), none waits for a summary. */
export async function skipDeletedMessageJobs(db: DbLike, jobIds: readonly number[]): Promise<void> {
  if (!jobIds.length) return;
  await sql`
    update notification_jobs
       set status = case when status = 'pending' then 'skipped' else status end,
           outcome = case when status = 'pending' then 'message deleted' else outcome end,
           held = null, updated_at = now()
     where id in (${sql.join(jobIds)})`.execute(db);
}

/** Locks those of these jobs still pending, in id order, and answers their ids. */
export async function lockPendingJobs(db: DbLike, jobIds: readonly number[]): Promise<Set<number>> {
  if (!jobIds.length) return new Set();
  const rows = await db.selectFrom("notification_jobs").select("id").where("id", "in", [...jobIds]).where("status", "=", "pending").orderBy("id").forUpdate().execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/** The text of these messages, by id; a deleted one (gone, or a root's placeholder) is absent. */
export async function liveMessageTexts(db: DbLike, messageIds: readonly number[]): Promise<Map<number, string>> {
  if (!messageIds.length) return new Map();
  const rows = await db.selectFrom("messages").select(["id", "content"]).where("id", "in", [...new Set(messageIds)]).where("deleted_at", "is", null).execute();
  return new Map(rows.map((r) => [r.id, r.content ?? ""]));
}

/** Removes the items these jobs listed; answers them as they were (for their change records). */
export function deleteItemsOfJobs(db: DbLike, jobIds: readonly number[]) {
  if (!jobIds.length) return Promise.resolve([]);
  return db.deleteFrom("notifications").where("job_id", "in", [...jobIds]).returningAll().execute();
}

/** Sets the body of the items these jobs listed where it differs; answers each item before and after. */
export async function rewriteItemsOfJobs(db: DbLike, jobIds: readonly number[], body: string) {
  if (!jobIds.length) return [];
  const before = await db.selectFrom("notifications").selectAll().where("job_id", "in", [...jobIds]).where("body", "<>", body).orderBy("id").forUpdate().execute();
  if (!before.length) return [];
  const after = await db.updateTable("notifications").set({ body, updated_at: new Date() }).where("id", "in", before.map((b) => b.id)).returningAll().execute();
  const was = new Map(before.map((b) => [b.id, b]));
  return after.map((row) => ({ before: was.get(row.id)!, after: row }));
}
