// A message's notifications follow it (docs/notifications.md): its text is copied into the
// items of the notification centre, and into pushes and mails still to be sent, so deleting the
// message withdraws them and editing it rewrites them, in the delete's or the edit's own
// transaction with a change record per item (docs/architecture.md, "The write path"), so it is
// never lost and the owner's open client drops or rewrites the item live.
//
// The worker decides a job from a read made before it lists the item (./worker.ts), so a delete or
// an edit can commit in between. Both sides therefore take the job rows' locks, in id order: the
// chat command before touching items, the worker before listing them, reading the message again
// once it holds them (messageTextsNow). Whichever comes second sees what the first committed.
// A push already handed to the push service cannot be called back.
import { mentionsAsText, parseHandles } from "@shared/mentions";
import { groupNames } from "../groups/repository";
import type { ChangeRecorder } from "../../entities/policy";
import type { DbLike } from "../../entities/repository";
import { deleteItemsOfJobs, liveMessageTexts, lockMessageJobs, lockPendingJobs, rewriteItemsOfJobs, skipDeletedMessageJobs } from "./follow-message.repository";
import type { Job } from "./repository";

/**
 * What an item (and its push) says of a message: its text with names for mentions (a group's
 * `@handle` followed by the group's name, from `groups`, docs/groups.md), clipped to a notification's length.
 */
export const messageItemBody = (content: string | null, n = 140, groups?: ReadonlyMap<string, string>) => {
  const s = mentionsAsText(content ?? "", groups);
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
};

/** The names of the groups these texts mention by handle (one query; none when no text has an `@word`). */
export const groupNamesIn = (db: DbLike, texts: Iterable<string | null | undefined>) => groupNames(db, [...texts].flatMap((t) => parseHandles(t)));

/**
 * Part of `messages.delete`: the message's items leave their owners' notification centres, and its
 * jobs still pending end as skipped (neither listed nor pushed later). Run it in the delete's
 * transaction, after the message row is locked.
 */
export async function withdrawMessageNotifications(trx: DbLike, log: ChangeRecorder, messageId: number): Promise<void> {
  const jobs = await lockMessageJobs(trx, [messageId]);
  if (!jobs.length) return;
  await skipDeletedMessageJobs(trx, jobs);
  for (const item of await deleteItemsOfJobs(trx, jobs)) log.add("notifications", "delete", item.id, null, item);
}

/**
 * Part of `messages.update`: the message's listed items say its new text. A job still pending
 * needs nothing: it reads the text when it is decided. Run it in the edit's transaction.
 */
export async function reviseMessageNotifications(trx: DbLike, log: ChangeRecorder, messageId: number, content: string | null): Promise<void> {
  const jobs = await lockMessageJobs(trx, [messageId]);
  const groups = await groupNamesIn(trx, [content]);
  for (const { before, after } of await rewriteItemsOfJobs(trx, jobs, messageItemBody(content, 140, groups))) log.add("notifications", "update", after.id, after, before);
}

/**
 * For message jobs about to be listed, in the listing's transaction: each job's item text as its
 * message reads now, or null when the message is gone or a delete withdrew the job. Holds the
 * jobs' locks to the end of the transaction (see the top of this file).
 */
export async function messageTextsNow(trx: DbLike, jobs: readonly Job[]): Promise<Map<number, string | null>> {
  const out = new Map<number, string | null>();
  if (!jobs.length) return out;
  const pending = await lockPendingJobs(trx, jobs.map((j) => j.id));
  const texts = await liveMessageTexts(trx, jobs.map((j) => Number(j.payload.message_id)).filter(Number.isSafeInteger));
  const groups = await groupNamesIn(trx, texts.values());
  for (const job of jobs) {
    const text = texts.get(Number(job.payload.message_id));
    out.set(job.id, pending.has(job.id) && text !== undefined ? messageItemBody(text, 140, groups) : null);
  }
  return out;
}
