// The flood scenario: one client sends commands as fast as a runaway script would (5,000 a
// second) while the others chat at an easy rate; the figure that matters is the others' push
// latency, compared with the same chat without the flood.
import type { Ack, ChatMessage } from "../../shared/realtime";
import { runChat, type ChatResult, type Sock } from "./driver";
import type { BenchRoom, BenchUser } from "./fixture";

export interface FloodResult {
  quiet: ChatResult;
  flooded: ChatResult;
  floodSent: number;
  floodAccepted: number;
  floodRefused: number;
  floodOtherErrors: number;
}

export async function runFlood(
  sockets: Sock[],
  users: BenchUser[],
  rooms: BenchRoom[],
  opts: { rate: number; durationMs: number; floodPerSec: number },
): Promise<FloodResult> {
  const flooderIndex = rooms[0].members[0];
  const flooder = sockets[flooderIndex];
  const roomId = rooms[0].id;
  // The flooder neither sends nor counts as a recipient in the measured chat.
  const others = sockets.map((s, i) => (i === flooderIndex ? (undefined as unknown as Sock) : s));
  const chat = { rate: opts.rate, durationMs: opts.durationMs, warmupMs: 500, drainMs: 3000 };
  const quiet = await runChat(others, users, rooms, chat);

  let floodSent = 0;
  let floodAccepted = 0;
  let floodRefused = 0;
  let floodOtherErrors = 0;
  const perTick = Math.max(1, Math.round(opts.floodPerSec / 100));
  const timer = setInterval(() => {
    for (let k = 0; k < perTick; k++) {
      floodSent++;
      flooder.emit("messages.create", { channel_id: roomId, content: `flood ${floodSent}` }, (ack: Ack<ChatMessage>) => {
        if (ack?.ok) floodAccepted++;
        else if (ack?.error === "Too many requests") floodRefused++;
        else floodOtherErrors++;
      });
    }
  }, 10);
  let flooded: ChatResult;
  try {
    flooded = await runChat(others, users, rooms, chat);
  } finally {
    clearInterval(timer);
  }
  await new Promise((r) => setTimeout(r, 1000));
  return { quiet, flooded, floodSent, floodAccepted, floodRefused, floodOtherErrors };
}
