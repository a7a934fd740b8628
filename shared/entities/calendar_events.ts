import { z } from "zod";
import { TZDate } from "@date-fns/tz";
import { boolish, dateTime, emailList, requiredText, text } from "./fields";
import { defineEntity, priorityInput, priorityValues, rowBase } from "./define";
import { isTimeZone } from "./users";

export const EVENT_TYPES = ["appointment", "meeting", "reminder"] as const;

/**
 * Stored as instants; sent as the documented 'YYYY-MM-DD HH:MM:SS' in the reader's time zone (their
 * profile's, or UTC when they have none) and read in the writer's zone, or as ISO with a zone.
 */
export const EVENT_ZONED_FIELDS = ["start_datetime", "end_datetime", "reminder_time", "preparation_time"] as const;

/** One changed occurrence of a recurring event: `occurrence` is its original start (ISO, UTC). */
export const recurrenceException = z
  .object({
    occurrence: z.string().datetime({ offset: true, error: "occurrence must be an ISO date and time" }),
    cancelled: z.boolean().optional(),
    start: z.string().datetime({ offset: true, error: "start must be an ISO date and time" }).optional(),
    end: z.string().datetime({ offset: true, error: "end must be an ISO date and time" }).optional(),
    title: z.string().trim().max(500).optional(),
  })
  .strict();
export type RecurrenceException = z.infer<typeof recurrenceException>;

/**
 * The IANA zone a series repeats in: its RRULE's days and hours are wall-clock time there, so a
 * 09:00 New York meeting stays at 09:00 New York time across daylight-saving changes. Stored in
 * Intl's spelling (e.g. "UTC" for "utc"); the server takes the writer's profile zone when a body
 * names none.
 */
export const seriesZone = text(64)
  .refine(isTimeZone, "time_zone must be an IANA time zone such as Europe/Berlin")
  .transform((name) => new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone);

/** An RFC 5545 RRULE value (without the "RRULE:" prefix) of the kinds the calendar offers. */
const rrule = z
  .string()
  .trim()
  .max(500)
  .regex(/^(?:RRULE:)?FREQ=(?:DAILY|WEEKLY|MONTHLY|YEARLY)(?:;[A-Z]+=[A-Za-z0-9,+-]+)*$/, "must be an RRULE such as FREQ=WEEKLY;BYDAY=MO,WE")
  .transform((v) => v.replace(/^RRULE:/, ""));

export const calendarEvents = defineEntity({
  table: "calendar_events",
  input: {
    title: requiredText("title", 500),
    description: text(20_000),
    start_datetime: dateTime,
    end_datetime: dateTime,
    event_type: z.enum(EVENT_TYPES, { error: "must be appointment, meeting or reminder" }),
    location: text(500),
    attendees: emailList,
    priority: priorityInput,
    is_recurring: boolish,
    reminder_time: dateTime,
    preparation_time: dateTime,
    meeting_id: text(100).regex(/^[A-Za-z0-9_-]*$/, "may only contain letters, digits, - and _"),
    recurrence_rule: rrule,
    time_zone: seriesZone,
    /** The organiser lets anyone in the organisation walk into the meeting with its link. */
    meeting_open: boolish,
    recurrence_exceptions: z.preprocess(
      (v) => (typeof v === "string" ? (() => { try { return JSON.parse(v); } catch { return v; } })() : v),
      z.array(recurrenceException, { error: "must be a list of exceptions" }).max(500),
    ),
  },
  required: ["title", "start_datetime", "end_datetime"],
  nullable: ["description", "location", "reminder_time", "preparation_time", "meeting_id", "recurrence_rule"],
  serverSet: ["created_by"],
  row: z.object({
    ...rowBase,
    title: z.string(),
    description: z.string().nullable(),
    start_datetime: z.string(),
    end_datetime: z.string(),
    event_type: z.enum(EVENT_TYPES),
    location: z.string().nullable(),
    attendees: z.array(z.string()),
    priority: z.enum(priorityValues),
    is_recurring: z.boolean(),
    reminder_time: z.string().nullable(),
    preparation_time: z.string().nullable(),
    meeting_id: z.string().nullable(),
    meeting_open: z.boolean(),
    recurrence_rule: z.string().nullable(),
    recurrence_exceptions: z.array(recurrenceException),
    time_zone: z.string(),
    created_by: z.string(),
  }),
  // Zoned: stored as instants (see EVENT_ZONED_FIELDS), presented per reader.
  instants: ["start_datetime", "end_datetime", "reminder_time", "preparation_time"],
  // The reminder of the next occurrence not yet reminded, and the last reminder instant handled:
  // see server/features/calendar/reminders.ts.
  internal: z.object({ next_reminder_at: z.date().nullable(), reminded_through: z.date().nullable() }),
  filters: {
    id: "int",
    title: "text",
    description: "text",
    start_datetime: "timestamp",
    end_datetime: "timestamp",
    event_type: "text",
    location: "text",
    attendees: "emails",
    priority: "text",
    is_recurring: "bool",
    reminder_time: "timestamp",
    preparation_time: "timestamp",
    meeting_id: "text",
    created_by: "email",
  },
});

export type CalendarEvent = z.infer<typeof calendarEvents.row>;

const pad2 = (n: number) => String(n).padStart(2, "0");
const ZONED_TEXT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;

/** An instant as the documented 'YYYY-MM-DD HH:MM:SS' wall-clock text in `zone` (null: UTC). */
export function zonedText(instant: Date, zone: string | null | undefined): string {
  const d = new TZDate(instant.getTime(), zone || "UTC");
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`;
}

/**
 * The instant a time text stands for: ISO with a zone as it says, a zone-less text as wall-clock
 * time in `zone` (null: UTC). Null when it is not a time.
 */
export function instantFromText(text: string, zone: string | null | undefined): Date | null {
  const t = text.trim();
  const m = ZONED_TEXT.exec(t);
  if (m) {
    const d = new TZDate(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0), zone || "UTC");
    // Out-of-range parts (February 30th, 25 o'clock) would roll over into another time: refuse them.
    if (Number.isNaN(d.getTime()) || d.getDate() !== +m[3] || d.getMonth() !== +m[2] - 1 || +m[4] > 23 || +m[5] > 59 || +(m[6] ?? 0) > 59) return null;
    return new Date(d.getTime());
  }
  if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})$/i.test(t)) {
    const d = new Date(t.replace(" ", "T"));
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
}
