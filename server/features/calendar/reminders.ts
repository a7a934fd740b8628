// Calendar reminders: before every occurrence of an event (./reminder-plan says when) its creator
// and attendees get an in-app notice, once. Every node runs the sweep. An event keeps the time of
// its next reminder in `next_reminder_at`; a sweep moves each due event on to its following
// reminder with one compare-and-set statement and sends the notices only where that statement
// changed the row, so each reminder goes out from exactly one node (docs/operations.md, "Several nodes").
import type { AppContext } from "../../context";
import { advanceReminder, findDueReminders, findUserZonesByEmails } from "./repository";
import { sweepPlan, type Reminder } from "./reminder-plan";
import { zonedText } from "@shared/entities/calendar_events";

// Reminders older than this (a node was down) are passed over without a notice: too late to help.
const STALE_MINUTES = 60;
/** Events read per query; a sweep goes on until fewer are due. */
const BATCH = 100;

type DueEvent = Awaited<ReturnType<typeof findDueReminders>>[number];

/** Sends the reminders due at `now`; answers how many were sent (each to every person of its event). */
export async function sendDueReminders(ctx: AppContext, now = new Date()): Promise<number> {
  const toSend: { event: DueEvent; reminder: Reminder }[] = [];
  for (;;) {
    const rows = await findDueReminders(ctx.db, now, BATCH);
    for (const row of rows) {
      const due = row.next_reminder_at!;
      const plan = sweepPlan({ ...row, recurrence_exceptions: row.recurrence_exceptions ?? [] }, due, row.reminded_through, now);
      if (!(await advanceReminder(ctx.db, row.id, due, plan.next, plan.remindedThrough))) continue;
      for (const reminder of plan.due) {
        if (now.getTime() - reminder.at.getTime() <= STALE_MINUTES * 60_000) toSend.push({ event: row, reminder });
      }
    }
    if (rows.length < BATCH) break;
  }
  if (ctx.realtime) for (const { event, reminder } of toSend) await notify(ctx, event, reminder);
  return toSend.length;
}

async function notify(ctx: AppContext, e: DueEvent, r: Reminder): Promise<void> {
  const emails = [...new Set([e.created_by, ...(e.attendees ?? [])].map((m) => m.toLowerCase()))];
  const people = await findUserZonesByEmails(ctx.db, emails);
  const link = e.event_type === "meeting" && e.meeting_id ? `/Meet?meetingId=${encodeURIComponent(e.meeting_id)}` : "/Calendar";
  const notices: { userId: number; title: string; body: string; link: string }[] = [];
  for (const p of people) {
    const starts = zonedText(r.start, p.time_zone).slice(11, 16);
    const notice = { title: `Reminder: ${r.title ?? e.title}`, body: `Starts at ${starts}${p.time_zone ? "" : " UTC"}.`, link };
    ctx.realtime?.toUsers([p.id], "notifications.create", { id: `reminder-${e.id}-${r.start.getTime()}`, ...notice });
    notices.push({ userId: p.id, ...notice });
  }
  // Those with no tab open hear of it by push (docs/notifications.md).
  ctx.events.emit("calendar.reminder", { eventId: e.id, start: r.start, notices });
}

/** Runs the sweep every `everyMs` until the realtime layer that was there at start goes away. */
export function startReminderSweep(ctx: AppContext, everyMs = ctx.config.reminderSweepMs): void {
  let running = false;
  let hub = ctx.realtime;
  const timer = setInterval(() => {
    if (hub && ctx.realtime !== hub) return clearInterval(timer);
    hub = ctx.realtime;
    if (running) return;
    running = true;
    sendDueReminders(ctx)
      .catch((err) => ctx.log.warn({ err }, "reminder sweep failed"))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
}
