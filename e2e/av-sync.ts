// Audio/video sync of a recording, measured with ffmpeg: the onsets of the white flashes in the
// picture (mean luma) against the onsets of the beeps in the sound (RMS in 10 ms windows). The
// fake camera and microphone fire both at the same instant (./fake-media), so each flash's offset
// to its nearest beep is the recording's desync at that moment.
import { execFileSync } from "node:child_process";

function metadata(args: string[], key: string): { t: number; v: number }[] {
  const out = execFileSync("ffmpeg", ["-v", "error", ...args, "-f", "null", "-"], { maxBuffer: 64 * 1024 * 1024 }).toString();
  const rows: { t: number; v: number }[] = [];
  let t = NaN;
  for (const line of out.split("\n")) {
    const time = /pts_time:([\d.]+)/.exec(line);
    if (time) t = Number(time[1]);
    const val = line.startsWith(`${key}=`) ? Number(line.slice(key.length + 1)) : NaN;
    if (!Number.isNaN(val) && !Number.isNaN(t)) rows.push({ t, v: Number.isFinite(val) ? val : -200 });
  }
  return rows;
}

/**
 * Times where the series rises through `threshold` after at least `quiet` seconds below it. A rise
 * sooner after the file's start is a flash or beep already under way when the recording began (the
 * encoder's first frame or the AAC priming samples are dark or silent): its true onset is not in
 * the file, so it is not measured (it once paired a beep cut 180 ms short with a whole flash).
 */
function onsets(series: { t: number; v: number }[], threshold: number, quiet = 0.2): number[] {
  const out: number[] = [];
  let belowSince = series.length > 0 && series[0].v < threshold ? series[0].t : Infinity;
  for (let i = 1; i < series.length; i++) {
    const rises = series[i - 1].v < threshold && series[i].v >= threshold;
    if (rises && series[i].t - belowSince >= quiet) out.push(series[i].t);
    if (series[i].v >= threshold) belowSince = Infinity;
    else if (belowSince === Infinity) belowSince = series[i].t;
  }
  return out;
}

export interface SyncReport {
  flashes: number[];
  beeps: number[];
  /** beep minus flash for each flash that has a beep within a second (ms); positive: sound late. */
  offsetsMs: number[];
  maxAbsMs: number;
}

export function measureSync(file: string): SyncReport {
  const luma = metadata(["-i", file, "-map", "0:v:0", "-vf", "signalstats,metadata=print:key=lavfi.signalstats.YAVG:file=-"], "lavfi.signalstats.YAVG");
  const rms = metadata(["-i", file, "-map", "0:a:0", "-af", "asetnsamples=n=480:p=0,astats=metadata=1:reset=1,ametadata=print:key=lavfi.astats.Overall.RMS_level:file=-"], "lavfi.astats.Overall.RMS_level");
  const lo = Math.min(...luma.map((x) => x.v));
  const hi = Math.max(...luma.map((x) => x.v));
  const flashes = onsets(luma, (lo + hi) / 2);
  const beeps = onsets(rms, -35);
  const offsetsMs = flashes.flatMap((f) => {
    const near = beeps.reduce((best, b) => (Math.abs(b - f) < Math.abs(best - f) ? b : best), Infinity);
    return Math.abs(near - f) < 1 ? [Math.round((near - f) * 1000)] : [];
  });
  return { flashes, beeps, offsetsMs, maxAbsMs: Math.max(0, ...offsetsMs.map(Math.abs)) };
}
