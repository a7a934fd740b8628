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
import { decide } from "./decide";
import { sendMail } from "./mail";
import { sendPush } from "./push";
import { claimJobs, deleteSubscriptionById, finishJob, insertNotification, retryJobAt, subscriptionsOf, type Job } from "./repository";

const BATCH = 20;
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

async function handle(ctx: AppContext, job: Job): Promise<void> {
  const d = await decide(ctx.db, ctx.config, job);
  if (d.skip) return finishJob(ctx.db, job.id, "skipped", d.skip, job.kind === "invite");
  if (d.item) await createNotification(ctx, { user_id: job.user_id, job_id: job.id, ...d.item });
  const problems: string[] = [];
  let sent = 0;
  if (d.push) {
    for (const sub of await subscriptionsOf(ctx.db, job.user_id)) {
      const r = await sendPush(ctx.config, sub, d.push, d.pushOptions);
      if (r === "sent") sent++;
      // The push service no longer knows this browser (404/410): forget it.
      else if (r === "gone") await deleteSubscriptionById(ctx.db, sub.id);
      else problems.push(r.retry);
      metrics.notification("push", r === "sent" ? "sent" : "failed");
    }
  }
  if (d.mail) {
    try {
      await sendMail(ctx.config, d.mail);
      metrics.notification("mail", "sent");
      sent++;
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
  const outcome = d.noPush ? `listed; no push: ${d.noPush}` : `sent ${sent}`;
  // An invitation's link is a credential: it is not kept once mailed.
  await finishJob(ctx.db, job.id, "done", outcome, job.kind === "invite");
}

/** Handles the jobs due now; answers how many were claimed. */
export async function runDueJobs(ctx: AppContext): Promise<number> {
  let total = 0;
  for (;;) {
    const jobs = await claimJobs(ctx.db, BATCH, LEASE_MS);
    total += jobs.length;
    for (const job of jobs) {
      try {
        await handle(ctx, job);
      } catch (err) {
        ctx.log.warn({ err, job: job.id, kind: job.kind }, "notification job failed");
        await retryJobAt(ctx.db, job.id, new Date(Date.now() + backoffMs(job.attempts)), (err as Error).message ?? "failed").catch(() => {});
      }
    }
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
