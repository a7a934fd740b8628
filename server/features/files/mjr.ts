// Turns the .mjr files Janus wrote for one recorded SFU call into one MP4 (docs/calls.md, "Recording"):
// janus-pp-rec turns each file into WebM (video) or Opus (audio); ffmpeg places every picture in a
// grid tile and mixes every sound, each shifted by the instant its media began (mediaStartUs), so
// people who joined late start late and everyone stays in step.
import fs from "node:fs";
import path from "node:path";
import { runTool } from "./tool";

export interface MjrFile {
  file: string;
  kind: "audio" | "video";
  codec: string;
  /** Janus's user id of the publisher (our user id), from the file name. */
  userId: number;
  /**
   * When its media began (µs since the epoch): the instant its earliest RTP time would have reached
   * Janus with the least delay any of its packets had (see mediaStartUs).
   */
  firstUs: number;
}

const NAME_RE = /^videoroom-\d+-user-(\d+)-\d+-(audio|video)-\d+\.mjr$/;

/** The JSON header of a .mjr file: "MJR00002", a 16-bit length, then JSON. */
export async function readMjrHeader(file: string): Promise<{ t: string; c: string; s: number; u: number } | null> {
  const fh = await fs.promises.open(file, "r");
  try {
    const head = Buffer.alloc(10);
    const { bytesRead } = await fh.read(head, 0, 10, 0);
    if (bytesRead < 10 || head.toString("latin1", 0, 8) !== "MJR00002") return null;
    const len = head.readUInt16BE(8);
    const json = Buffer.alloc(len);
    await fh.read(json, 0, len, 10);
    const h = JSON.parse(json.toString("utf8")) as { t?: string; c?: string; s?: number; u?: number };
    if (!h.t || !h.c || typeof h.u !== "number") return null;
    return { t: h.t, c: h.c, s: h.s ?? h.u, u: h.u };
  } catch {
    return null;
  } finally {
    await fh.close();
  }
}

/** The recordable files of a directory; a file without a header (no packet ever came) is skipped. */
export async function listMjr(dir: string): Promise<MjrFile[]> {
  const out: MjrFile[] = [];
  for (const name of (await fs.promises.readdir(dir).catch(() => [])).sort()) {
    const m = NAME_RE.exec(name);
    if (!m) continue;
    const file = path.join(dir, name);
    const h = await readMjrHeader(file);
    if (!h || (h.t !== "a" && h.t !== "v")) continue;
    const kind = h.t === "a" ? "audio" : "video";
    out.push({ file, kind, codec: h.c, userId: Number(m[1]), firstUs: await mediaStartUs(file, h.u, kind) });
  }
  return out;
}

/** A packet further than this from the stream's time line comes after a jump in its RTP times. */
const MAX_LAG_MS = 3000;

/**
 * Where a stream's RTP times sit on Janus's clock. Every packet of a .mjr is framed as "MEET", its
 * arrival (uint32 ms after the first packet, whose real time is the header's `u`), a uint16 length
 * and the RTP packet. janus-pp-rec writes the media by RTP time from the stream's first RTP time
 * (the earliest of the first packets, should they have come out of order), so that instant is
 * placed where the least-delayed packet says it was: min over packets of (arrival − RTP time since
 * then). The first packet alone (`u`) carries its own delay — measured on Chromium publishers,
 * 1-212 ms, differing between one person's sound and picture by up to 200 ms — which would move the
 * whole stream late by as much. RTP times are 32-bit (unwrapped here), 48 kHz for Opus and 90 kHz
 * for video. A sender that restarts its RTP times (a looping file in a non-browser publisher) jumps
 * by seconds: packets more than MAX_LAG_MS off the first packet's time line are left out. Falls
 * back to `u` when the file holds no RTP packet.
 */
export async function mediaStartUs(file: string, u: number, kind: "audio" | "video"): Promise<number> {
  const clockPerMs = kind === "audio" ? 48 : 90;
  let minLag = Infinity;
  let minRtp = 0;
  let prev: number | null = null;
  let rtp = 0;
  let carry: Buffer = Buffer.alloc(0);
  let skip = -1; // bytes of the file header still to skip; -1 until its length is known
  // The lags were taken against the first packet's RTP time; the media starts at the earliest one.
  const start = () => (minLag === Infinity ? u : Math.round(u + (minLag + minRtp / clockPerMs) * 1000));
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
    const b: Buffer = carry.length ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    let o = 0;
    if (skip < 0) {
      if (b.length < 10) {
        carry = b;
        continue;
      }
      skip = 10 + b.readUInt16BE(8);
    }
    if (skip > 0) {
      const n = Math.min(skip, b.length);
      skip -= n;
      o = n;
    }
    for (;;) {
      if (b.length - o < 10) break;
      if (b.toString("latin1", o, o + 4) !== "MEET") return start(); // not a frame: keep what was read
      const len = b.readUInt16BE(o + 8);
      if (b.length - o < 10 + len) break;
      const arrivalMs = b.readUInt32BE(o + 4);
      const p = b.subarray(o + 10, o + 10 + len);
      o += 10 + len;
      // RTP version 2, and not RTCP (payload types 72-76 with the marker bit are 200-204).
      if (len < 12 || p[0] >> 6 !== 2 || (p[1] >= 200 && p[1] <= 204)) continue;
      const ts = p.readUInt32BE(4);
      rtp = prev === null ? 0 : rtp + ((ts - prev) | 0);
      prev = ts;
      const lag = arrivalMs - rtp / clockPerMs;
      if (Math.abs(lag) > MAX_LAG_MS) continue;
      // Out of order: only among the first packets, within half a second.
      if (arrivalMs <= 500) minRtp = Math.min(minRtp, rtp);
      minLag = Math.min(minLag, lag);
    }
    carry = b.subarray(o);
  }
  return start();
}

/** janus-pp-rec's limit per file, and ffmpeg's before ten seconds per second of the recording. */
const TOOL_LIMIT_MS = 120_000;

const ppRec = () => process.env.JANUS_PP_REC_PATH ?? "janus-pp-rec";
const ffmpeg = () => process.env.FFMPEG_PATH ?? "ffmpeg";

// 30 frames a second although cameras send 15 or fewer: every picture lands within 33 ms of
// its own time instead of 67.
const FPS = 30;
const WIDTH = 1280;
const HEIGHT = 720;
const even = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

/**
 * Converts `files` into `output` (H.264/AAC MP4, 30 fps). `work` is a scratch directory.
 * Throws "Nothing was recorded" when no file holds media.
 */
export async function composeMjr(files: MjrFile[], work: string, output: string): Promise<void> {
  const parts: (MjrFile & { media: string })[] = [];
  for (const [i, f] of files.entries()) {
    const media = path.join(work, `${i}.${f.kind === "audio" ? "opus" : "webm"}`);
    // A stream that carried no usable packet (a camera that was off) makes janus-pp-rec fail: leave it out.
    await runTool(ppRec(), ["-o", "-d", "2", f.file, media], TOOL_LIMIT_MS).catch(() => {});
    if (fs.existsSync(media) && fs.statSync(media).size > 0) parts.push({ ...f, media });
  }
  if (!parts.length) throw new Error("Nothing was recorded");
  const t0 = Math.min(...parts.map((p) => p.firstUs));
  const offset = (p: MjrFile) => (p.firstUs - t0) / 1e6;

  // One tile per person who sent video, in the order they first appeared.
  const videoUsers = [...new Set(parts.filter((p) => p.kind === "video").sort((a, b) => a.firstUs - b.firstUs).map((p) => p.userId))];
  const cols = Math.max(1, Math.ceil(Math.sqrt(videoUsers.length)));
  const rows = Math.max(1, Math.ceil(videoUsers.length / cols));
  const tw = even(WIDTH / cols);
  const th = even(HEIGHT / rows);

  // Where each file's media begins: a picture may start after its first packet (janus-pp-rec
  // writes from the first keyframe on, at its own time), and ffmpeg would move it to 0.
  const probes = await Promise.all(parts.map((p) => probe(p.media)));
  const args = ["-hide_banner", "-loglevel", "error", "-y"];
  parts.forEach((p) => args.push("-i", p.media));
  const filters: string[] = [`color=c=black:s=${WIDTH}x${HEIGHT}:r=${FPS}[bg0]`];
  let last = "bg0";
  let n = 0;
  const audio: string[] = [];
  parts.forEach((p, i) => {
    const off = offset(p) + probes[i].start;
    if (p.kind === "video") {
      const slot = videoUsers.indexOf(p.userId);
      const x = (slot % cols) * tw;
      const y = Math.floor(slot / cols) * th;
      // The picture keeps its own times from its first packet on, moved by the stream's offset.
      filters.push(`[${i}:v]setpts=PTS-STARTPTS+${off.toFixed(3)}/TB,scale=${tw}:${th}:force_original_aspect_ratio=decrease,pad=${tw}:${th}:(ow-iw)/2:(oh-ih)/2[v${i}]`);
      filters.push(`[${last}][v${i}]overlay=x=${x}:y=${y}:eof_action=pass:shortest=0[bg${++n}]`);
      last = `bg${n}`;
    } else {
      // Gaps (lost packets, silence suppression) become silence; then the whole sound starts at its offset.
      filters.push(`[${i}:a]asetpts=PTS-STARTPTS,aresample=48000:async=1:first_pts=0,adelay=delays=${Math.round(off * 1000)}:all=1[a${i}]`);
      audio.push(`[a${i}]`);
    }
  });
  if (audio.length > 1) filters.push(`${audio.join("")}amix=inputs=${audio.length}:duration=longest:dropout_transition=0:normalize=0[aout]`);
  else if (audio.length === 1) filters.push(`${audio[0]}anull[aout]`);
  filters.push(`[${last}]format=yuv420p[vout]`);

  // Never longer than the time since the media began: a stream placed far off (a bad clock) would
  // otherwise have ffmpeg draw the black background for as long.
  const sinceStart = (Date.now() * 1000 - t0) / 1e6;
  const longest = Math.max(...parts.map((p, i) => offset(p) + probes[i].start + probes[i].duration));
  const duration = Math.max(0.5, Math.min(sinceStart, longest));
  args.push("-filter_complex", filters.join(";"), "-map", "[vout]");
  if (audio.length) args.push("-map", "[aout]", "-c:a", "aac", "-b:a", "96k");
  args.push("-c:v", "libx264", "-preset", "veryfast", "-r", String(FPS), "-t", duration.toFixed(3), "-movflags", "+faststart", output);
  // Encoding takes a fraction of the recording's length: ten times as long means it hangs.
  await runTool(ffmpeg(), args, TOOL_LIMIT_MS + duration * 10_000);
}

/**
 * A media file's first timestamp and length, in seconds, as the container states them; a probe
 * that fails or hangs (killed at the tools' limit, so the recording does not stay "Processing
 * recording...") counts the file from 0.
 */
async function probe(file: string): Promise<{ start: number; duration: number }> {
  const args = ["-v", "error", "-show_entries", "format=start_time,duration", "-of", "default=nw=1", file];
  const out = await runTool(process.env.FFPROBE_PATH ?? "ffprobe", args, TOOL_LIMIT_MS).catch(() => "");
  const num = (k: string) => Number(new RegExp(`^${k}=([\\d.]+)`, "m").exec(out)?.[1] ?? 0) || 0;
  return { start: num("start_time"), duration: num("duration") };
}
