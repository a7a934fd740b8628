// Small files for Chromium's fake camera and microphone (--use-file-for-fake-video-capture and
// --use-file-for-fake-audio-capture), made with ffmpeg once per run: a low resolution picture
// spares the shared machine when many people are in one meeting, and a known flash with a beep
// every two seconds lets the recording test measure audio/video sync.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const DIR = path.join(tmpdir(), "teamspace-e2e-media");

export interface FakeMedia {
  video: string;
  audio: string;
}

/**
 * A 320x180, 15 fps clip of `seconds` (Chromium loops it): dark grey, with a white picture and a
 * 1 kHz beep of `flash` seconds starting together at every multiple of `period` seconds.
 */
export function flashBeepMedia(seconds = 10, period = 2, flash = 0.3): FakeMedia {
  mkdirSync(DIR, { recursive: true });
  const video = path.join(DIR, `flash-${seconds}-${period}-${flash}.y4m`);
  const audio = path.join(DIR, `beep-${seconds}-${period}-${flash}.wav`);
  if (!existsSync(video)) {
    execFileSync("ffmpeg", [
      "-v", "error", "-y",
      "-f", "lavfi", "-i", `color=c=0x202020:s=320x180:r=15:d=${seconds}`,
      "-vf", `geq=lum='if(lt(mod(T\\,${period})\\,${flash})\\,235\\,40)':cb=128:cr=128`,
      "-pix_fmt", "yuv420p", video,
    ]);
  }
  if (!existsSync(audio)) {
    execFileSync("ffmpeg", [
      "-v", "error", "-y",
      "-f", "lavfi", "-i", `aevalsrc='if(lt(mod(t\\,${period})\\,${flash})\\,0.8*sin(2*PI*1000*t)\\,0)':s=48000:d=${seconds}`,
      "-ac", "1", audio,
    ]);
  }
  return { video, audio };
}

/**
 * The sync tests' clip is longer than any of them runs, so it never loops: each time Chromium's fake
 * camera starts its file again it shows the first picture one frame too long (measured with
 * ./capture-probe: every flash after a loop is 67 ms later against its beep, and the wav loops
 * exactly), so a 10 s clip made the picture fall a frame further behind every 10 s. 150 MB at 320x180.
 */
export const SYNC_CLIP_SECONDS = 120;

/** Chromium flags that feed these files to the fake devices. */
export function fakeMediaArgs(m: FakeMedia): string[] {
  return [`--use-file-for-fake-video-capture=${m.video}`, `--use-file-for-fake-audio-capture=${m.audio}`];
}

/** A dark, silent 320x180 clip: a second person who adds no flash and no beep of their own. */
export function quietMedia(seconds = 10): FakeMedia {
  mkdirSync(DIR, { recursive: true });
  const video = path.join(DIR, `quiet-${seconds}.y4m`);
  const audio = path.join(DIR, `quiet-${seconds}.wav`);
  if (!existsSync(video)) {
    execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", `color=c=0x101010:s=320x180:r=15:d=${seconds}`, "-pix_fmt", "yuv420p", video]);
  }
  if (!existsSync(audio)) {
    execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", `anullsrc=r=48000:cl=mono`, "-t", String(seconds), audio]);
  }
  return { video, audio };
}
