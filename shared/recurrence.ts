// Occurrences of a recurring event. RRULE days and hours are wall-clock in the event's zone, so
// the rule is expanded on wall-clock times (written as UTC, as the rrule library expects) and
// each occurrence is turned back into an instant in that zone; exceptions then cancel or move
// single occurrences by their original start.
// Its CommonJS build, on Node and in the client bundle alike (vite.config.ts says why).
import rrule from "rrule";
import { TZDate } from "@date-fns/tz";
import type { RecurrenceException } from "./entities/calendar_events";

const { rrulestr } = rrule;

export interface Occurrence {
  start: Date;
  end: Date;
  /** The original start of this occurrence (ISO, UTC): how an exception names it. */
  occurrence: string | null;
  title?: string;
}

export interface Recurring {
  start: Date;
  end: Date;
  rule: string | null;
  exceptions: RecurrenceException[];
}

function wallAsUtc(d: Date, zone: string): Date {
  const z = new TZDate(d.getTime(), zone);
  return new Date(Date.UTC(z.getFullYear(), z.getMonth(), z.getDate(), z.getHours(), z.getMinutes(), z.getSeconds()));
}

function utcWallToInstant(w: Date, zone: string): Date {
  return new Date(new TZDate(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate(), w.getUTCHours(), w.getUTCMinutes(), w.getUTCSeconds(), zone).getTime());
}

/** The occurrences overlapping [from, to), at most `max`; a single event is its one occurrence. */
export function expand(event: Recurring, from: Date, to: Date, zone = "UTC", max = 1000): Occurrence[] {
  const length = event.end.getTime() - event.start.getTime();
  if (!event.rule) return event.end > from && event.start < to ? [{ start: event.start, end: event.end, occurrence: null }] : [];
  let rule;
  try {
    rule = rrulestr(`RRULE:${event.rule.replace(/^RRULE:/, "")}`, { dtstart: wallAsUtc(event.start, zone) });
  } catch {
    return [{ start: event.start, end: event.end, occurrence: null }];
  }
  const byOccurrence = new Map(event.exceptions.map((x) => [new Date(x.occurrence).getTime(), x]));
  const out: Occurrence[] = [];
  // Look back one event length so an occurrence that began before `from` but runs into it counts.
  const starts = rule.between(wallAsUtc(new Date(from.getTime() - length - 86_400_000), zone), wallAsUtc(new Date(to.getTime() + 86_400_000), zone), true, (_d, i) => i < max);
  for (const w of starts) {
    const start = utcWallToInstant(w, zone);
    const x = byOccurrence.get(start.getTime());
    if (x?.cancelled) continue;
    const s = x?.start ? new Date(x.start) : start;
    const e = x?.end ? new Date(x.end) : new Date(s.getTime() + length);
    if (e > from && s < to) out.push({ start: s, end: e, occurrence: start.toISOString(), title: x?.title });
  }
  // A moved occurrence may land in the window though its original start does not.
  for (const x of event.exceptions) {
    if (x.cancelled || !x.start) continue;
    const s = new Date(x.start);
    const e = x.end ? new Date(x.end) : new Date(s.getTime() + length);
    if (e > from && s < to && !out.some((o) => o.occurrence === new Date(x.occurrence).toISOString())) out.push({ start: s, end: e, occurrence: new Date(x.occurrence).toISOString(), title: x.title });
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}

export type RepeatKind = "none" | "daily" | "weekly" | "monthly";
export const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;

export interface RepeatSpec {
  kind: RepeatKind;
  /** For weekly: the days, as RRULE codes. */
  days: string[];
  /** End: never, after `count` occurrences, or on `until` (YYYY-MM-DD, inclusive). */
  ends: "never" | "count" | "until";
  count: number;
  until: string;
}

export function toRule(r: RepeatSpec): string | null {
  if (r.kind === "none") return null;
  const parts = [`FREQ=${r.kind.toUpperCase()}`];
  if (r.kind === "weekly" && r.days.length) parts.push(`BYDAY=${r.days.join(",")}`);
  if (r.ends === "count" && r.count > 0) parts.push(`COUNT=${Math.min(999, Math.floor(r.count))}`);
  if (r.ends === "until" && /^\d{4}-\d{2}-\d{2}$/.test(r.until)) parts.push(`UNTIL=${r.until.replace(/-/g, "")}T235959Z`);
  return parts.join(";");
}

export function fromRule(rule: string | null | undefined): RepeatSpec {
  const spec: RepeatSpec = { kind: "none", days: [], ends: "never", count: 10, until: "" };
  if (!rule) return spec;
  const fields = Object.fromEntries(rule.replace(/^RRULE:/, "").split(";").map((p) => p.split("=") as [string, string]));
  const freq = (fields.FREQ ?? "").toLowerCase();
  spec.kind = freq === "daily" || freq === "weekly" || freq === "monthly" ? freq : "none";
  spec.days = fields.BYDAY ? fields.BYDAY.split(",") : [];
  if (fields.COUNT) {
    spec.ends = "count";
    spec.count = Number(fields.COUNT);
  } else if (fields.UNTIL) {
    spec.ends = "until";
    spec.until = `${fields.UNTIL.slice(0, 4)}-${fields.UNTIL.slice(4, 6)}-${fields.UNTIL.slice(6, 8)}`;
  }
  return spec;
}
