import { addDays, addMinutes, eachDayOfInterval, isSameDay, startOfDay } from "date-fns";
import type { ApprovalRequest, CalendarEvent, Task } from "@shared/entities";
import { parseDay } from "../tasks/dates";
import { expand } from "@shared/recurrence";
import { browserZone, instantToWall, toWall, wallToInstant, type Zone } from "./time";

export type ItemKind = "event" | "task" | "prep" | "timeoff";

export interface CalendarItem {
  key: string;
  kind: ItemKind;
  title: string;
  /** Wall dates in the shown zone. */
  start: Date;
  end: Date;
  allDay: boolean;
  event?: CalendarEvent;
  /** For an occurrence of a recurring event: its original start, as a wall date's ISO. */
  occurrence?: string | null;
  task?: Task;
}

/**
 * An event's occurrences in [from, to) as wall dates in the shown zone. A series repeats in its
 * own zone (its `time_zone`), as the server's reminders and feed repeat it: a 09:00 New York
 * meeting stays at 09:00 there, so a reader in Berlin sees it an hour earlier for the two weeks
 * in March when only New York has changed its clocks.
 */
export function eventOccurrences(e: CalendarEvent, from: Date, to: Date, zone: Zone): CalendarItem[] {
  const start = toWall(e.start_datetime, zone);
  const end = toWall(e.end_datetime, zone);
  if (!start || !end) return [];
  const safeEnd = end > start ? end : addMinutes(start, 30);
  const prep = toWall(e.preparation_time, zone);
  const prepLead = prep && prep < start ? start.getTime() - prep.getTime() : null;
  const instant = (wall: Date) => new Date(wallToInstant(wall, zone));
  const wall = (d: Date) => instantToWall(d.toISOString(), zone);
  const series = { start: instant(start), end: instant(safeEnd), rule: e.recurrence_rule, exceptions: e.recurrence_exceptions ?? [] };
  const out: CalendarItem[] = [];
  for (const o of expand(series, instant(from), instant(to), e.time_zone || zone.profile || browserZone())) {
    const occurrence = o.occurrence ? wall(new Date(o.occurrence)).toISOString() : null;
    const key = `e${e.id}:${occurrence ?? "single"}`;
    const os = wall(o.start);
    out.push({ key, kind: "event", title: o.title ?? e.title, start: os, end: wall(o.end), allDay: false, event: e, occurrence });
    if (prepLead && (e.event_type === "appointment" || e.event_type === "meeting")) {
      const ps = new Date(os.getTime() - prepLead);
      out.push({ key: `p${key}`, kind: "prep", title: `Prepare: ${e.title}`, start: ps, end: addMinutes(ps, 30), allDay: false, event: e, occurrence });
    }
  }
  return out;
}

export function buildItems(events: CalendarEvent[], tasks: Task[], timeOff: ApprovalRequest[], from: Date, to: Date, zone: Zone): CalendarItem[] {
  const items = events.flatMap((e) => eventOccurrences(e, from, to, zone)).filter((i) => i.end > from && i.start < to);
  for (const t of tasks) {
    const d = parseDay(t.due_date);
    if (d && d >= startOfDay(from) && d < to) items.push({ key: `t${t.id}`, kind: "task", title: t.title, start: d, end: addDays(d, 1), allDay: true, task: t });
  }
  for (const r of timeOff) {
    const s = parseDay(r.start_date);
    const e = parseDay(r.end_date) ?? s;
    if (!s || !e || e < s) continue;
    for (const d of eachDayOfInterval({ start: s, end: e })) {
      if (d >= startOfDay(from) && d < to) items.push({ key: `o${r.id}:${d.toDateString()}`, kind: "timeoff", title: `Time Off: ${r.title}`, start: d, end: addDays(d, 1), allDay: true });
    }
  }
  return items.sort((a, b) => Number(b.allDay) - Number(a.allDay) || a.start.getTime() - b.start.getTime());
}

export const itemsOn = (items: CalendarItem[], day: Date) =>
  items.filter((i) => (i.allDay ? isSameDay(i.start, day) : i.start < addDays(startOfDay(day), 1) && i.end > startOfDay(day)));

export const KIND_CLASS: Record<ItemKind | "meeting" | "reminder", string> = {
  event: "bg-blue-500/12 text-blue-700 border-blue-500/25 dark:text-blue-300",
  meeting: "bg-violet-500/12 text-violet-700 border-violet-500/25 dark:text-violet-300",
  reminder: "bg-amber-500/15 text-amber-800 border-amber-500/25 dark:text-amber-300",
  task: "bg-emerald-500/12 text-emerald-700 border-emerald-500/25 dark:text-emerald-300",
  prep: "bg-muted text-muted-foreground border-dashed border-border",
  timeoff: "bg-rose-500/10 text-rose-700 border-rose-500/25 dark:text-rose-300",
};

export function itemClass(i: CalendarItem): string {
  if (i.kind === "event" && i.event?.event_type === "meeting") return KIND_CLASS.meeting;
  if (i.kind === "event" && i.event?.event_type === "reminder") return KIND_CLASS.reminder;
  return KIND_CLASS[i.kind];
}
