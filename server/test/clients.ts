// Socket test helpers: real socket.io-client sockets against a running app.
import { io as connectIo, type Socket } from "socket.io-client";
import { PROTOCOL_VERSION, type Ack, type ChatMessage, type ClientToServerEvents, type ServerToClientEvents, type SessionReady, type SignalMessage } from "@shared/realtime";

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const inboxes = new WeakMap<ClientSocket, SignalMessage[]>();

/** Every signal the socket received since it was created (including those flushed on connect). */
export const signalsOf = (socket: ClientSocket): SignalMessage[] => inboxes.get(socket) ?? [];

/** Connects with a token and waits for `session.ready` (rooms joined, pending signals flushed). */
export async function connect(
  url: string,
  token: string | undefined,
  opts: { reconnection?: boolean; transports?: ("websocket" | "polling")[]; upgrade?: boolean } = {},
): Promise<ClientSocket> {
  const socket: ClientSocket = connectIo(url, {
    path: "/socket.io",
    auth: token === undefined ? { protocol_version: PROTOCOL_VERSION } : { token, protocol_version: PROTOCOL_VERSION },
    transports: opts.transports ?? ["websocket"],
    upgrade: opts.upgrade ?? true,
    reconnection: opts.reconnection ?? true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 300,
    forceNew: true,
  });
  const inbox: SignalMessage[] = [];
  inboxes.set(socket, inbox);
  socket.on("signals.receive", (m) => inbox.push(m));
  await new Promise<SessionReady>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("no session.ready")), 10_000);
    socket.once("session.ready", (s) => {
      clearTimeout(t);
      resolve(s);
    });
    socket.once("connect_error", (err) => {
      clearTimeout(t);
      socket.close();
      reject(err);
    });
  });
  return socket;
}

/** Emits a command and resolves with its ack. */
export function call<T = any>(socket: ClientSocket, event: string, payload?: unknown, timeoutMs = 10_000): Promise<Ack<T>> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no ack for ${event}`)), timeoutMs);
    const done = (r: Ack<T>) => {
      clearTimeout(t);
      resolve(r);
    };
    const s = socket as unknown as { emit: (...a: unknown[]) => void };
    if (payload === undefined) s.emit(event, done);
    else s.emit(event, payload, done);
  });
}

let rawAckId = 1_000_000;

/**
 * Emits a command whose payload is JSON text, as one raw Socket.IO EVENT frame, and resolves with
 * its ack. For payloads the client's encoder cannot walk (it recurses, so a value nested tens of
 * thousands deep overflows its stack) but a hand-written client can send.
 */
export function callRaw<T = any>(socket: ClientSocket, event: string, payloadJson: string, timeoutMs = 10_000): Promise<Ack<T>> {
  const id = rawAckId++;
  const s = socket as unknown as { acks: Record<number, (r: Ack<T>) => void>; io: { engine: { write: (msg: string) => void } } };
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => {
      delete s.acks[id];
      reject(new Error(`no ack for ${event}`));
    }, timeoutMs);
    s.acks[id] = (r) => {
      clearTimeout(t);
      resolve(r);
    };
    // Socket.IO packet type 2 (EVENT) with an ack id, on the main namespace.
    s.io.engine.write(`2${id}[${JSON.stringify(event)},${payloadJson}]`);
  });
}

/** Records every event of one kind from the moment of the call. */
export function record<T = any>(socket: ClientSocket, event: string): T[] {
  const out: T[] = [];
  (socket as unknown as { on: (e: string, f: (x: T) => void) => void }).on(event, (x: T) => out.push(x));
  return out;
}

/** Waits until `pred` holds for some recorded item (polling the array) or times out. */
export async function until<T>(list: T[], pred: (x: T) => boolean = () => true, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const hit = list.find(pred);
    if (hit !== undefined) return hit;
    if (Date.now() > end) throw new Error(`timed out; saw ${JSON.stringify(list).slice(0, 500)}`);
    await sleep(20);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Signals of one type for one call from a list. */
export const ofType = (list: SignalMessage[], type: string, callId?: string) =>
  list.filter((s) => s.message_type === type && (!callId || s.call_id === callId));

/** A polling-only client: GET get-signals every `everyMs`, like a polling client. */
export function poller(url: string, token: string, everyMs = 200) {
  const got: SignalMessage[] = [];
  let stopped = false;
  const loop = async () => {
    while (!stopped) {
      try {
        const res = await fetch(`${url}/phpapi/webrtc/get-signals`, { headers: { authorization: `Bearer ${token}` } });
        if (res.ok) got.push(...((await res.json()) as SignalMessage[]));
      } catch {
        /* the app may be closing */
      }
      await sleep(everyMs);
    }
  };
  const done = loop();
  return {
    got,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/** Every new message pushed to the socket from now on (`entities.change` for messages, op create), as its row. */
export function recordMessages<T = ChatMessage>(socket: ClientSocket): T[] {
  const out: T[] = [];
  socket.on("entities.change", (c) => {
    if (c.table === "messages" && c.op === "create") out.push(c.row as T);
  });
  return out;
}
