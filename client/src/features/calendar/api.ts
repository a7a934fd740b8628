import { useQuery } from "@tanstack/react-query";
import type { ApprovalRequest, CalendarEvent } from "@shared/entities";
import { createEntity, deleteEntity, listEntities, updateEntity } from "../../lib/entityApi";
import { request } from "../../lib/http";
import { queryClient, refetchAfterChange } from "../../app/queryClient";

// Keys start with the table name so an `entities.change` refreshes them.
export const calendarKeys = {
  all: ["calendar_events"] as const,
  /** Texts come in the profile's zone, so a change of zone is a different list. */
  mine: (zone: string | null) => ["calendar_events", "mine", zone ?? "UTC"] as const,
  meeting: (meetingId: string | null) => ["calendar_events", "meeting", meetingId] as const,
  timeOff: ["approval_requests", "time-off"] as const,
  feed: ["calendar-feed"] as const,
};

/** Events the user created or attends (the server lists no others). */
export function useMyEvents(zone: string | null) {
  return useQuery({
    queryKey: calendarKeys.mine(zone),
    queryFn: ({ signal }) => listEntities<CalendarEvent>("calendar_events", { sort: "-start_datetime", limit: 1000 }, signal),
  });
}

/** The user's own approved Time Off requests, shown as all-day items. */
export function useApprovedTimeOff(email: string | undefined) {
  return useQuery({
    queryKey: calendarKeys.timeOff,
    enabled: !!email,
    queryFn: ({ signal }) =>
      listEntities<ApprovalRequest>("approval_requests", { where: { status: "approved", category: "Time Off", created_by: email! }, limit: 500 }, signal),
  });
}

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

export function createEvent(body: Record<string, unknown>): Promise<CalendarEvent> {
  return createEntity<CalendarEvent>("calendar_events", body);
}

export function updateEvent(id: number, body: Record<string, unknown>): Promise<CalendarEvent> {
  return updateEntity<CalendarEvent>("calendar_events", id, body);
}

export function deleteEvent(id: number): Promise<unknown> {
  return deleteEntity("calendar_events", id);
}

/** Shows a change at once in the cached list; the server's push or a refetch confirms it. */
export function patchCachedEvent(id: number, patch: Partial<CalendarEvent>): void {
  queryClient.setQueriesData<CalendarEvent[]>({ queryKey: ["calendar_events", "mine"] }, (rows) => rows?.map((e) => (e.id === id ? { ...e, ...patch } : e)));
}

export function invalidateEvents(): void {
  void refetchAfterChange({ queryKey: calendarKeys.all });
}

export function useFeedUrl(enabled: boolean) {
  return useQuery({ queryKey: calendarKeys.feed, enabled, queryFn: () => request<{ url: string | null }>("/calendar/feed") });
}

export async function setFeed(on: boolean): Promise<void> {
  const res = await request<{ url: string | null }>("/calendar/feed", { method: on ? "POST" : "DELETE" });
  queryClient.setQueryData(calendarKeys.feed, res);
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
