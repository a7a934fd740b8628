import { useQuery } from "@tanstack/react-query";
import { listEntities } from "../../api/entities";

export interface MeetingEvent {
  id: number;
  title: string;
  start_datetime: string;
  end_datetime: string;
  attendees: string[] | string | null;
  meeting_id: string | null;
  created_by: string | null;
}

/** The calendar event a meeting id belongs to (only its creator and attendees can read it). */
export function useMeeting(meetingId: string | null) {
  return useQuery({
    queryKey: ["calendar_events", "meeting", meetingId],
    enabled: !!meetingId,
    queryFn: async ({ signal }) => {
      const rows = await listEntities<MeetingEvent>("calendar_events", { where: { meeting_id: meetingId! }, limit: 1 }, signal);
      return rows[0] ?? null;
    },
  });
}

export function attendeeList(value: MeetingEvent["attendees"]): string[] {
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
