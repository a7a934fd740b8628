// Runs a media tool (ffmpeg, janus-pp-rec) to its end, with a time limit: a conversion that hangs
// would otherwise hold its recording at "Processing recording..." for good, its lease renewed by
// a node that is alive but waiting. Past the limit the tool is killed and the conversion fails
// with a reason the call history shows.
import path from "node:path";
import { spawn } from "node:child_process";

/** What a tool printed on its standard output, at most this much of its beginning (ffprobe's answer). */
const OUTPUT_KEPT = 10_000;

/** Runs `bin` to its end; answers what it printed (its start), or fails naming the tool. */
export function runTool(bin: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const name = path.basename(bin);
    const p = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    const timer = setTimeout(() => {
      p.kill("SIGKILL");
      reject(new Error(`${name} took longer than ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
    p.stdout.on("data", (d: Buffer) => {
      if (out.length < OUTPUT_KEPT) out += d.toString();
    });
    p.stderr.on("data", (d: Buffer) => (err = (err + d.toString()).slice(-2000)));
    p.on("error", (e) => {
      clearTimeout(timer);
      reject(new Error(`${name} could not run: ${e.message}`));
    });
    p.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${name} failed (${code}): ${err.trim().split("\n").pop() ?? ""}`));
    });
  });
}

/**
 * Names the step a conversion is at and warns every `everyMs` while it lasts, so that a recording
 * that stays "Processing" says in the log where it waits. `done()` stops the warnings.
 */
export function stepWatch(warn: (step: string, seconds: number) => void, everyMs = 30_000): { step: (name: string) => void; done: () => void } {
  let current = "starting";
  let since = Date.now();
  const timer = setInterval(() => warn(current, Math.round((Date.now() - since) / 1000)), everyMs);
  timer.unref();
  return {
    step: (name) => {
      current = name;
      since = Date.now();
    },
    done: () => clearInterval(timer),
  };
}
