// Draws every participant's video into one canvas, tiled like the call grid, so a recording
// shows everyone and not just the first picture. The canvas is what MediaRecorder records, in
// browsers without WebCodecs (elsewhere ./recorder.worker draws and encodes, with capture times).
//
// Each drawn picture is pushed as a video frame stamped with the time it was drawn
// (MediaStreamTrackGenerator), rather than through canvas.captureStream(): a canvas that is not
// on screen is only captured when the page happens to render, which in a quiet page (or a
// headless browser) gave a handful of frames for a whole call, and the picture of the recording
// ended seconds before its sound.
import { drawGrid, FPS, HEIGHT, WIDTH } from "./grid";

export interface Compositor {
  stream: MediaStream;
  setStreams: (streams: { stream: MediaStream; label: string }[]) => void;
  stop: () => void;
}

interface Tile {
  stream: MediaStream;
  label: string;
  /** The newest picture of the person's camera, read straight from the track. */
  frame: VideoFrame | null;
  reader: ReadableStreamDefaultReader<VideoFrame> | null;
  /** Fallback where the browser cannot read a track's frames. */
  video: HTMLVideoElement | null;
}

type ProcessorCtor = new (init: { track: MediaStreamTrack }) => { readable: ReadableStream<VideoFrame> };

/**
 * Reads the camera's frames from the track itself: a <video> that is not on screen stops being
 * updated in Chromium (it saves decoding hidden video), which froze everyone's picture in the
 * recording while the sound went on.
 */
function openTile(stream: MediaStream, label: string): Tile {
  const tile: Tile = { stream, label, frame: null, reader: null, video: null };
  const track = stream.getVideoTracks()[0];
  const Processor = (globalThis as { MediaStreamTrackProcessor?: ProcessorCtor }).MediaStreamTrackProcessor;
  if (track && Processor) {
    const reader = new Processor({ track }).readable.getReader();
    tile.reader = reader;
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done || !value) break;
        tile.frame?.close();
        tile.frame = value;
      }
    })();
    return tile;
  }
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  void video.play().catch(() => {});
  tile.video = video;
  return tile;
}

function closeTile(t: Tile): void {
  void t.reader?.cancel().catch(() => {});
  t.frame?.close();
  t.frame = null;
  if (t.video) t.video.srcObject = null;
}

interface TrackGenerator extends MediaStreamTrack {
  writable: WritableStream<VideoFrame>;
}
type GeneratorCtor = new (init: { kind: "video" }) => TrackGenerator;

/** A video track fed one frame per draw, or null where the browser has no track generator. */
function frameTrack(canvas: HTMLCanvasElement): { track: MediaStreamTrack; push: () => void } | null {
  const Generator = (globalThis as { MediaStreamTrackGenerator?: GeneratorCtor }).MediaStreamTrackGenerator;
  if (!Generator || typeof VideoFrame === "undefined") return null;
  const track = new Generator({ kind: "video" });
  const writer = track.writable.getWriter();
  return {
    track,
    push: () => {
      if (track.readyState === "ended") return;
      // Not awaited: the write settles only when the recorder has taken the frame, and waiting
      // for it would hold every later frame back.
      const frame = new VideoFrame(canvas, { timestamp: Math.round(performance.now() * 1000) });
      writer.write(frame).catch(() => frame.close());
    },
  };
}

export function createCompositor(initial: { stream: MediaStream; label: string }[]): Compositor {
  const canvas = document.createElement("canvas");
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const g = canvas.getContext("2d")!;
  let tiles: Tile[] = [];

  const setStreams = (streams: { stream: MediaStream; label: string }[]) => {
    const keep = tiles.filter((t) => streams.some((s) => s.stream === t.stream));
    for (const t of tiles) if (!keep.includes(t)) closeTile(t);
    for (const s of streams) {
      if (keep.some((t) => t.stream === s.stream)) continue;
      keep.push(openTile(s.stream, s.label));
    }
    tiles = keep;
  };

  const draw = () =>
    drawGrid(
      g,
      tiles.map((t) => {
        const live = t.stream.getVideoTracks().some((tr) => tr.enabled && tr.readyState === "live");
        const image = live ? (t.frame ?? t.video) : null;
        const width = t.frame ? t.frame.displayWidth : (t.video?.videoWidth ?? 0);
        const height = t.frame ? t.frame.displayHeight : (t.video?.videoHeight ?? 0);
        return { label: t.label, image, width, height };
      }),
    );

  setStreams(initial);
  const pushed = frameTrack(canvas);
  const tick = () => {
    try {
      draw();
      pushed?.push();
    } catch (err) {
      console.warn("Recording compositor failed to draw", err);
    }
  };
  // A timer, not requestAnimationFrame: rAF stops in a hidden tab, and the call must keep recording.
  const timer = setInterval(tick, 1000 / FPS);
  tick();
  const stream = pushed ? new MediaStream([pushed.track]) : canvas.captureStream(FPS);
  return {
    stream,
    setStreams,
    stop: () => {
      clearInterval(timer);
      for (const t of stream.getTracks()) t.stop();
      for (const t of tiles) closeTile(t);
      tiles = [];
    },
  };
}
