import { useQuery } from "@tanstack/react-query";
import { LIMITS } from "@shared/constants";
import type { CallRecord } from "@shared/realtime";
import { refetchAfterChange, updateCached } from "../../app/queryClient";
import { request } from "../../lib/http";
import { getToken } from "../../lib/tokenStorage";

export const callKeys = {
  history: ["call-history"] as const,
  room: (meetingId: string | null) => ["meeting-room", meetingId] as const,
};

/** Who is in a meeting's room now (for the pre-join screen); polled while the viewer is not inside. */
export function useMeetingRoom(meetingId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: callKeys.room(meetingId),
    enabled: !!meetingId && enabled,
    refetchInterval: 5000,
    queryFn: ({ signal }) =>
      request<{ call_id: string | null; participants: { user_id: number; name: string }[] }>(`/webrtc/meetings/${encodeURIComponent(meetingId!)}`, { signal }),
  });
}

/** The newest page of the user's calls; `calls.update` pushes keep it current (see ./socket). */
export function useCallHistory() {
  return useQuery({
    queryKey: callKeys.history,
    queryFn: async ({ signal }) => {
      const res = await request<CallRecord[] | { calls: CallRecord[] }>("/webrtc/call-history", {
        query: { limit: LIMITS.callHistoryPageSize, offset: 0 },
        signal,
      });
      return Array.isArray(res) ? res : res.calls;
    },
    staleTime: 10_000,
  });
}

/** A `calls.update` push: replaces the record in the loaded history, or puts a new one on top. */
export function upsertCallInHistory(record: CallRecord): void {
  updateCached<CallRecord[]>(callKeys.history, (old) => {
    if (!old) return old;
    const i = old.findIndex((c) => c.id === record.id);
    if (i === -1) return [record, ...old];
    const next = old.slice();
    next[i] = record;
    return next;
  });
}

/**
 * Refetches the loaded history. Called on every `session.ready`: from then on the socket is in its
 * rooms and gets every change, and a change made before it is in what this fetch reads.
 */
export function refreshCallHistory(): Promise<void> {
  return refetchAfterChange({ queryKey: callKeys.history });
}

/**
 * The record of a call the user is in now, read from the newest page of their history (a call
 * going on is always among the newest); null when it is not there.
 */
export async function fetchCurrentCall(callId: string): Promise<CallRecord | null> {
  const res = await request<CallRecord[] | { calls: CallRecord[] }>("/webrtc/call-history", { query: { limit: 10, offset: 0 } });
  return (Array.isArray(res) ? res : res.calls).find((c) => c.call_id === callId) ?? null;
}

/** Fetches with the bearer token (a plain link would not carry it) and saves as {call_id}.mp4. */
export async function downloadRecording(id: number | string, callId: string): Promise<void> {
  const token = getToken();
  const res = await fetch(`/api/download-recording/${encodeURIComponent(String(id))}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: "include",
  });
  if (!res.ok) throw new Error(`Download failed: ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = `${callId}.mp4`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
