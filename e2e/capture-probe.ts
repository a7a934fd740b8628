// What a browser's fake camera and microphone really captured (docs/calls.md, "Recording"): a probe in
// the publishing page reads clones of its own camera and microphone tracks, frame by frame and
// block by block, and notes when each white flash and each beep was captured. Chromium's fake
// camera reads its file at its own pace: on a busy machine it falls behind and never catches up,
// so its flashes come progressively later than the microphone's beeps although both files have
// them together. The recording can only keep what was captured; the sync tests compare the
// recording's offsets with these.
import type { Page } from "@playwright/test";

export interface Captured {
  /** When each flash and each beep was captured, in ms on the page's clock (epoch based, see pageClock). */
  flashes: number[];
  /**
   * For each flash, the stamp of the dark picture read before it when pictures were missed in
   * between (else the flash's own): the flash was captured after that and no later than
   * `flashes[i]`. On a busy page the probe may miss pictures the call still sent; a gap before a
   * flash widens this window instead of moving the flash late.
   */
  flashesAfter: number[];
  beeps: number[];
  /** Pictures read, and the longest gap between two of them by their own times (ms). */
  frames: number;
  maxFrameGapMs: number;
  /** The pictures' mean interval by their own times (ms): 66.7 for 15 fps. */
  frameIntervalMs: number;
  /** Per 2 s of pictures and of sound, the least "read minus stamped" (ms) against the first: stamps that keep to the page's clock stay near 0. */
  clockDriftMs: { video: number[]; audio: number[] };
}

declare global {
  interface Window {
    __captureProbe?: { read: () => Captured; stop: () => void };
  }
}

/** Starts the probe on the page's own camera and microphone (window.__calls.localStream()). */
export async function startCaptureProbe(page: Page, source: "call" | "getUserMedia" = "call"): Promise<void> {
  await page.evaluate(async (source) => {
    type Reader<T> = ReadableStreamDefaultReader<T>;
    type Processor = new (init: { track: MediaStreamTrack; maxBufferSize?: number }) => { readable: ReadableStream };
    const MSTP = (globalThis as unknown as { MediaStreamTrackProcessor: Processor }).MediaStreamTrackProcessor;
    const stream = source === "call" ? window.__calls?.localStream() : await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
    if (!stream) throw new Error("no local stream to probe");
    const now = () => (performance.timeOrigin + performance.now()) * 1000;
    // Each source stamps on a clock of its own; as in the recorder (mediaClock.ts), the offset to
    // this page's clock is the smallest "read minus stamped" seen, so a busy page that reads late
    // moves no stamp. Both lists are mapped at the end with their final offsets.
    const video = { minDelta: Infinity, onsets: [] as number[], darkBefore: [] as number[], frames: 0, maxGap: 0, firstTs: NaN, lastTs: NaN, wasBright: false, dark: Infinity, bright: -Infinity };
    const audio = { minDelta: Infinity, onsets: [] as number[], lastBeep: -Infinity };
    const windows = { video: [] as number[], audio: [] as number[] };
    const windowed = (list: number[], ts: number, delta: number) => {
      const i = Math.floor(ts / 2_000_000);
      const first = Math.floor((list as unknown as { first?: number }).first ?? i);
      (list as unknown as { first?: number }).first = first;
      const k = i - first;
      list[k] = Math.min(list[k] ?? Infinity, delta);
    };
    let running = true;
    const tracks: MediaStreamTrack[] = [];

    const vTrack = stream.getVideoTracks()[0]?.clone();
    if (vTrack) {
      tracks.push(vTrack);
      const reader = new MSTP({ track: vTrack, maxBufferSize: 60 }).readable.getReader() as Reader<VideoFrame>;
      void (async () => {
        while (running) {
          const { value: f, done } = await reader.read();
          if (done || !f) break;
          const ts = f.timestamp;
          video.minDelta = Math.min(video.minDelta, now() - ts);
          windowed(windows.video, ts, now() - ts);
          if (!Number.isNaN(video.lastTs)) video.maxGap = Math.max(video.maxGap, (ts - video.lastTs) / 1000);
          if (Number.isNaN(video.firstTs)) video.firstTs = ts;
          const previous = video.lastTs;
          video.lastTs = ts;
          video.frames++;
          // Mean luma of a strip across the middle of the Y plane (I420/NV12 alike start with it):
          // the flash lights the whole picture, and copying a strip rather than the whole frame keeps
          // the probe quick enough not to drop pictures itself. The rect keeps to even numbers, as
          // chroma subsampling asks.
          const w = f.codedWidth - (f.codedWidth % 2);
          const top = Math.floor(f.codedHeight / 4) * 2;
          const rect = { x: 0, y: top, width: w, height: Math.min(16, f.codedHeight - top - ((f.codedHeight - top) % 2)) };
          const buf = new Uint8Array(f.allocationSize({ rect }));
          const layout = await f.copyTo(buf, { rect });
          const stride = layout[0]?.stride ?? w;
          let sum = 0;
          let n = 0;
          for (let y = 0; y < rect.height; y += 2) for (let x = 0; x < w; x += 5, n++) sum += buf[(layout[0]?.offset ?? 0) + y * stride + x];
          f.close();
          const luma = sum / Math.max(1, n);
          // The fake clip is dark grey (Y 40) with white flashes (Y 235).
          const bright = luma > 137;
          if (bright && !video.wasBright) {
            video.onsets.push(ts);
            // Pictures come every 67 ms (15 fps); a longer gap means some were not read.
            video.darkBefore.push(!Number.isNaN(previous) && ts - previous > 100_000 ? previous : ts);
          }
          video.wasBright = bright;
        }
      })();
    }
    const aTrack = stream.getAudioTracks()[0]?.clone();
    if (aTrack) {
      tracks.push(aTrack);
      const reader = new MSTP({ track: aTrack, maxBufferSize: 200 }).readable.getReader() as Reader<AudioData>;
      void (async () => {
        while (running) {
          const { value: d, done } = await reader.read();
          if (done || !d) break;
          const ts = d.timestamp;
          audio.minDelta = Math.min(audio.minDelta, now() - (ts + (d.numberOfFrames * 1e6) / d.sampleRate));
          windowed(windows.audio, ts, now() - (ts + (d.numberOfFrames * 1e6) / d.sampleRate));
          const samples = new Float32Array(d.numberOfFrames);
          d.copyTo(samples, { planeIndex: 0, format: "f32-planar" });
          const rate = d.sampleRate;
          d.close();
          for (let i = 0; i < samples.length; i++) {
            if (Math.abs(samples[i]) < 0.1) continue;
            const t = ts + (i * 1e6) / rate;
            // A beep lasts 0.3 s: a new one starts at least half a second after the last loud sample.
            if (t - audio.lastBeep > 500_000) audio.onsets.push(t);
            // The rest of this block belongs to the same beep.
            audio.lastBeep = ts + (samples.length * 1e6) / rate;
            break;
          }
        }
      })();
    }
    window.__captureProbe = {
      read: () => ({
        flashes: video.onsets.map((t) => (t + video.minDelta) / 1000),
        flashesAfter: video.darkBefore.map((t) => (t + video.minDelta) / 1000),
        beeps: audio.onsets.map((t) => (t + audio.minDelta) / 1000),
        frames: video.frames,
        maxFrameGapMs: Math.round(video.maxGap),
        clockDriftMs: {
          video: [...windows.video].map((d) => Math.round((d - windows.video[0]) / 1000)),
          audio: [...windows.audio].map((d) => Math.round((d - windows.audio[0]) / 1000)),
        },
        frameIntervalMs: video.frames > 1 ? (video.lastTs - video.firstTs) / 1000 / (video.frames - 1) : 0,
      }),
      stop: () => {
        running = false;
        for (const t of tracks) t.stop();
      },
    };
  }, source);
}

export async function readCaptureProbe(page: Page): Promise<Captured> {
  return page.evaluate(() => {
    const p = window.__captureProbe;
    if (!p) throw new Error("the capture probe was not started");
    const r = p.read();
    p.stop();
    return r;
  });
}

/** beep minus flash for each captured flash with a beep within a second (ms), with the flash's time. */
export function capturedOffsets(c: Captured): { at: number; offsetMs: number }[] {
  return c.flashes.flatMap((f) => {
    const near = c.beeps.reduce((best, b) => (Math.abs(b - f) < Math.abs(best - f) ? b : best), Infinity);
    return Math.abs(near - f) < 1000 ? [{ at: f, offsetMs: Math.round(near - f) }] : [];
  });
}

export interface FlashCheck {
  /** The flash's time in the recording (s). */
  at: number;
  /** beep minus flash in the recording, and as captured (ms); null without a beep within a second. */
  recordedMs: number | null;
  capturedMs: number | null;
  /** beep minus the dark picture read before the captured flash when pictures were missed in between (ms), else capturedMs. */
  capturedUpToMs: number | null;
}

/**
 * Pairs each flash of the recording (seconds from its start) with what was captured at that moment.
 * The beeps line the two up: they keep their spacing in the recording and in the capture alike (the
 * microphone's stamps follow the page's clock), so the recording's start on the page's clock is the
 * shift that puts the most recorded beeps within 100 ms of captured ones; as every 2 s fits as well,
 * the one nearest `startedAt` (the page's clock when recording was asked for; it begins within a
 * second of that). Each flash is then compared through its nearest beep.
 */
export function compareWithCapture(rec: { flashes: number[]; beeps: number[] }, cap: Captured, startedAt: number): FlashCheck[] {
  const nearest = (list: number[], x: number) => list.reduce((best, v) => (Math.abs(v - x) < Math.abs(best - x) ? v : best), Infinity);
  const recBeeps = rec.beeps.map((b) => b * 1000);
  let shift = 0;
  let best = { count: -1, distance: Infinity };
  for (const c of cap.beeps) {
    for (const r of recBeeps) {
      const count = recBeeps.filter((x) => Math.abs(nearest(cap.beeps, x + c - r) - (x + c - r)) < 100).length;
      const distance = Math.abs(c - r - startedAt);
      if (count > best.count || (count === best.count && distance < best.distance)) [best, shift] = [{ count, distance }, c - r];
    }
  }
  return rec.flashes.map((f) => {
    const b = nearest(recBeeps, f * 1000);
    const cb = nearest(cap.beeps, b + shift);
    const cf = nearest(cap.flashes, cb);
    const before = cap.flashesAfter[cap.flashes.indexOf(cf)] ?? cf;
    const captured = Math.abs(cb - (b + shift)) < 100 && Math.abs(cb - cf) < 1000;
    return {
      at: f,
      recordedMs: Math.abs(b - f * 1000) < 1000 ? Math.round(b - f * 1000) : null,
      capturedMs: captured ? Math.round(cb - cf) : null,
      capturedUpToMs: captured ? Math.round(cb - before) : null,
    };
  });
}

/**
 * How far (ms) the recording's offset of each paired flash lies outside what was captured: 0 when it
 * lies between capturedMs and capturedUpToMs.
 */
export function recordedBeyondCapture(checks: FlashCheck[]): number[] {
  return checks
    .filter((c) => c.recordedMs !== null && c.capturedMs !== null)
    .map((c) => {
      const low = c.capturedMs!;
      const high = Math.max(low, c.capturedUpToMs ?? low);
      return c.recordedMs! < low ? low - c.recordedMs! : c.recordedMs! > high ? c.recordedMs! - high : 0;
    });
}

/** The captured flashes and beeps in seconds from the first beep, for the test's log. */
export function describeCapture(c: Captured): string {
  const t0 = c.beeps[0] ?? c.flashes[0] ?? 0;
  const s = (list: number[]) => list.map((t) => ((t - t0) / 1000).toFixed(3)).join(" ");
  return `flashes ${s(c.flashes)} | beeps ${s(c.beeps)}`;
}

/** The page's clock as the probe reads it (ms since the epoch). */
export function pageClock(page: Page): Promise<number> {
  return page.evaluate(() => performance.timeOrigin + performance.now());
}
