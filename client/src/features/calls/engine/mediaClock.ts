// Timestamp arithmetic for the call recorder (docs/calls.md, "Recording"). Every picture and every piece of
// sound is stamped with the moment it was captured, on one clock (this page's performance.now(), in
// microseconds), so that sound and picture line up however late the page gets round to them: a
// busy page delays the work, never the stamps.

/** Maps one source's own timestamps (µs, any origin) onto this page's clock (µs). */
export interface CaptureClock {
  toLocal: (sourceUs: number, arrivalUs: number) => number;
}

const BUCKET_US = 1_000_000;

/**
 * A camera, a remote track or the audio mix each stamp their data on a clock of their own. The
 * offset to this page's clock is the smallest "arrived minus stamped" seen: data that arrives late
 * (the page was busy) only makes that difference larger, so the minimum is the true offset plus the
 * shortest delivery delay. It is the minimum of the last `windowUs`, so a source clock that drifts
 * slowly against the page's is followed.
 */
export function createCaptureClock(windowUs = 30_000_000): CaptureClock {
  const buckets: { at: number; min: number }[] = [];
  return {
    toLocal(sourceUs, arrivalUs) {
      const delta = arrivalUs - sourceUs;
      const last = buckets[buckets.length - 1];
      if (!last || arrivalUs - last.at >= BUCKET_US) buckets.push({ at: arrivalUs, min: delta });
      else if (delta < last.min) last.min = delta;
      while (buckets.length > 1 && arrivalUs - buckets[0].at > windowUs) buckets.shift();
      let min = Infinity;
      for (const b of buckets) if (b.min < min) min = b.min;
      return sourceUs + min;
    },
  };
}

/**
 * Decides which captured pictures become frames of the recording: at most `fps` a second by
 * capture time, so a burst of pictures that queued up while the page was busy still comes out
 * evenly spaced by when each was taken.
 */
export function createPacer(fps: number): { due: (capturedUs: number) => boolean; last: () => number } {
  const interval = 1_000_000 / fps;
  // Within a quarter of a frame counts as on time: a 15 fps camera seen through a 15 fps pacer
  // must not lose every other picture to a few microseconds of jitter.
  const slack = interval / 4;
  let last = -Infinity;
  return {
    due(capturedUs) {
      if (capturedUs - last < interval - slack) return false;
      last = capturedUs;
      return true;
    },
    last: () => last,
  };
}

/**
 * Timestamps of one track of the recording, in µs from the recording's start: null for what was
 * captured before it started, and never going back (the muxer needs them in order; a clock
 * estimate that moved by a millisecond must not break the file).
 */
export function createTrackTime(startUs: number): (capturedUs: number) => number | null {
  let last = -1;
  return (capturedUs) => {
    const t = Math.round(capturedUs - startUs);
    if (t < 0) return null;
    const next = t > last ? t : last + 1;
    last = next;
    return next;
  };
}

/**
 * The sound's time line. An encoder counts samples and ignores the gaps between the pieces it is
 * given, so the recorder tells it what to do with each piece captured at `t` (µs): the silence
 * (in samples) to put before it where sound was lost, and whether to keep it at all where it would
 * overlap sound already in. Within `toleranceUs` the pieces are taken as back to back, so a source
 * clock that drifts a little is corrected in steps of that size rather than at every piece.
 */
export function createAudioLine(sampleRate: number, toleranceUs = 20_000) {
  let next: number | null = null;
  let gapStart = 0;
  const usOf = (frames: number) => (frames * 1_000_000) / sampleRate;
  return {
    place(t: number, frames: number): { silence: number; keep: boolean } {
      if (next === null || t - next > toleranceUs) {
        const silence = next === null ? 0 : Math.round(((t - next) * sampleRate) / 1_000_000);
        gapStart = next ?? t;
        next = t + usOf(frames);
        return { silence, keep: true };
      }
      if (t - next < -toleranceUs) return { silence: 0, keep: false };
      next += usOf(frames);
      return { silence: 0, keep: true };
    },
    /** The time of the `offset`-th sample of the silence `place` asked for last. */
    silenceAt: (offset: number) => Math.round(gapStart + usOf(offset)),
  };
}
