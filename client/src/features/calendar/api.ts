import { useQuery } from "@tanstack/react-query";
import type { CalendarEvent } from "@shared/entities";
import { listEntities } from "../../lib/entityApi";

export const calendarKeys = {
  all: ["calendar_events"] as const,
  meeting: (meetingId: string | null) => ["calendar_events", "meeting", meetingId] as const,
};

/** The calendar event a meeting id belongs to (only its creator and attendees can read it). */
export function useMeeting(meetingId: string | null) {
  return useQuery({
    queryKey: calendarKeys.meeting(meetingId),
    enabled: !!meetingId,
    queryFn: async ({ signal }) => {
      const rows = await listEntities<CalendarEvent>("calendar_events", { where: { meeting_id: meetingId! }, limit: 1 }, signal);
      return rows[0] ?? null;
    },
  });
}

/** Attendee e-mails; older rows may hold them as JSON text or a comma list instead of an array. */
export function attendeeList(value: CalendarEvent["attendees"] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value) return [];
  try {
    const parsed = JSON.parse(value) as unknown;
    if (Array.isArray(parsed)) return parsed.map(String);
  } catch {
    // comma text
  }
  return value.split(",").map((s) => s.trim()).filter(Boolean);
}
