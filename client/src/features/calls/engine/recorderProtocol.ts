// Messages between the page and the call recorder's worker (./recorder.worker), and the encoders'
// settings, which the page checks before choosing that recorder.
import { FPS, HEIGHT, WIDTH } from "./grid";

export const SAMPLE_RATE = 48_000;
export const CHANNELS = 2;

export const VIDEO_CONFIG: VideoEncoderConfig = {
  codec: "vp8",
  width: WIDTH,
  height: HEIGHT,
  bitrate: 1_000_000,
  framerate: FPS,
  latencyMode: "realtime",
};
export const AUDIO_CONFIG: AudioEncoderConfig = { codec: "opus", sampleRate: SAMPLE_RATE, numberOfChannels: CHANNELS, bitrate: 96_000 };

export type ToRecorder =
  /** `audio`: the port the mix's tap (./recorderTap.worklet.js) sends its blocks to. */
  | { type: "start"; audio: MessagePort | null }
  /** Who is in the picture, in order; a tile's frames are sent (transferred) the first time only. */
  | { type: "tiles"; tiles: { id: string; label: string; readable?: ReadableStream<VideoFrame> | null }[] }
  | { type: "stop" };

export type FromRecorder =
  /** The next bytes of the WebM, in order. */
  | { type: "data"; bytes: Uint8Array<ArrayBuffer> }
  | { type: "error"; message: string }
  /** Everything is written; no more data follows. */
  | { type: "done"; stats: Record<string, number> };
