import { z } from "zod";
import { boolish, dateTime, emailList, requiredText, text } from "./fields";
import { defineEntity, noInternal, priorityInput, priorityValues, rowBase } from "./define";

export const EVENT_TYPES = ["appointment", "meeting", "reminder"] as const;

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
  },
  required: ["title", "start_datetime", "end_datetime"],
  nullable: ["description", "location", "reminder_time", "preparation_time", "meeting_id"],
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
    created_by: z.string(),
  }),
  instants: [],
  internal: noInternal,
  filters: {
    id: "int",
    title: "text",
    description: "text",
    start_datetime: "text",
    end_datetime: "text",
    event_type: "text",
    location: "text",
    attendees: "emails",
    priority: "text",
    is_recurring: "bool",
    reminder_time: "text",
    preparation_time: "text",
    meeting_id: "text",
    created_by: "email",
  },
});

export type CalendarEvent = z.infer<typeof calendarEvents.row>;
