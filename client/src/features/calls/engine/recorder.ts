// Call recording (DESIGN 6): this browser records what the participant hears and sees (everyone's
// audio mixed, the first remote picture) and uploads it; the server moves the call record
// recording -> processing -> completed, or failed / not_configured.
import { request } from "../../../lib/http";
import { useCallsStore } from "../store";
import { toast } from "../../../ui/notifications";

interface Active {
  recorder: MediaRecorder;
  audio: AudioContext;
  chunks: Blob[];
  callId: string;
}

let active: Active | null = null;

export function isRecording(): boolean {
  return active !== null;
}

function pickMime(): string {
  for (const type of ["video/webm;codecs=vp8,opus", "video/webm", "audio/webm"]) {
    if (MediaRecorder.isTypeSupported(type)) return type;
  }
  return "";
}

async function reportFailure(callId: string, message: string): Promise<void> {
  await request(`/recordings/${encodeURIComponent(callId)}/status`, {
    method: "POST",
    body: { status: "failed", error_message: message },
  }).catch(() => {});
}

export async function startRecording(local: MediaStream | null, remotes: MediaStream[]): Promise<boolean> {
  const callId = useCallsStore.getState().callId;
  if (active || !callId || typeof MediaRecorder === "undefined") return false;
  const res = await request<{ recording_status: string; error_message: string | null }>(
    `/recordings/${encodeURIComponent(callId)}/status`,
    { method: "POST", body: { status: "recording" } },
  ).catch(() => null);
  if (!res || res.recording_status !== "recording") {
    toast({
      title: "Recording unavailable",
      description: res?.error_message ?? "Recording could not be started.",
      variant: "destructive",
    });
    return false;
  }
  try {
    const audio = new AudioContext();
    const mix = audio.createMediaStreamDestination();
    for (const s of [local, ...remotes]) {
      if (s?.getAudioTracks().length) audio.createMediaStreamSource(s).connect(mix);
    }
    const picture = remotes.find((s) => s.getVideoTracks().length)?.getVideoTracks()[0];
    const stream = new MediaStream([...(picture ? [picture] : []), ...mix.stream.getAudioTracks()]);
    const recorder = new MediaRecorder(stream, { mimeType: pickMime() || undefined });
    const rec: Active = { recorder, audio, chunks: [], callId };
    recorder.ondataavailable = (e) => e.data.size && rec.chunks.push(e.data);
    recorder.start(1000);
    active = rec;
    return true;
  } catch (err) {
    await reportFailure(callId, err instanceof Error ? err.message : "Recorder could not start");
    toast({ title: "Recording failed", description: "The browser could not record this call.", variant: "destructive" });
    return false;
  }
}

/** Stops and uploads; safe to call when nothing records. Runs on hang-up too. */
export async function stopRecording(): Promise<void> {
  const rec = active;
  if (!rec) return;
  active = null;
  const done = new Promise<void>((resolve) => (rec.recorder.onstop = () => resolve()));
  if (rec.recorder.state !== "inactive") rec.recorder.stop();
  await done;
  void rec.audio.close();
  const blob = new Blob(rec.chunks, { type: rec.recorder.mimeType || "video/webm" });
  if (blob.size === 0) return reportFailure(rec.callId, "Nothing was recorded");
  const form = new FormData();
  form.append("file", blob, `${rec.callId}.webm`);
  try {
    await request(`/recordings/${encodeURIComponent(rec.callId)}`, { method: "POST", body: form });
    toast({ title: "Recording saved", description: "It is in your call history.", variant: "success" });
  } catch (err) {
    // The server marks the call's recording failed itself when the upload reached it.
    toast({ title: "Recording upload failed", description: err instanceof Error ? err.message : undefined, variant: "destructive" });
  }
}
