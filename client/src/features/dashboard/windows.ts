// The Dashboard's windows: tasks due within 30 days and not done, events
// starting within 30 days, and channels, notes, files and decisions from the last 15 days;
// each card at most 5 items. Pure functions of the rows and "now", so the boundaries are testable.
import { addDays, differenceInCalendarDays, parseISO } from "date-fns";
import type { ApprovalRequest, CalendarEvent, Channel, Note, SharedFile, Task } from "@shared/entities";
import { parseDate } from "../../lib/format";

export const CARD_LIMIT = 5;
export const DUE_WINDOW_DAYS = 30;
export const EVENT_WINDOW_DAYS = 30;
export const RECENT_WINDOW_DAYS = 15;
const DAY_MS = 86_400_000;

const time = (v: string | null | undefined) => parseDate(v)?.getTime() ?? NaN;
const isMine = (t: Task, email: string) => {
  const me = email.toLowerCase();
  return t.assignee_email?.toLowerCase() === me || t.assignee_emails.some((e) => e.toLowerCase() === me);
};

/** The user's open tasks due on or before the 30th calendar day from today (overdue included), soonest first. */
export function dueTasks(tasks: Task[], email: string, now: Date): Task[] {
  return tasks
    .filter((t) => t.status !== "done" && t.due_date && isMine(t, email))
    .filter((t) => {
      const due = parseISO(t.due_date!);
      return !Number.isNaN(due.getTime()) && differenceInCalendarDays(due, now) <= DUE_WINDOW_DAYS;
    })
    .sort((a, b) => a.due_date!.localeCompare(b.due_date!))
    .slice(0, CARD_LIMIT);
}

/** Events that have not ended and start no later than 30 days from now, soonest first. */
export function upcomingEvents(events: CalendarEvent[], now: Date): CalendarEvent[] {
  const until = addDays(now, EVENT_WINDOW_DAYS).getTime();
  return events
    .filter((e) => {
      const start = time(e.start_datetime);
      const end = time(e.end_datetime);
      return start <= until && (Number.isNaN(end) ? start : end) >= now.getTime();
    })
    .sort((a, b) => time(a.start_datetime) - time(b.start_datetime))
    .slice(0, CARD_LIMIT);
}

/** Whether an instant lies within the last 15 days (15 days ago counts, 16 does not). */
export const isRecent = (value: string | null | undefined, now: Date) => {
  const t = time(value);
  return t >= now.getTime() - RECENT_WINDOW_DAYS * DAY_MS;
};

function newest<T>(rows: T[], at: (r: T) => string | null | undefined, now: Date): T[] {
  return rows
    .filter((r) => isRecent(at(r), now))
    .sort((a, b) => time(at(b)) - time(at(a)))
    .slice(0, CARD_LIMIT);
}

export const recentChannels = (channels: Channel[], now: Date) => newest(channels.filter((c) => c.type !== "dm"), (c) => c.last_activity ?? c.created_date, now);
export const recentNotes = (notes: Note[], now: Date) => newest(notes, (n) => n.updated_date, now);
export const recentFiles = (files: SharedFile[], now: Date) => newest(files, (f) => f.created_date, now);

/** Pending requests (they wait for a decision, whatever their age), then decisions of the last 15 days. */
export function approvalItems(requests: ApprovalRequest[], now: Date): ApprovalRequest[] {
  const pending = requests.filter((r) => r.status === "pending").sort((a, b) => time(b.created_date) - time(a.created_date));
  const decided = newest(requests.filter((r) => r.status !== "pending"), (r) => r.decision_date, now);
  return [...pending, ...decided].slice(0, CARD_LIMIT);
}
