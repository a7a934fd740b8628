// The page's side of the WebCodecs recorder (./recorder.worker): it hands each person's camera and
// the audio mix to the worker as streams of frames, read there without passing through this
// thread, and receives the WebM bytes back.
// Its own file on the server, never inlined: the page's Content-Security-Policy loads scripts from 'self' only.
import tapUrl from "./recorderTap.worklet.js?url&no-inline";
import { AUDIO_CONFIG, CHANNELS, VIDEO_CONFIG, type FromRecorder, type ToRecorder } from "./recorderProtocol";

type ProcessorCtor = new (init: { track: MediaStreamTrack; maxBufferSize?: number }) => { readable: ReadableStream };

/** A second of pictures waits, unread, for a busy moment (Chromium keeps one by default). */
const QUEUED_FRAMES = 15;

const processor = () => (globalThis as { MediaStreamTrackProcessor?: ProcessorCtor }).MediaStreamTrackProcessor;

export interface EncodedRecording {
  setStreams: (streams: { stream: MediaStream; label: string }[]) => void;
  /** Resolves once the worker has sent the last bytes to onData. */
  stop: () => Promise<void>;
}

/** Whether this browser can record with WebCodecs in a worker (Chromium-based ones can). */
export async function canRecordEncoded(): Promise<boolean> {
  if (!processor() || typeof Worker === "undefined" || typeof AudioWorkletNode === "undefined" || typeof VideoEncoder === "undefined" || typeof AudioEncoder === "undefined") {
    return false;
  }
  const [v, a] = await Promise.all([
    VideoEncoder.isConfigSupported(VIDEO_CONFIG).catch(() => ({ supported: false })),
    AudioEncoder.isConfigSupported(AUDIO_CONFIG).catch(() => ({ supported: false })),
  ]);
  return Boolean(v.supported && a.supported);
}

/**
 * Taps the sound mix on the audio thread (./recorderTap.worklet.js); the returned port goes to
 * startEncodedRecording. The node is kept in the graph by the caller's AudioContext until it closes.
 */
export async function tapMix(audio: AudioContext, sources: MediaStream[]): Promise<MessagePort> {
  await audio.audioWorklet.addModule(tapUrl);
  // No outputs: the browser runs such a node for as long as the context runs, nothing needs its sound.
  const tap = new AudioWorkletNode(audio, "recorder-tap", { numberOfInputs: 1, numberOfOutputs: 0, channelCount: CHANNELS, channelCountMode: "explicit" });
  for (const s of sources) if (s.getAudioTracks().length) audio.createMediaStreamSource(s).connect(tap);
  const { port1, port2 } = new MessageChannel();
  tap.port.postMessage(port1, [port1]);
  return port2;
}

export function startEncodedRecording(opts: {
  streams: { stream: MediaStream; label: string }[];
  /** The port of the mix's tap (see tapMix). */
  audio: MessagePort | null;
  onData: (bytes: Uint8Array<ArrayBuffer>) => void;
  onError: (message: string) => void;
}): EncodedRecording {
  const Processor = processor()!;
  const worker = new Worker(new URL("./recorder.worker.ts", import.meta.url), { type: "module", name: "call-recorder" });
  const send = (msg: ToRecorder, transfer: Transferable[] = []) => worker.postMessage(msg, transfer);
  let finished!: () => void;
  const done = new Promise<void>((resolve) => (finished = resolve));
  worker.onmessage = (e: MessageEvent<FromRecorder>) => {
    const msg = e.data;
    if (msg.type === "data") opts.onData(msg.bytes);
    else if (msg.type === "error") opts.onError(msg.message);
    else {
      console.info(`[recorder] ${JSON.stringify(msg.stats)}`);
      finished();
    }
  };
  worker.onerror = (e) => {
    opts.onError(e.message || "The recorder stopped");
    finished();
  };

  // The processors are kept for as long as the recording runs: once one is collected, its stream
  // ends, although the worker reads it (the picture stopped after a second or two in a call page).
  const processors = new Map<MediaStream, { readable: ReadableStream }>();
  const open = (key: MediaStream, track: MediaStreamTrack, maxBufferSize: number) => {
    const p = new Processor({ track, maxBufferSize });
    processors.set(key, p);
    return p.readable;
  };
  const audio = opts.audio;
  send({ type: "start", audio }, audio ? [audio] : []);

  // Each stream's frames are opened once and keep their id while the person stays in the call.
  const ids = new Map<MediaStream, string>();
  let next = 0;
  const setStreams = (streams: { stream: MediaStream; label: string }[]) => {
    const transfer: Transferable[] = [];
    const tiles = streams.map(({ stream, label }) => {
      const known = ids.get(stream);
      if (known) return { id: known, label };
      const id = String(next++);
      ids.set(stream, id);
      const track = stream.getVideoTracks()[0];
      const readable = track ? (open(stream, track, QUEUED_FRAMES) as ReadableStream<VideoFrame>) : null;
      if (readable) transfer.push(readable);
      return { id, label, readable };
    });
    for (const [stream] of ids) {
      if (streams.some((s) => s.stream === stream)) continue;
      ids.delete(stream);
      processors.delete(stream);
    }
    send({ type: "tiles", tiles }, transfer);
  };
  setStreams(opts.streams);

  return {
    setStreams,
    stop: async () => {
      send({ type: "stop" });
      await done;
      worker.terminate();
      processors.clear();
    },
  };
}
