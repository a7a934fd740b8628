// Calendar reminders for people with no tab open (docs/notifications.md). The reminder sweep
// sends each occurrence's reminder from exactly one node (docs/operations.md, "Several nodes") as an in-app
// notice to open tabs; whoever had no socket on any node then gets a `reminder` job, written in
// the sweep's transaction, pushed while the occurrence has not started and the event still exists.
import type { AppContext } from "../../context";
import type { DbLike } from "../../entities/repository";
import type { PushDecision } from "./call-push";
import { insertKeyedJobs, type Job, type KeyedJob } from "./repository";

/** The reminder jobs of those told with no socket on any node then (an open tab shows the in-app notice). */
export async function reminderJobs(ctx: AppContext, r: { eventId: number; start: Date; notices: { userId: number; title: string; body: string; link: string }[] }): Promise<KeyedJob[]> {
  const jobs: KeyedJob[] = [];
  const due = new Date();
  for (const n of r.notices) {
    if (ctx.realtime && (await ctx.realtime.hasSocket(n.userId))) continue;
    const payload = { event_id: r.eventId, start: r.start.toISOString(), title: n.title, body: n.body, link: n.link };
    jobs.push({ kind: "reminder", user_id: n.userId, payload, due, key: `reminder:${r.eventId}:${r.start.getTime()}:${n.userId}` });
  }
  return jobs;
}

/** Part of the reminder sweep's transaction that moves the event on to its next reminder. */
export async function queueReminderPushes(trx: DbLike, jobs: KeyedJob[]): Promise<void> {
  await insertKeyedJobs(trx, jobs);
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

/** `held`: why the person's preference or status holds the push back (./decide.ts judges that), or null. */
export async function decideReminder(db: DbLike, job: Job, held: string | null): Promise<PushDecision> {
  const p = job.payload;
  const start = new Date(str(p.start)).getTime();
  if (!Number.isFinite(start) || start <= Date.now()) return { skip: "already started" };
  const event = await db.selectFrom("calendar_events").select("id").where("id", "=", Number(p.event_id)).executeTakeFirst();
  if (!event) return { skip: "event deleted" };
  if (held) return { skip: held };
  return {
    push: { title: str(p.title), body: str(p.body), url: str(p.link) || "/Calendar", tag: `event-${Number(p.event_id)}-${start}`, kind: "reminder" },
    // Of no use once the occurrence has begun.
    pushOptions: { ttlSeconds: Math.max(60, Math.ceil((start - Date.now()) / 1000)), urgency: "high" },
  };
}
