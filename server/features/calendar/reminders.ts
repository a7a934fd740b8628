// Calendar reminders: at reminder_time the creator and attendees get an in-app notice. Every
// node runs the sweep; `update ... where reminded_at is null returning` hands each reminder to
// exactly one of them, so it is sent once.
import type { AppContext } from "../../context";
import { claimDueReminders, findUserZonesByEmails } from "./repository";
import { zonedText } from "@shared/entities/calendar_events";

// Reminders older than this (a node was down) are marked sent without a notice: too late to help.
const STALE_MINUTES = 60;

export async function sendDueReminders(ctx: AppContext): Promise<number> {
  const due = await claimDueReminders(ctx.db);
  if (!ctx.realtime) return due.length;
  for (const e of due) {
    if (e.reminder_time && Date.now() - new Date(e.reminder_time).getTime() > STALE_MINUTES * 60_000) continue;
    const emails = [...new Set([e.created_by, ...(e.attendees ?? [])].map((m) => m.toLowerCase()))];
    const people = await findUserZonesByEmails(ctx.db, emails);
    const link = e.event_type === "meeting" && e.meeting_id ? `/Meet?meetingId=${encodeURIComponent(e.meeting_id)}` : "/Calendar";
    for (const p of people) {
      const starts = zonedText(new Date(e.start_datetime), p.time_zone).slice(11, 16);
      ctx.realtime.toUsers([p.id], "notifications.create", {
        id: `reminder-${e.id}-${new Date(e.start_datetime).getTime()}`,
        title: `Reminder: ${e.title}`,
        body: `Starts at ${starts}${p.time_zone ? "" : " UTC"}.`,
        link,
      });
    }
  }
  return due.length;
}

/** Runs the sweep every few seconds until the realtime layer that was there at start goes away. */
export function startReminderSweep(ctx: AppContext, everyMs = 15_000): void {
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
