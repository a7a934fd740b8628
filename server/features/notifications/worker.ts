// The notification worker (README, "Notifications"): every node runs one. It claims due jobs
// from the durable queue (./repository.ts, `for update skip locked`, so each job has one sender
// across nodes), decides each against the facts of the moment (./decide.ts), lists it in the
// notification centre (table notifications, one command with its change record:
// docs/architecture.md, "The write path"), pushes it to the person's browsers and mails what is
// mailed. A failed push or mail comes back later with exponential backoff. None of this runs in a
// request or in the socket hub: jobs are only written there (./enqueue.ts).
import type { AppContext } from "../../context";
import { withChanges } from "../../feed/changelog";
import { metrics } from "../../ops/metrics";
import { decide, HELD_REASONS } from "./decide";
import { queueSummary, summarize } from "./summary";
import { msUntilQuietHoursEnd } from "./quiet-hours";
import { sendMail } from "./mail";
import { sendPush, type PushOptions } from "./push";
import { claimJobs, deleteSubscriptionById, findRecipient, finishJob, insertNotification, retryJobAt, subscriptionsOf, type Job } from "./repository";
import type { PushPayload } from "@shared/entities";

/** Jobs claimed by one statement. */
const BATCH = 100;
/** A claimed job is this node's for this long; a node that dies mid-job leaves it to another after. */
const LEASE_MS = 60_000;
export const MAX_ATTEMPTS = 8;

/** 5 s, 10 s, 20 s ... at most an hour. */
export const backoffMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/** `notifications.create`: lists a job's item in its person's notification centre, once per job. */
export async function createNotification(ctx: AppContext, row: { user_id: number; job_id: number | null; kind: string; title: string; body: string; link: string }) {
  return withChanges(ctx, async (trx, log) => {
    const created = await insertNotification(trx, row);
    if (created) log.add("notifications", "create", created.id, created);
    return created;
  });
}

/** Pushes to every browser of the person; answers how many took it and what went wrong. */
async function pushToAll(ctx: AppContext, userId: number, payload: PushPayload, options?: PushOptions): Promise<{ sent: number; problems: string[] }> {
  const problems: string[] = [];
  let sent = 0;
  for (const sub of await subscriptionsOf(ctx.db, userId)) {
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
  const { sent, problems } = await pushToAll(ctx, user.id, payload);
  await finishJob(ctx.db, job.id, "done", `summary ${payload.body}; sent ${sent}${problems.length ? `; ${problems.join("; ")}` : ""}`);
}

async function handle(ctx: AppContext, job: Job): Promise<void> {
  if (job.kind === "summary") return handleSummary(ctx, job);
  const d = await decide(ctx.db, ctx.config, job);
  if (d.skip) return finishJob(ctx.db, job.id, "skipped", d.skip, job.kind === "invite");
  if (d.item) await createNotification(ctx, { user_id: job.user_id, job_id: job.id, ...d.item });
  const { sent, problems } = d.push ? await pushToAll(ctx, job.user_id, d.push, d.pushOptions) : { sent: 0, problems: [] as string[] };
  let mailed = false;
  if (d.mail) {
    try {
      await sendMail(ctx.config, d.mail);
      metrics.notification("mail", "sent");
      mailed = true;
    } catch (err) {
      metrics.notification("mail", "failed");
      problems.push(`mail: ${(err as Error).message}`);
    }
  }
  if (problems.length) {
    if (job.attempts >= MAX_ATTEMPTS) return finishJob(ctx.db, job.id, "failed", problems.join("; "), job.kind === "invite");
    // A retried push may reach a browser twice; its tag makes the second replace the first.
    return retryJobAt(ctx.db, job.id, new Date(Date.now() + backoffMs(job.attempts)), problems.join("; "));
  }
  const outcome = d.noPush ? `listed; no push: ${d.noPush}` : `sent ${sent + Number(mailed)}`;
  // Held back for now (busy, quiet hours): one summary tells it afterwards (./summary.ts).
  const held = (HELD_REASONS as readonly string[]).includes(d.noPush ?? "") ? d.noPush! : null;
  // An invitation's link is a credential: it is not kept once mailed.
  await finishJob(ctx.db, job.id, "done", outcome, job.kind === "invite", held);
  if (held) await queueSummary(ctx.db, job.user_id, new Date(Date.now() + ctx.config.notify.summaryRecheckMs));
}

/**
 * Handles the jobs due now; answers how many were claimed. Jobs are claimed in batches and
 * handled `NOTIFY_CONCURRENCY` at a time: most of a job's time is the push service's answer, so
 * an @channel in a big channel goes out in seconds; the bound keeps the worker to a few of the
 * database pool's connections, leaving the rest to chat.
 */
export async function runDueJobs(ctx: AppContext): Promise<number> {
  let total = 0;
  const lanes = Math.max(1, ctx.config.notify.concurrency);
  for (;;) {
    const jobs = await claimJobs(ctx.db, BATCH, LEASE_MS);
    total += jobs.length;
    let next = 0;
    const lane = async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        try {
          await handle(ctx, job);
        } catch (err) {
          ctx.log.warn({ err, job: job.id, kind: job.kind }, "notification job failed");
          await retryJobAt(ctx.db, job.id, new Date(Date.now() + backoffMs(job.attempts)), (err as Error).message ?? "failed").catch(() => {});
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(lanes, jobs.length) }, lane));
    if (jobs.length < BATCH) return total;
  }
}

/** Runs the worker every `everyMs` until the realtime layer that was there at start goes away (as calendar reminders do). */
export function startNotificationWorker(ctx: AppContext, everyMs = ctx.config.notify.sweepMs): { wake: () => void } {
  let running = false;
  let again = false;
  let hub = ctx.realtime;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    runDueJobs(ctx)
      .catch((err) => ctx.log.warn({ err }, "notification sweep failed"))
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(() => {
    if (hub && ctx.realtime !== hub) return clearInterval(timer);
    hub = ctx.realtime;
    run();
  }, everyMs);
  timer.unref();
  return { wake: run };
}
