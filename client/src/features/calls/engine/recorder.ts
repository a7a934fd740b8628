// Call recording: this browser composes every participant's picture into one canvas,
// mixes everyone's audio, and records it. Every few seconds a chunk goes to the server, which
// stores it at once in the organisation's storage; stopping (or the call ending, even if this
// browser crashed) makes the server join the chunks into `{call_id}.mp4`. The call record moves
// recording -> processing -> completed or failed, and every participant sees it.
import { request } from "../../../lib/http";
import { getToken } from "../../../lib/tokenStorage";
import { useCallsStore } from "../store";
import { toast } from "../../../ui/notifications";
import { createCompositor } from "./compositor";
import { canRecordEncoded, startEncodedRecording, tapMix } from "./encodedRecording";

const CHUNK_MS = 2000;

interface Active {
  /** Stops recording; resolves once the last bytes have been handed to the queue. */
  stop: () => Promise<void>;
  setStreams: (streams: { stream: MediaStream; label: string }[]) => void;
  audio: AudioContext;
  callId: string;
  seq: number;
  /** Chunks go up one after another, in order. */
  queue: Promise<void>;
  failed: boolean;
}

let active: Active | null = null;

export function isRecording(): boolean {
  return active !== null;
}

/**
 * WebM (VP8/Opus) where available: its chunks join into one stream that ffmpeg reads reliably.
 * MP4 from MediaRecorder comes as fragments that only some ffmpeg builds accept when joined; the
 * server converts to MP4 in any case.
 */
function pickMime(): string {
  for (const type of ["video/webm;codecs=vp8,opus", "video/webm", "video/mp4"]) {
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

async function sendChunk(rec: Active, blob: Blob): Promise<void> {
  const seq = rec.seq++;
  const headers: Record<string, string> = { "Content-Type": "application/octet-stream" };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const res = await fetch(`/api/recordings/${encodeURIComponent(rec.callId)}/chunks/${seq}`, {
      method: "POST",
      headers,
      body: blob,
      credentials: "include",
      keepalive: blob.size < 60_000,
    }).catch(() => null);
    if (res?.ok) return;
    if (res && res.status < 500) break;
    await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
  }
  rec.failed = true;
}

function namedStreams(local: MediaStream | null, remotes: { stream: MediaStream; label: string }[]) {
  return [...(local ? [{ stream: local, label: "You" }] : []), ...remotes];
}

export async function startRecording(local: MediaStream | null, remotes: { stream: MediaStream; label: string }[]): Promise<boolean> {
  const callId = useCallsStore.getState().callId;
  if (active || !callId || typeof MediaRecorder === "undefined") return false;
  const mimeType = pickMime();
  const res = await request<{ recording_status: string; error_message: string | null }>(`/recordings/${encodeURIComponent(callId)}/start`, {
    method: "POST",
    body: { mime_type: mimeType },
  }).catch((err: Error) => ({ recording_status: "error", error_message: err.message }));
  if (res.recording_status !== "recording") {
    toast({ title: "Recording unavailable", description: res.error_message ?? "Recording could not be started.", variant: "destructive" });
    return false;
  }
  try {
    // Opus runs at 48 kHz; a mix at another rate came out of Chromium's recorder stretched in time.
    const audio = new AudioContext({ sampleRate: 48_000 });
    const sources = [local, ...remotes.map((r) => r.stream)].filter((s) => s !== null);
    const streams = namedStreams(local, remotes);
    if (mimeType.startsWith("video/webm") && (await canRecordEncoded())) {
      active = recordEncoded(callId, audio, streams, await tapMix(audio, sources));
    } else {
      const mix = audio.createMediaStreamDestination();
      for (const s of sources) if (s.getAudioTracks().length) audio.createMediaStreamSource(s).connect(mix);
      active = recordWithMediaRecorder(callId, audio, streams, mix.stream, mimeType);
    }
    return true;
  } catch (err) {
    await reportFailure(callId, err instanceof Error ? err.message : "Recorder could not start");
    toast({ title: "Recording failed", description: "The browser could not record this call.", variant: "destructive" });
    return false;
  }
}

function newActive(callId: string, audio: AudioContext, parts: Pick<Active, "stop" | "setStreams">): Active {
  return { ...parts, audio, callId, seq: 0, queue: Promise.resolve(), failed: false };
}

function enqueue(rec: Active, blob: Blob): void {
  if (blob.size) rec.queue = rec.queue.then(() => sendChunk(rec, blob));
}

/** WebCodecs in a worker, every frame and sound stamped with its capture time (./recorder.worker). */
function recordEncoded(callId: string, audio: AudioContext, streams: { stream: MediaStream; label: string }[], mix: MessagePort): Active {
  let parts: Uint8Array<ArrayBuffer>[] = [];
  const flush = () => {
    if (!parts.length) return;
    enqueue(rec, new Blob(parts));
    parts = [];
  };
  const encoded = startEncodedRecording({
    streams,
    audio: mix,
    onData: (bytes) => parts.push(bytes),
    onError: (message) => {
      console.warn("Recording encoder failed:", message);
      rec.failed = true;
    },
  });
  const timer = setInterval(flush, CHUNK_MS);
  const rec = newActive(callId, audio, {
    setStreams: encoded.setStreams,
    stop: async () => {
      clearInterval(timer);
      await encoded.stop();
      flush();
    },
  });
  return rec;
}

function recordWithMediaRecorder(callId: string, audio: AudioContext, streams: { stream: MediaStream; label: string }[], mix: MediaStream, mimeType: string): Active {
  const compositor = createCompositor(streams);
  const stream = new MediaStream([...compositor.stream.getVideoTracks(), ...mix.getAudioTracks()]);
  const recorder = new MediaRecorder(stream, { mimeType: mimeType || undefined, videoBitsPerSecond: 1_000_000 });
  const rec = newActive(callId, audio, {
    setStreams: compositor.setStreams,
    stop: async () => {
      const done = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
      if (recorder.state !== "inactive") recorder.stop();
      await done;
      compositor.stop();
    },
  });
  recorder.ondataavailable = (e) => enqueue(rec, e.data);
  recorder.start(CHUNK_MS);
  return rec;
}

/** Someone joined or left: the recording shows who is in the call now. */
export function updateRecordingStreams(local: MediaStream | null, remotes: { stream: MediaStream; label: string }[]): void {
  active?.setStreams(namedStreams(local, remotes));
}

/** Stops, sends the last chunk and asks the server to finish; safe to call when nothing records. */
export async function stopRecording(): Promise<void> {
  const rec = active;
  if (!rec) return;
  active = null;
  await rec.stop().catch((err) => {
    console.warn("Recording did not stop cleanly", err);
    rec.failed = true;
  });
  void rec.audio.close();
  await rec.queue;
  if (rec.seq === 0) return reportFailure(rec.callId, "Nothing was recorded");
  try {
    await request(`/recordings/${encodeURIComponent(rec.callId)}/finish`, { method: "POST", body: { chunks: rec.seq } });
    toast({ title: "Recording saved", description: "It will be in your call history once processed.", variant: "success" });
  } catch (err) {
    // When the call has ended first, the server has already finished the recording itself.
    if (!rec.failed) return;
    toast({ title: "Recording upload failed", description: err instanceof Error ? err.message : undefined, variant: "destructive" });
  }
}
