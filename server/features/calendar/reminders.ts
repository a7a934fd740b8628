// Calendar reminders: before every occurrence of an event (./reminder-plan says when) its creator
// and attendees get an in-app notice, once. Every node runs the sweep. An event keeps the time of
// its next reminder in `next_reminder_at`; a sweep moves each due event on to its following
// reminder with one compare-and-set statement and sends the notices only where that statement
// changed the row, so each reminder goes out from exactly one node (docs/operations.md, "Several nodes").
import type { AppContext } from "../../context";
import { everyWhileOpen } from "../../single-flight";
import { advanceReminder, findDueReminders, findUserZonesByEmails } from "./repository";
import { sweepPlan, type Reminder } from "./reminder-plan";
import { zonedText } from "@shared/entities/calendar_events";
import { queueReminderPushes, reminderJobs } from "../notifications/reminder-push";

// Reminders older than this (a node was down) are passed over without a notice: too late to help.
const STALE_MINUTES = 60;
/** Events read per query; a sweep goes on until fewer are due. */
const BATCH = 100;

type DueEvent = Awaited<ReturnType<typeof findDueReminders>>[number];

/** Sends the reminders due at `now`; answers how many were sent (each to every person of its event). */
export async function sendDueReminders(ctx: AppContext, now = new Date()): Promise<number> {
  const toSend: { event: DueEvent; reminder: Reminder; notices: Notice[] }[] = [];
  for (;;) {
    const rows = await findDueReminders(ctx.db, now, BATCH);
    for (const row of rows) {
      const due = row.next_reminder_at!;
      const plan = sweepPlan({ ...row, recurrence_exceptions: row.recurrence_exceptions ?? [] }, due, row.reminded_through, now);
      const fresh = plan.due.filter((reminder) => now.getTime() - reminder.at.getTime() <= STALE_MINUTES * 60_000);
      const sends = [];
      for (const reminder of fresh) sends.push({ event: row, reminder, notices: await noticesOf(ctx, row, reminder) });
      // The reminder moves on and the pushes of those with no tab open are queued in one
      // transaction: a node dying after it still has them sent; one losing the race sends nothing.
      const jobs: Awaited<ReturnType<typeof reminderJobs>> = [];
      for (const x of sends) jobs.push(...(await reminderJobs(ctx, { eventId: row.id, start: x.reminder.start, notices: x.notices })));
      const advanced = await ctx.db.transaction().execute(async (trx) => {
        if (!(await advanceReminder(trx, row.id, due, plan.next, plan.remindedThrough))) return false;
        await queueReminderPushes(trx, jobs);
        return true;
      });
      if (advanced) toSend.push(...sends);
    }
    if (rows.length < BATCH) break;
  }
  for (const { event, reminder, notices } of toSend) {
    for (const n of notices) ctx.realtime?.toUsers([n.userId], "notifications.create", { id: `reminder-${event.id}-${reminder.start.getTime()}`, title: n.title, body: n.body, link: n.link });
    // Its pushes are queued already: this only wakes the worker.
    ctx.events.emit("calendar.reminder", { eventId: event.id, start: reminder.start, notices });
  }
  return toSend.length;
}

type Notice = { userId: number; title: string; body: string; link: string };

/** What each person of the event is told, in their own time zone. */
async function noticesOf(ctx: AppContext, e: DueEvent, r: Reminder): Promise<Notice[]> {
  const emails = [...new Set([e.created_by, ...(e.attendees ?? [])].map((m) => m.toLowerCase()))];
  const people = await findUserZonesByEmails(ctx.db, emails);
  const link = e.event_type === "meeting" && e.meeting_id ? `/Meet?meetingId=${encodeURIComponent(e.meeting_id)}` : "/Calendar";
  return people.map((p) => {
    const starts = zonedText(r.start, p.time_zone).slice(11, 16);
    return { userId: p.id, title: `Reminder: ${r.title ?? e.title}`, body: `Starts at ${starts}${p.time_zone ? "" : " UTC"}.`, link };
  });
}

/** Runs the sweep every `everyMs` until the realtime layer that was there at start goes away. */
export function startReminderSweep(ctx: AppContext, everyMs = ctx.config.reminderSweepMs): void {
  everyWhileOpen(ctx, everyMs, () => sendDueReminders(ctx), (err) => ctx.log.warn({ err }, "reminder sweep failed"));
}
