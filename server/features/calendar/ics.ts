// An RFC 5545 calendar of one user's events and dated tasks. Times are written in UTC (no
// VTIMEZONE needed); a recurring event carries its RRULE, cancelled occurrences as EXDATE and
// moved ones as their own VEVENT with the same UID and a RECURRENCE-ID.
import type { RecurrenceException } from "@shared/entities/calendar_events";

export interface FeedEvent {
  id: number;
  title: string;
  description: string | null;
  location: string | null;
  start: Date;
  end: Date;
  updated: Date;
  rrule: string | null;
  exceptions: RecurrenceException[];
  meetingUrl: string | null;
}

export interface FeedTask {
  id: number;
  title: string;
  description: string | null;
  due: string; // YYYY-MM-DD
  updated: Date;
}

const utc = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
const day = (ymd: string) => ymd.replace(/-/g, "");
const nextDay = (ymd: string) => {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10).replace(/-/g, "");
};

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 3.3.11). */
const esc = (s: string) => s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** Lines longer than 75 octets fold onto continuation lines starting with a space (3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let limit = 75;
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length);
    // Never split a UTF-8 sequence.
    while (end < bytes.length && (bytes[end] & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString("utf8"));
    start = end;
    limit = 74;
  }
  return parts.join("\r\n ");
}

export function buildCalendar(name: string, host: string, events: FeedEvent[], tasks: FeedTask[], now = new Date()): string {
  const lines: string[] = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Teamspace//Calendar feed//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH", `X-WR-CALNAME:${esc(name)}`];
  const stamp = utc(now);
  const common = (e: FeedEvent) => {
    if (e.description) lines.push(`DESCRIPTION:${esc(e.description)}`);
    if (e.location) lines.push(`LOCATION:${esc(e.location)}`);
    if (e.meetingUrl) lines.push(`URL:${e.meetingUrl}`);
  };
  for (const e of events) {
    const uid = `event-${e.id}@${host}`;
    lines.push("BEGIN:VEVENT", `UID:${uid}`, `DTSTAMP:${stamp}`, `LAST-MODIFIED:${utc(e.updated)}`, `DTSTART:${utc(e.start)}`, `DTEND:${utc(e.end)}`, `SUMMARY:${esc(e.title)}`);
    common(e);
    if (e.rrule) {
      lines.push(`RRULE:${e.rrule}`);
      // A moved occurrence is not excluded: its RECURRENCE-ID override below replaces it.
      for (const x of e.exceptions) if (x.cancelled) lines.push(`EXDATE:${utc(new Date(x.occurrence))}`);
    }
    lines.push("END:VEVENT");
    if (!e.rrule) continue;
    for (const x of e.exceptions) {
      if (x.cancelled || !x.start) continue;
      const start = new Date(x.start);
      const end = x.end ? new Date(x.end) : new Date(start.getTime() + (e.end.getTime() - e.start.getTime()));
      // A moved occurrence: its own event with the series' UID and the start it replaces.
      lines.push("BEGIN:VEVENT", `UID:${uid}`, `DTSTAMP:${stamp}`, `RECURRENCE-ID:${utc(new Date(x.occurrence))}`, `DTSTART:${utc(start)}`, `DTEND:${utc(end)}`, `SUMMARY:${esc(x.title ?? e.title)}`);
      common(e);
      lines.push("END:VEVENT");
    }
  }
  for (const t of tasks) {
    lines.push("BEGIN:VEVENT", `UID:task-${t.id}@${host}`, `DTSTAMP:${stamp}`, `LAST-MODIFIED:${utc(t.updated)}`, `DTSTART;VALUE=DATE:${day(t.due)}`, `DTEND;VALUE=DATE:${nextDay(t.due)}`, `SUMMARY:${esc(`Task: ${t.title}`)}`);
    if (t.description) lines.push(`DESCRIPTION:${esc(t.description)}`);
    lines.push("TRANSP:TRANSPARENT", "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(fold).join("\r\n") + "\r\n";
}
