/// <reference lib="webworker" />
// The call recorder's worker (docs/calls.md, "Recording"): it reads everyone's camera and the audio mix
// straight from their tracks, draws the grid, encodes VP8/Opus with WebCodecs and muxes WebM, all
// off the page's thread. Every frame and every piece of sound goes in with the time it was captured
// (./mediaClock), so the two stay together for the whole recording. On the page's thread, a busy
// moment (rendering the call, a burst of messages) used to hold the recorder up: MediaRecorder
// stamped the picture with the time it arrived, hundreds of milliseconds behind its sound, and
// dropped frames until the picture ended seconds before the sound.
import { Muxer, StreamTarget } from "webm-muxer";
import { drawGrid, FPS, HEIGHT, WIDTH } from "./grid";
import { createAudioLine, createCaptureClock, createPacer, createTrackTime, type CaptureClock } from "./mediaClock";
import { AUDIO_CONFIG, CHANNELS, SAMPLE_RATE, VIDEO_CONFIG, type FromRecorder, type ToRecorder } from "./recorderProtocol";

/** A key frame every 2 s: a player can start from any chunk boundary give or take one. */
const KEY_EVERY_US = 2_000_000;
/**
 * Frames waiting in the video encoder beyond this are dropped: the picture holds, the times stay.
 * Counted by ourselves (frames given minus frames out): the encoder's own encodeQueueSize only
 * counts what it has not yet passed on, and on a busy machine the encoder fell seconds behind
 * with it near 0, so the end of a recording was still being encoded when the page was left.
 */
const MAX_ENCODE_QUEUE = 8;
/** Timestamps of the frames given to the encoder and not out yet. */
const inEncoder: number[] = [];
/** With no picture from anyone for this long (all cameras off), the names are drawn on their own. */
const IDLE_MS = 2000;

interface Tile {
  id: string;
  label: string;
  frame: VideoFrame | null;
  capturedUs: number;
  clock: CaptureClock;
  reader: ReadableStreamDefaultReader<VideoFrame> | null;
}

const post = (msg: FromRecorder, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(msg, transfer);
const nowUs = () => performance.now() * 1000;

let tiles: Tile[] = [];
/** What the recording went through, for the page's log at the end (a busy machine shows here). */
const stats = { pictures: 0, frames: 0, skippedBusy: 0, soundBlocks: 0, maxPictureLagMs: 0, maxSoundLagMs: 0 };
const lag = (capturedUs: number) => Math.round((nowUs() - capturedUs) / 1000);
let failed = false;
const fail = (err: unknown) => {
  if (failed) return;
  failed = true;
  post({ type: "error", message: err instanceof Error ? err.message : String(err) });
};

// Streaming: the muxer only ever appends, so the bytes go out in order and the server joins them.
let written = 0;
let muxer: Muxer<StreamTarget> | null = null;
let video: VideoEncoder | null = null;
let audio: AudioEncoder | null = null;
let audioPort: MessagePort | null = null;
/** While stopping: the sound is taken until it reaches the moment of the stop. */
let audioUntil: { us: number; reached: () => void } | null = null;
/** How long stopping waits for sound still on its way (the audio thread is never far behind). */
const AUDIO_TAIL_MS = 2000;
let timer: ReturnType<typeof setInterval> | undefined;

const canvas = new OffscreenCanvas(WIDTH, HEIGHT);
const g = canvas.getContext("2d")!;
const pacer = createPacer(FPS);
let videoTime: (capturedUs: number) => number | null = () => null;
let lastKey = -Infinity;
let lastPictureMs = performance.now();

/**
 * Draws and encodes a frame showing the moment `capturedUs`, unless one was made for it already.
 * `last`: the recording's final frame, which goes in however far behind the encoder is, or the
 * picture would end where the last frame that fitted was, short of the sound.
 */
function emit(capturedUs: number, last = false): void {
  if (failed || !video || video.state !== "configured" || !pacer.due(capturedUs)) return;
  // Behind on encoding: this picture is skipped, the previous one stays on screen a little longer.
  if (!last && video.encodeQueueSize + inEncoder.length > MAX_ENCODE_QUEUE) {
    stats.skippedBusy++;
    return;
  }
  const t = videoTime(capturedUs);
  if (t === null) return;
  drawGrid(
    g,
    tiles.map((tile) => ({ label: tile.label, image: tile.frame, width: tile.frame?.displayWidth ?? 0, height: tile.frame?.displayHeight ?? 0 })),
  );
  const frame = new VideoFrame(canvas, { timestamp: t, duration: Math.round(1_000_000 / FPS) });
  const keyFrame = t - lastKey >= KEY_EVERY_US;
  if (keyFrame) lastKey = t;
  video.encode(frame, { keyFrame });
  inEncoder.push(t);
  frame.close();
  stats.frames++;
  stats.maxPictureLagMs = Math.max(stats.maxPictureLagMs, lag(capturedUs));
}

/**
 * Pictures read but not drawn yet. Reading stamps a picture the moment it reaches this worker, so
 * reading never waits for drawing: a stamp taken after a queue of drawing would make the clock
 * estimate (./mediaClock) think the camera slower than it is, and put the picture late.
 */
const pending: { tile: Tile; frame: VideoFrame; capturedUs: number }[] = [];
/** Beyond this many waiting pictures the oldest are dropped; the picture holds, the times stay. */
const MAX_PENDING = 30;
let drawing = false;
const yieldToReads = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function drawPending(): Promise<void> {
  if (drawing) return;
  drawing = true;
  try {
    while (pending.length) {
      while (pending.length > MAX_PENDING) pending.shift()!.frame.close();
      const p = pending.shift()!;
      if (!tiles.includes(p.tile)) {
        p.frame.close();
        continue;
      }
      p.tile.frame?.close();
      p.tile.frame = p.frame;
      p.tile.capturedUs = p.capturedUs;
      // The grid as it was at the moment this picture was taken.
      emit(p.capturedUs);
      await yieldToReads();
    }
  } finally {
    drawing = false;
  }
}

function openTile(id: string, label: string, readable: ReadableStream<VideoFrame> | null): Tile {
  const tile: Tile = { id, label, frame: null, capturedUs: 0, clock: createCaptureClock(), reader: readable?.getReader() ?? null };
  const reader = tile.reader;
  if (reader) {
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
        if (done || !value) break;
        lastPictureMs = performance.now();
        stats.pictures++;
        pending.push({ tile, frame: value, capturedUs: tile.clock.toLocal(value.timestamp, nowUs()) });
        void drawPending();
      }
    })();
  }
  return tile;
}

function closeTile(t: Tile): void {
  void t.reader?.cancel().catch(() => {});
  t.frame?.close();
  t.frame = null;
}

function start(msg: Extract<ToRecorder, { type: "start" }>): void {
  const startUs = nowUs();
  videoTime = createTrackTime(startUs);
  muxer = new Muxer({
    target: new StreamTarget({
      onData: (data, position) => {
        if (position !== written) fail(new Error(`The recording's muxer went back to byte ${position} of ${written}`));
        written = position + data.byteLength;
        const copy = data.slice();
        post({ type: "data", bytes: copy }, [copy.buffer]);
      },
    }),
    video: { codec: "V_VP8", width: WIDTH, height: HEIGHT, frameRate: FPS },
    ...(msg.audio ? { audio: { codec: "A_OPUS", sampleRate: SAMPLE_RATE, numberOfChannels: CHANNELS } } : {}),
    streaming: true,
    // Both tracks count from the recording's start: a track whose first piece came later starts later.
    firstTimestampBehavior: "permissive",
  });
  const m = muxer;
  video = new VideoEncoder({
    output: (chunk, meta) => {
      // A frame the encoder chose to drop never comes out: everything up to this one is done.
      while (inEncoder.length && inEncoder[0] <= chunk.timestamp) inEncoder.shift();
      m.addVideoChunk(chunk, meta);
    },
    error: fail,
  });
  video.configure(VIDEO_CONFIG);
  if (msg.audio) startAudio(msg.audio, m, startUs);
  timer = setInterval(() => {
    if (performance.now() - lastPictureMs > IDLE_MS) emit(nowUs());
  }, 1000 / FPS);
}

/** Sound from the mix's tap (./recorderTap.worklet.js): blocks numbered by their frame on the audio clock. */
function startAudio(port: MessagePort, m: Muxer<StreamTarget>, startUs: number): void {
  const encoder = new AudioEncoder({ output: (chunk, meta) => m.addAudioChunk(chunk, meta), error: fail });
  encoder.configure(AUDIO_CONFIG);
  audio = encoder;
  audioPort = port;
  const clock = createCaptureClock();
  const audioTime = createTrackTime(startUs);
  const line = createAudioLine(SAMPLE_RATE);
  port.onmessage = (e: MessageEvent<{ frame: number; frames: number; data: Float32Array<ArrayBuffer> }>) => {
    const { frame, frames, data } = e.data;
    const captured = clock.toLocal((frame * 1_000_000) / SAMPLE_RATE, nowUs());
    if (audioUntil && captured >= audioUntil.us) audioUntil.reached();
    stats.soundBlocks++;
    stats.maxSoundLagMs = Math.max(stats.maxSoundLagMs, lag(captured));
    const t = audioTime(captured);
    if (t === null || failed || encoder.state !== "configured") return;
    // The encoder counts samples, not timestamps: should sound go missing, silence takes its
    // place, and sound that would overlap what is already in is left out, so every sample lands at
    // the time it was heard.
    const { silence, keep } = line.place(t, frames);
    if (silence > 0) encodeSilence(encoder, line, silence);
    if (!keep) return;
    const piece = new AudioData({ format: "f32-planar", sampleRate: SAMPLE_RATE, numberOfFrames: frames, numberOfChannels: CHANNELS, timestamp: t, data });
    encoder.encode(piece);
    piece.close();
  };
}

function encodeSilence(encoder: AudioEncoder, line: ReturnType<typeof createAudioLine>, frames: number): void {
  for (let left = frames; left > 0; ) {
    const n = Math.min(left, SAMPLE_RATE / 10);
    const data = new AudioData({ format: "f32-planar", sampleRate: SAMPLE_RATE, numberOfFrames: n, numberOfChannels: CHANNELS, timestamp: line.silenceAt(frames - left), data: new Float32Array(n * CHANNELS) });
    encoder.encode(data);
    data.close();
    left -= n;
  }
}

async function stop(): Promise<void> {
  clearInterval(timer);
  const stopUs = nowUs();
  // One last frame, lasting one frame's time, so the picture ends at the stop as the sound does
  // (stamped at the stop itself, the picture ran a frame and more past the sound's end). A frame
  // made less than two frames before the stop already reaches it.
  const frameUs = 1_000_000 / FPS;
  if (stopUs - frameUs >= pacer.last() + frameUs) emit(stopUs - frameUs, true);
  if (audioPort) {
    // A busy worker may not have read the last blocks of sound yet: they are waited for.
    await new Promise<void>((resolve) => {
      audioUntil = { us: stopUs, reached: resolve };
      setTimeout(resolve, AUDIO_TAIL_MS);
    });
  }
  if (audioPort) audioPort.onmessage = null;
  audioPort?.close();
  for (const t of tiles) closeTile(t);
  tiles = [];
  if (!failed) await Promise.all([video?.flush(), audio?.flush()]).catch(fail);
  if (video && video.state !== "closed") video.close();
  if (audio && audio.state !== "closed") audio.close();
  try {
    muxer?.finalize();
  } catch (err) {
    fail(err);
  }
  post({ type: "done", stats });
}

self.onmessage = (e: MessageEvent<ToRecorder>) => {
  const msg = e.data;
  try {
    if (msg.type === "start") start(msg);
    else if (msg.type === "tiles") {
      const next = msg.tiles.map((t) => {
        const had = tiles.find((x) => x.id === t.id);
        if (had) had.label = t.label;
        return had ?? openTile(t.id, t.label, t.readable ?? null);
      });
      for (const t of tiles) if (!next.includes(t)) closeTile(t);
      tiles = next;
    } else if (msg.type === "stop") void stop();
  } catch (err) {
    fail(err);
  }
};
