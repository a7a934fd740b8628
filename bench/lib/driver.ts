// The load driver: real socket.io-client sockets (WebSocket, or long-polling only) speaking the
// contract in shared/realtime.ts, so the same code drives the app and the bare relay.
import { io, type Socket } from "socket.io-client";
import { performance } from "node:perf_hooks";
import { PROTOCOL_VERSION, type Ack, type ChatMessage, type ClientToServerEvents, type EntityChange, type ServerToClientEvents } from "@shared/realtime";
import { Samples, type LatencySummary } from "./stats";
import type { BenchRoom, BenchUser } from "../../server/test/fixture";
import { RECONNECT_OPTIONS, jitterReconnects } from "@shared/reconnect";

export type Sock = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Calls `fn` with every new message pushed to the socket (a messages create in the change feed); returns the off switch. */
export function onNewMessage(s: Sock, fn: (m: ChatMessage) => void): () => void {
  const h = (c: EntityChange) => {
    if (c.table === "messages" && c.op === "create") fn(c.row);
  };
  s.on("entities.change", h);
  return () => s.off("entities.change", h);
}

export interface Connected {
  sockets: Sock[];
  connect: LatencySummary;
  failed: number;
  errors: string[];
}

export const TRANSPORTS = ["websocket", "polling"] as const;
export type Transport = (typeof TRANSPORTS)[number];

export interface ConnectOptions {
  /** Reconnect like the web client (same delays and jitter); off by default so a run notices drops. */
  reconnect?: boolean;
  /** One transport and no upgrade: "polling" is a client behind a proxy that blocks WebSocket. */
  transport?: Transport;
}

function connectOne(url: string, user: BenchUser, timeoutMs: number, opts: ConnectOptions = {}): Promise<Sock> {
  const t0 = performance.now();
  const s: Sock = io(url, {
    path: "/socket.io",
    transports: [opts.transport ?? "websocket"],
    auth: { token: user.token, channels: user.channels, protocol_version: PROTOCOL_VERSION },
    reconnection: !!opts.reconnect,
    ...(opts.reconnect ? RECONNECT_OPTIONS : {}),
    forceNew: true,
    timeout: timeoutMs,
  });
  if (opts.reconnect) jitterReconnects(s.io);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      s.close();
      reject(new Error("timeout"));
    }, timeoutMs);
    const failed = (err: Error) => {
      clearTimeout(timer);
      s.close();
      reject(err);
    };
    s.once("session.ready", () => {
      clearTimeout(timer);
      // Connected: later errors belong to reconnecting, which must carry on.
      s.off("connect_error", failed);
      (s as Sock & { connectMs?: number }).connectMs = performance.now() - t0;
      resolve(s);
    });
    s.once("connect_error", failed);
  });
}

/** Connects one socket per user, `concurrency` handshakes at a time; waits for session.ready. */
export async function connectAll(url: string, users: BenchUser[], concurrency = 100, timeoutMs = 30_000, opts: ConnectOptions = {}): Promise<Connected> {
  const sockets: Sock[] = new Array(users.length);
  const times = new Samples();
  const errors: string[] = [];
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < users.length) {
      const i = next++;
      try {
        const s = await connectOne(url, users[i], timeoutMs, opts);
        times.add((s as Sock & { connectMs: number }).connectMs);
        sockets[i] = s;
      } catch (err) {
        failed++;
        if (errors.length < 5) errors.push((err as Error).message);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, users.length) }, worker));
  return { sockets, connect: times.summary(), failed, errors };
}

export function closeAll(sockets: Sock[]): void {
  for (const s of sockets) s?.close();
}

export interface ChatOptions {
  /** Messages per second, in total across all senders. */
  rate: number;
  durationMs: number;
  /** Latencies from the first part of the run are not counted (connections warm up). */
  warmupMs?: number;
  /** How long to wait for stragglers after the last send. */
  drainMs?: number;
  /**
   * Shares of the sends that are replies in a thread (`messages.create` with `thread_root_id`) and
   * reactions (`message_reactions.create`) to a recent message of the room; the rest are channel
   * messages. Each is one send, delivered to every member of the room.
   */
  mix?: { replies: number; reactions: number };
  /** Also adds every counted latency here: several runs pooled into one distribution. */
  pool?: Samples;
  /** Words after the bench's own fields (what it takes apart to time a delivery): what it costs to store a message depends on its text. */
  text?: (seq: number) => string;
}

/** Reactions the mix uses: a message gets each at most once, so (message, emoji) names a reaction. */
const EMOJIS = ["👍", "❤️", "😂", "🎉", "🔥", "👀", "🙏", "✅", "😮", "🚀", "💯", "👏"];
/** The recent root messages of a room that replies and reactions go to. */
const RECENT_ROOTS = 8;

export interface ChatResult {
  rate: number;
  durationSec: number;
  sent: number;
  acked: number;
  ackErrors: number;
  expected: number;
  delivered: number;
  duplicates: number;
  lost: number;
  deliveriesPerSec: number;
  latency: LatencySummary;
  ack: LatencySummary;
  firstAckError?: string;
  /** Sends of each kind. */
  kinds: { messages: number; replies: number; reactions: number };
  /** Send-to-receive p99 of each kind (ms; 0 when none was measured). */
  p99Of: { messages: number; replies: number; reactions: number };
}

type Kind = "messages" | "replies" | "reactions";

let runCounter = 0;

/**
 * Every user sends in turn to its room; every member of the room (the sender too) should receive
 * each message once. Content carries the run, sequence and send time, so the receiver measures
 * send-to-receive latency on the same clock.
 */
export async function runChat(sockets: Sock[], users: BenchUser[], rooms: BenchRoom[], opts: ChatOptions): Promise<ChatResult> {
  const run = `${process.pid}.${++runCounter}`;
  const prefix = `lt|${run}|`;
  const roomOf = new Map<number, BenchRoom>();
  for (const r of rooms) for (const m of r.members) roomOf.set(m, r);
  const senders = users.map((_, i) => i).filter((i) => sockets[i] && roomOf.has(i));
  const latency = new Samples();
  const ackLat = new Samples();
  const seen = new Map<number, number>(); // seq -> deliveries
  let delivered = 0;
  let duplicates = 0;
  let expected = 0;
  let sent = 0;
  let acked = 0;
  let ackErrors = 0;
  let firstAckError: string | undefined;
  const start = performance.now();
  const warmEnd = start + (opts.warmupMs ?? 0);
  const expectFor = new Map<number, number>();
  const rootsOf = new Map<number, number[]>(); // room -> its newest acked channel messages
  const reactionsOn = new Map<number, number>(); // message -> reactions sent to it
  const kinds = { messages: 0, replies: 0, reactions: 0 };
  const kindOf = new Map<number, Kind>(); // seq -> kind, for replies and reactions
  const byKind = { messages: new Samples(), replies: new Samples(), reactions: new Samples() };

  let inWindow = 0;
  let sending = true;
  const mix = opts.mix ?? { replies: 0, reactions: 0 };
  const words = (seq: number) => (opts.text ? `| ${opts.text(seq)}` : "");
  const count = (seq: number, t: number, now: number) => {
    const n = (seen.get(seq) ?? 0) + 1;
    seen.set(seq, n);
    if (n > (expectFor.get(seq) ?? Infinity)) {
      duplicates++;
      return;
    }
    delivered++;
    if (sending) inWindow++;
    if (t >= warmEnd) {
      latency.add(now - t);
      opts.pool?.add(now - t);
      byKind[kindOf.get(seq) ?? "messages"].add(now - t);
    }
  };
  const onMessage = (m: ChatMessage) => {
    if (!m.content.startsWith(prefix)) return;
    const now = performance.now();
    const [, , seqText, tText] = m.content.split("|");
    count(Number(seqText), Number(tText), now);
  };
  // Reactions carry no text: the send is found by its message and emoji.
  const reactionSent = new Map<string, { seq: number; t: number }>();
  const onReaction = (c: EntityChange) => {
    if (c.table !== "message_reactions" || c.op !== "create") return;
    const sent = reactionSent.get(`${c.row.message_id}|${c.row.emoji}`);
    if (sent) count(sent.seq, sent.t, performance.now());
  };
  const offs = sockets.filter(Boolean).map((s) => onNewMessage(s, onMessage));
  if (mix.reactions > 0)
    for (const s of sockets.filter(Boolean)) {
      s.on("entities.change", onReaction);
      offs.push(() => s.off("entities.change", onReaction));
    }

  let rr = 0;
  let credit = 0;
  const tickMs = 5;
  let last = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      if (now - start >= opts.durationMs) {
        clearInterval(timer);
        resolve();
        return;
      }
      credit += ((now - last) * opts.rate) / 1000;
      last = now;
      while (credit >= 1) {
        credit -= 1;
        const i = senders[rr++ % senders.length];
        const room = roomOf.get(i)!;
        const seq = sent++;
        expectFor.set(seq, room.members.filter((m) => sockets[m]).length);
        expected += expectFor.get(seq)!;
        const t = performance.now();
        const onAck = (ack: Ack<unknown>) => {
          if (ack?.ok) {
            acked++;
            if (t >= warmEnd) ackLat.add(performance.now() - t);
          } else {
            ackErrors++;
            firstAckError ??= ack ? ack.error : "no ack";
          }
        };
        const recent = rootsOf.get(room.id) ?? [];
        const pick = (seq * 7919) % 100 < 100 * (mix.replies + mix.reactions) && recent.length ? recent[seq % recent.length] : undefined;
        const replying = pick !== undefined && (seq * 7919) % 100 < 100 * mix.replies;
        const emojiNo = pick === undefined || replying ? -1 : (reactionsOn.get(pick) ?? 0);
        if (emojiNo >= 0 && emojiNo < EMOJIS.length) {
          kinds.reactions++;
          kindOf.set(seq, "reactions");
          reactionsOn.set(pick!, emojiNo + 1);
          reactionSent.set(`${pick}|${EMOJIS[emojiNo]}`, { seq, t });
          // channel_id is the server's to set (the app ignores it); the bare relay needs it to pick the room.
          (sockets[i].emit as (...a: unknown[]) => void)("message_reactions.create", { message_id: pick, emoji: EMOJIS[emojiNo], channel_id: room.id }, onAck);
        } else if (replying) {
          kinds.replies++;
          kindOf.set(seq, "replies");
          sockets[i].emit("messages.create", { channel_id: room.id, thread_root_id: pick, content: `${prefix}${seq}|${t}${words(seq)}` }, onAck);
        } else {
          kinds.messages++;
          sockets[i].emit("messages.create", { channel_id: room.id, content: `${prefix}${seq}|${t}${words(seq)}` }, (ack: Ack<ChatMessage>) => {
            onAck(ack);
            // A root for later replies and reactions.
            if (ack?.ok) rootsOf.set(room.id, [ack.data.id, ...(rootsOf.get(room.id) ?? [])].slice(0, RECENT_ROOTS));
          });
        }
      }
    }, tickMs);
  });
  const sendEnd = performance.now();
  sending = false;
  const drainUntil = sendEnd + (opts.drainMs ?? 3000);
  while (delivered < expected && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 20));
  for (const off of offs) off();
  const durationSec = (sendEnd - start) / 1000;
  return {
    rate: opts.rate,
    durationSec,
    sent,
    acked,
    ackErrors,
    expected,
    delivered,
    duplicates,
    lost: expected - delivered,
    // Only what arrived while sending: a server that falls behind does not get credit for the backlog.
    deliveriesPerSec: inWindow / durationSec,
    latency: latency.summary(),
    ack: ackLat.summary(),
    firstAckError,
    kinds,
    p99Of: { messages: byKind.messages.summary().p99, replies: byKind.replies.summary().p99, reactions: byKind.reactions.summary().p99 },
  };
}
