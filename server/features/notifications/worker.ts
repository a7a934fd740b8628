// The notification worker (docs/notifications.md): every node runs one. It claims due jobs
// from the durable queue (./repository.ts, `for update skip locked`, so each job has one sender
// across nodes), decides a batch at a time against the facts of the moment (./decide.ts, one
// query per kind of fact for the batch), lists the batch's items in the notification centre
// (table notifications, one command with their change records: docs/architecture.md, "The write
// path"), pushes each to its person's browsers and mails what is
// mailed. A failed push or mail comes back later with exponential backoff. None of this runs in a
// request or in the socket hub: jobs are only written there (./enqueue.ts).
import { perContext, type AppContext } from "../../context";
import { withChanges } from "../../feed/changelog";
import { metrics } from "../../ops/metrics";
import { decideAll, HELD_REASONS, type Decision } from "./decide";
import { queueSummary, summarize } from "./summary";
import { msUntilQuietHoursEnd } from "./quiet-hours";
import { mailMessageId, sendMail } from "./mail";
import { sendPush, topicOf, type PushOptions } from "./push";
import { createPacer } from "./pace";
import { messageTextsNow } from "./follow-message";
import {
  claimJobs,
  deleteSubscriptionById,
  findRecipient,
  finishJob,
  finishJobs,
  insertNotifications,
  retryJobAt,
  subscriptionsOf,
  subscriptionsOfMany,
  type Job,
  type JobEnd,
  type NewNotification,
  type StoredSubscription,
} from "./repository";
import type { PushPayload } from "@shared/entities";
import { everyWhileOpen } from "../../single-flight";

/**
 * Jobs claimed by one statement. A batch's statements (deciding, listing, finishing) run back to
 * back; on embedded PGlite they run on the event loop itself, and at 25 jobs the longest wait they
 * cause chat is about 13 ms instead of 20 to 37 at 100 (docs/notifications.md). On Postgres the
 * size made no difference to chat and an @channel to a thousand people still takes about 1.3 s.
 */
const BATCH = 25;
/** A claimed job is this node's for this long; a node that dies mid-job leaves it to another after. */
const LEASE_MS = 60_000;
export const MAX_ATTEMPTS = 8;
/** Jobs that are claimed before the rest, and pushed without pacing (./pace.ts). */
const URGENT_KINDS = ["call_ring", "call_withdraw"] as const;

/** 5 s, 10 s, 20 s ... at most an hour. */
export const backoffMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/** `notifications.create`: lists a job's item in its person's notification centre, once per job. */
export async function createNotification(ctx: AppContext, row: NewNotification) {
  return (await createNotifications(ctx, [row]))[0];
}

/** `notifications.create` for a batch: the items and their change records in one transaction, two statements. */
export async function createNotifications(ctx: AppContext, rows: readonly NewNotification[]) {
  if (!rows.length) return [];
  return withChanges(ctx, async (trx, log) => {
    const created = await insertNotifications(trx, rows);
    for (const c of created) log.add("notifications", "create", c.id, c);
    return created;
  });
}

/**
 * `notifications.create` for a decided batch, answering the decisions as they stand once listed:
 * a message job's item (and push) takes its message's text as it reads in the listing's
 * transaction, and one whose message was deleted since the decision, or whose job a delete
 * withdrew, is skipped (./follow-message.ts says why a second read).
 */
export async function listItems(ctx: AppContext, jobs: readonly Job[], decided: readonly Decision[]): Promise<Decision[]> {
  const listed = (d: Decision) => (d.skip ? undefined : d.item);
  if (!decided.some(listed)) return [...decided];
  return withChanges(ctx, async (trx, log) => {
    const texts = await messageTextsNow(trx, jobs.filter((job, i) => job.kind === "message" && listed(decided[i])));
    const decisions = decided.map((d, i): Decision => {
      const text = texts.get(jobs[i].id);
      if (text === undefined || text === d.item!.body) return d;
      if (text === null) return { skip: "message deleted" };
      return { ...d, item: { ...d.item!, body: text }, ...(d.push ? { push: { ...d.push, body: text } } : {}) };
    });
    const rows = jobs.flatMap((job, i) => {
      const item = listed(decisions[i]);
      return item ? [{ user_id: job.user_id, job_id: job.id, ...item }] : [];
    });
    for (const c of rows.length ? await insertNotifications(trx, rows) : []) log.add("notifications", "create", c.id, c);
    return decisions;
  });
}

/** One pacer per node (per app context): ./pace.ts. */
const pacerOf = perContext((ctx: AppContext) => createPacer(ctx.config.notify.pushRate));

/** Pushes to every browser of the person; answers how many took it and what went wrong. */
async function pushToAll(ctx: AppContext, subs: readonly StoredSubscription[], payload: PushPayload, options?: PushOptions): Promise<{ sent: number; problems: string[] }> {
  const problems: string[] = [];
  let sent = 0;
  for (const sub of subs) {
    // A ringing call (urgency high) is not paced: it must ring now, @channel or not.
    if (options?.urgency !== "high") await pacerOf(ctx).take();
    const r = await sendPush(ctx.config, sub, payload, options);
    if (r === "sent") sent++;
    // The push service no longer knows this browser (404/410): forget it.
    else if (r === "gone") await deleteSubscriptionById(ctx.db, sub.id);
    else problems.push(r.retry);
    metrics.notification("push", r === "sent" ? "sent" : "failed");
  }
  return { sent, problems };
}

/** A summary job (./summary.ts): waits while its person is busy or in quiet hours, then tells the held pushes once. */
async function handleSummary(ctx: AppContext, job: Job): Promise<void> {
  const user = await findRecipient(ctx.db, job.user_id);
  if (!user || !user.is_active) return finishJob(ctx.db, job.id, "skipped", "recipient gone or deactivated");
  const recheck = ctx.config.notify.summaryRecheckMs;
  if (user.user_status === "busy") return retryJobAt(ctx.db, job.id, new Date(Date.now() + recheck), "waiting: busy");
  const quiet = user.quiet_hours_enabled ? msUntilQuietHoursEnd(new Date(), user.time_zone, user.quiet_hours_start, user.quiet_hours_end) : 0;
  if (quiet > 0) return retryJobAt(ctx.db, job.id, new Date(Date.now() + Math.min(Math.max(quiet, 1000), 20 * recheck)), "waiting: quiet hours");
  // Finished before the held jobs are claimed: a push held back from here on queues the next
  // summary instead of waiting on this one, and the claim hands each held job to one summary.
  await finishJob(ctx.db, job.id, "done", "summarising");
  const payload = user.notification_preferences === "none" ? null : await summarize(ctx.db, user);
  if (!payload) return finishJob(ctx.db, job.id, "done", "nothing left to tell");
  // A summary is not retried: what it tells is in the notification centre already.
  const { sent, problems } = await pushToAll(ctx, await subscriptionsOf(ctx.db, user.id), payload, { topic: topicOf(`job:${job.id}`) });
  await finishJob(ctx.db, job.id, "done", `summary ${payload.body}; sent ${sent}${problems.length ? `; ${problems.join("; ")}` : ""}`);
}

/** How a job ends once delivered: finished (with a summary to queue when held), or back later. */
type Outcome = { end: JobEnd } | { retry: string };

/** Sends a decided job's push and mail; answers how the job ends. */
async function deliver(ctx: AppContext, job: Job, d: Decision, subs: readonly StoredSubscription[]): Promise<Outcome> {
  const invite = job.kind === "invite";
  if (d.skip) return { end: { id: job.id, status: "skipped", outcome: d.skip, clearPayload: invite } };
  // A job sent again (a failed push, or a node that died mid-send and lost its lease) must not
  // show twice: its pushes keep one Topic (the push service replaces a waiting one) and the
  // payload's tag (the service worker replaces a shown one), its mail one Message-ID.
  const topic = d.pushOptions?.topic ?? topicOf(job.key ?? `job:${job.id}`);
  const { sent, problems } = d.push ? await pushToAll(ctx, subs, d.push, { ...d.pushOptions, topic }) : { sent: 0, problems: [] as string[] };
  let mailed = false;
  if (d.mail) {
    try {
      await sendMail(ctx.config, { ...d.mail, messageId: mailMessageId(ctx.config, job) });
      metrics.notification("mail", "sent");
      mailed = true;
    } catch (err) {
      metrics.notification("mail", "failed");
      problems.push(`mail: ${(err as Error).message}`);
    }
  }
  if (problems.length) {
    if (job.attempts >= MAX_ATTEMPTS) return { end: { id: job.id, status: "failed", outcome: problems.join("; "), clearPayload: invite } };
    // A retried push may reach a browser twice; its tag makes the second replace the first.
    return { retry: problems.join("; ") };
  }
  const outcome = d.noPush ? `listed; no push: ${d.noPush}` : `sent ${sent + Number(mailed)}`;
  // Held back for now (busy, quiet hours): one summary tells it afterwards (./summary.ts).
  const held = (HELD_REASONS as readonly string[]).includes(d.noPush ?? "") ? d.noPush! : null;
  // An invitation's link is a credential: it is not kept once mailed.
  return { end: { id: job.id, status: "done", outcome, clearPayload: invite, held } };
}

/** Runs `fn` over `items`, `lanes` at a time. */
async function inLanes<T>(items: readonly T[], lanes: number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}

const retryLater = (ctx: AppContext, job: Job, why: string) => retryJobAt(ctx.db, job.id, new Date(Date.now() + backoffMs(job.attempts)), why);

/**
 * Handles a claimed batch of (non-summary) jobs: decides them all from one read per kind of fact
 * (./decide.ts), lists their items in one transaction, pushes `lanes` at a time, then ends the
 * finished jobs in one statement. Should the batch's reads or listing fail, each job is tried on
 * its own, so one bad job does not hold back its neighbours.
 */
async function handleBatch(ctx: AppContext, jobs: readonly Job[], lanes: number): Promise<void> {
  let decisions: Decision[];
  try {
    decisions = await listItems(ctx, jobs, await decideAll(ctx.db, ctx.config, jobs));
  } catch (err) {
    if (jobs.length === 1) throw err;
    await inLanes(jobs, lanes, (job) => handleBatch(ctx, [job], 1).catch((e) => failed(ctx, job, e)));
    return;
  }
  const pushing = jobs.filter((_, i) => decisions[i].push && !decisions[i].skip).map((j) => j.user_id);
  const subs = await subscriptionsOfMany(ctx.db, pushing);
  const outcomes: Outcome[] = new Array(jobs.length);
  await inLanes(jobs, lanes, async (job, i) => {
    try {
      outcomes[i] = await deliver(ctx, job, decisions[i], subs.get(job.user_id) ?? []);
    } catch (err) {
      ctx.log.warn({ err, job: job.id, kind: job.kind }, "notification job failed");
      outcomes[i] = { retry: (err as Error).message ?? "failed" };
    }
  });
  const ends = outcomes.flatMap((o) => ("end" in o ? [o.end] : []));
  await finishJobs(ctx.db, ends);
  // One at a time: a push service that is down sends a whole batch back, and chat needs the pool.
  const held = new Set<number>();
  for (const [i, job] of jobs.entries()) {
    const o = outcomes[i];
    if ("retry" in o) await retryLater(ctx, job, o.retry);
    else if (o.end.held) held.add(job.user_id);
  }
  const recheck = ctx.config.notify.summaryRecheckMs;
  for (const userId of held) await queueSummary(ctx.db, userId, new Date(Date.now() + recheck));
}

function failed(ctx: AppContext, job: Job, err: unknown): Promise<void> {
  ctx.log.warn({ err, job: job.id, kind: job.kind }, "notification job failed");
  return retryLater(ctx, job, (err as Error).message ?? "failed").catch(() => {});
}

/**
 * Handles the jobs due now; answers how many were claimed. Jobs are claimed in batches, decided
 * and listed a batch at a time, and pushed `NOTIFY_CONCURRENCY` at a time: most of a job's time
 * is the push service's answer, so an @channel in a big channel goes out in seconds; the few
 * statements per batch leave the database pool to chat.
 */
export async function runDueJobs(ctx: AppContext): Promise<number> {
  let total = 0;
  const lanes = Math.max(1, ctx.config.notify.concurrency);
  // A paced batch must be sent well within its lease, or another node would take it over.
  const rate = ctx.config.notify.pushRate;
  const batch = rate > 0 ? Math.max(1, Math.min(BATCH, Math.floor((rate * LEASE_MS) / 4000))) : BATCH;
  for (;;) {
    // A ringing call or its withdrawal first: it must not wait behind an @channel's thousand pushes.
    const urgent = await claimJobs(ctx.db, batch, LEASE_MS, URGENT_KINDS);
    const jobs = urgent.length < batch ? [...urgent, ...(await claimJobs(ctx.db, batch - urgent.length, LEASE_MS))] : urgent;
    total += jobs.length;
    const summaries = jobs.filter((j) => j.kind === "summary");
    const rest = jobs.filter((j) => j.kind !== "summary");
    await inLanes(summaries, lanes, (job) => handleSummary(ctx, job).catch((err) => failed(ctx, job, err)));
    if (rest.length) await handleBatch(ctx, rest, lanes).catch((err) => Promise.all(rest.map((job) => failed(ctx, job, err))));
    if (jobs.length < batch) return total;
  }
}

/** Runs the worker every `everyMs` until the realtime layer that was there at start goes away (as calendar reminders do). */
export function startNotificationWorker(ctx: AppContext, everyMs = ctx.config.notify.sweepMs): { wake: () => void } {
  const run = everyWhileOpen(ctx, everyMs, () => runDueJobs(ctx), (err) => ctx.log.warn({ err }, "notification sweep failed"));
  return { wake: run };
}
