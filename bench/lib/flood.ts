// The flood scenario: one client sends commands as fast as a runaway script would (5,000 a
// second) while the others chat at an easy rate; the figure that matters is the others' push
// latency, compared with the same chat without the flood.
import { spawn } from "node:child_process";
import { root } from "./servers";
import { runChat, type ChatResult, type Sock } from "./driver";
import type { BenchRoom, BenchUser } from "../../server/test/fixture";

export interface FloodResult {
  quiet: ChatResult;
  flooded: ChatResult;
  floodSent: number;
  floodAccepted: number;
  floodRefused: number;
  floodOtherErrors: number;
}

interface FloodCounts {
  sent: number;
  accepted: number;
  refused: number;
  other: number;
}

function startFlooder(url: string, token: string, channelId: number, perSec: number, durationMs: number) {
  const proc = spawn(process.execPath, ["--import", "tsx", "bench/lib/flooder.ts", url, token, String(channelId), String(perSec), String(durationMs)], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  let onReady: () => void = () => {};
  const ready = new Promise<void>((r) => (onReady = r));
  proc.stdout!.on("data", (d) => {
    out += String(d);
    if (out.includes("ready\n")) onReady();
  });
  const result = new Promise<FloodCounts>((resolve) =>
    proc.once("exit", () => {
      const line = out.split("\n").find((l) => l.startsWith("{"));
      onReady();
      resolve(line ? (JSON.parse(line) as FloodCounts) : { sent: 0, accepted: 0, refused: 0, other: 0 });
    }),
  );
  return { proc, ready, result };
}

export async function runFlood(
  url: string,
  sockets: Sock[],
  users: BenchUser[],
  rooms: BenchRoom[],
  opts: { rate: number; durationMs: number; floodPerSec: number; skipQuiet?: boolean },
): Promise<FloodResult> {
  const flooderIndex = rooms[0].members[0];
  const roomId = rooms[0].id;
  // The flooder neither sends nor counts as a recipient in the measured chat.
  const others = sockets.map((s, i) => (i === flooderIndex ? (undefined as unknown as Sock) : s));
  const chat = { rate: opts.rate, durationMs: opts.durationMs, warmupMs: 500, drainMs: 3000 };
  const quiet = opts.skipQuiet ? (null as unknown as ChatResult) : await runChat(others, users, rooms, chat);

  const flood = startFlooder(url, users[flooderIndex].token, roomId, opts.floodPerSec, opts.durationMs + 1000);
  await flood.ready;
  let flooded: ChatResult;
  try {
    flooded = await runChat(others, users, rooms, chat);
  } catch (err) {
    flood.proc.kill("SIGTERM");
    throw err;
  }
  const counts = await flood.result;
  await new Promise((r) => setTimeout(r, 1000));
  return { quiet, flooded, floodSent: counts.sent, floodAccepted: counts.accepted, floodRefused: counts.refused, floodOtherErrors: counts.other };
}
