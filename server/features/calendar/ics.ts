// An RFC 5545 calendar of one user's events and dated tasks (docs/calendar.md, "Calendar feed"). Each event
// is written in its own zone: DTSTART, DTEND, EXDATE and RECURRENCE-ID carry a TZID, and the
// calendar a VTIMEZONE for it (timezones-ical-library, built from the IANA database), so every
// reader repeats a series at the wall-clock hour the app repeats it at, on both sides of a
// daylight-saving change. Events in UTC are written in UTC. A moved occurrence is its own VEVENT
// with the series' UID and a RECURRENCE-ID; meetings name their ORGANIZER and ATTENDEEs; dated
// tasks are all-day events.
import { TZDate } from "@date-fns/tz";
import { tzlib_get_ical_block } from "timezones-ical-library";
import type { RecurrenceException } from "@shared/entities/calendar_events";

export interface Person {
  email: string;
  name: string | null;
}

export interface FeedEvent {
  id: number;
  title: string;
  description: string | null;
  location: string | null;
  start: Date;
  end: Date;
  updated: Date;
  /** The IANA zone the event repeats in. */
  zone: string;
  rrule: string | null;
  exceptions: RecurrenceException[];
  meetingUrl: string | null;
  /** Meetings only: who called it and who is invited. */
  organizer: Person | null;
  attendees: Person[];
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

const pad = (n: number) => String(n).padStart(2, "0");

/** A VTIMEZONE and the TZID it defines (the library's spelling: "Asia/Kolkata" for "Asia/Calcutta"). */
interface ZoneDef {
  tzid: string;
  lines: string[];
}

const zoneDefs = new Map<string, ZoneDef | null>();

/** The zone's VTIMEZONE, or null for UTC (and a zone the library does not know: then UTC too). */
function zoneDef(zone: string): ZoneDef | null {
  if (!zoneDefs.has(zone)) {
    const got = zone === "UTC" || zone === "Etc/UTC" ? "" : tzlib_get_ical_block(zone);
    zoneDefs.set(zone, Array.isArray(got) && got[0] ? { tzid: got[1].replace(/^TZID=/, ""), lines: got[0].split(/\r?\n/).filter(Boolean) } : null);
  }
  return zoneDefs.get(zone)!;
}

/** The wall-clock time of an instant in a zone, as an RFC 5545 local DATE-TIME. */
function wall(d: Date, zone: string): string {
  const z = new TZDate(d.getTime(), zone);
  return `${z.getFullYear()}${pad(z.getMonth() + 1)}${pad(z.getDate())}T${pad(z.getHours())}${pad(z.getMinutes())}${pad(z.getSeconds())}`;
}

/** `NAME;TZID=Europe/Berlin:20270301T090000` in the event's zone, or `NAME:20270301T080000Z`. */
function timeProp(name: string, d: Date, e: FeedEvent): string {
  const def = zoneDef(e.zone);
  return def ? `${name};TZID=${def.tzid}:${wall(d, e.zone)}` : `${name}:${utc(d)}`;
}

/**
 * The app reads an RRULE's UNTIL as wall-clock time in the series' zone (the form writes the last
 * day's 23:59:59); RFC 5545 wants UTC. Written as the instant the app means, so a reader ends the
 * series on the same occurrence.
 */
function feedRule(rule: string, zone: string): string {
  return rule.replace(/UNTIL=(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?/, (_m, y, mo, d, h = "00", mi = "00", s = "00") => {
    return `UNTIL=${utc(new Date(new TZDate(+y, +mo - 1, +d, +h, +mi, +s, zone).getTime()))}`;
  });
}

/** A CN parameter: quoted, since names may hold ',', ';' or ':'; quotes and control characters cannot appear in one. */
const cn = (p: Person) => (p.name ? `;CN="${[...p.name].filter((c) => c !== '"' && c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join("")}"` : "");

export function buildCalendar(name: string, host: string, events: FeedEvent[], tasks: FeedTask[], now = new Date()): string {
  const lines: string[] = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Teamspace//Calendar feed//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH", `X-WR-CALNAME:${esc(name)}`];
  const tzids = new Set<string>();
  for (const e of events) {
    const def = zoneDef(e.zone);
    if (def && !tzids.has(def.tzid)) {
      tzids.add(def.tzid);
      lines.push(...def.lines);
    }
  }
  const stamp = utc(now);
  const common = (e: FeedEvent) => {
    if (e.description) lines.push(`DESCRIPTION:${esc(e.description)}`);
    if (e.location) lines.push(`LOCATION:${esc(e.location)}`);
    if (e.meetingUrl) lines.push(`URL:${e.meetingUrl}`);
    if (e.organizer) lines.push(`ORGANIZER${cn(e.organizer)}:mailto:${e.organizer.email}`);
    for (const a of e.attendees) lines.push(`ATTENDEE${cn(a)};ROLE=REQ-PARTICIPANT:mailto:${a.email}`);
  };
  for (const e of events) {
    const uid = `event-${e.id}@${host}`;
    lines.push("BEGIN:VEVENT", `UID:${uid}`, `DTSTAMP:${stamp}`, `LAST-MODIFIED:${utc(e.updated)}`, timeProp("DTSTART", e.start, e), timeProp("DTEND", e.end, e), `SUMMARY:${esc(e.title)}`);
    common(e);
    if (e.rrule) {
      lines.push(`RRULE:${feedRule(e.rrule, e.zone)}`);
      // A moved occurrence is not excluded: its RECURRENCE-ID override below replaces it.
      for (const x of e.exceptions) if (x.cancelled) lines.push(timeProp("EXDATE", new Date(x.occurrence), e));
    }
    lines.push("END:VEVENT");
    if (!e.rrule) continue;
    for (const x of e.exceptions) {
      if (x.cancelled || !x.start) continue;
      const start = new Date(x.start);
      const end = x.end ? new Date(x.end) : new Date(start.getTime() + (e.end.getTime() - e.start.getTime()));
      // A moved occurrence: its own event with the series' UID and the start it replaces.
      lines.push("BEGIN:VEVENT", `UID:${uid}`, `DTSTAMP:${stamp}`, timeProp("RECURRENCE-ID", new Date(x.occurrence), e), timeProp("DTSTART", start, e), timeProp("DTEND", end, e), `SUMMARY:${esc(x.title ?? e.title)}`);
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
