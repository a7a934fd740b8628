// Recording a call through the SFU when the server records it (docs/calls.md, "Recording"): Janus
// records every publisher and the server makes the MP4, so this browser only asks to start and
// to stop, and may leave the call meanwhile. The call record's recording_status (pushed with
// calls.update) shows the badge to everyone, as for a recording made by a browser.
import { request } from "../../../lib/http";
import { toast } from "../../../ui/notifications";

let mode: Promise<boolean> | null = null;

/** Whether this server records SFU calls itself (`GET /api/webrtc/config` → `sfuRecording`). */
export function serverRecordsSfu(): Promise<boolean> {
  mode ??= request<{ sfuRecording?: string }>("/webrtc/config")
    .then((c) => c.sfuRecording === "server")
    .catch(() => {
      mode = null;
      return false;
    });
  return mode;
}

export async function startServerRecording(callId: string): Promise<boolean> {
  const res = await request<{ recording_status: string; error_message: string | null }>(`/recordings/${encodeURIComponent(callId)}/start`, { method: "POST", body: {} }).catch(
    (err: Error) => ({ recording_status: "error", error_message: err.message }),
  );
  if (res.recording_status === "recording") return true;
  toast({ title: "Recording unavailable", description: res.error_message ?? "Recording could not be started.", variant: "destructive" });
  return false;
}

export async function stopServerRecording(callId: string): Promise<void> {
  try {
    await request(`/recordings/${encodeURIComponent(callId)}/finish`, { method: "POST", body: {} });
    toast({ title: "Recording saved", description: "It will be in your call history once processed.", variant: "success" });
  } catch (err) {
    toast({ title: "Recording could not be stopped", description: err instanceof Error ? err.message : undefined, variant: "destructive" });
  }
}
