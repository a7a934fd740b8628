import { io, type Socket } from "socket.io-client";
import type { Ack, ClientToServerEvents, ServerToClientEvents } from "@shared/realtime";
import { PROTOCOL_VERSION } from "@shared/protocol";
import { getToken } from "../lib/tokenStorage";
import { RECONNECT_OPTIONS, jitterReconnects } from "@shared/reconnect";
import { MESSAGES } from "@shared/constants";

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

// One socket for the whole app: every feature shares its rooms and its reconnect logic. This
// module knows no store: each feature registers its own handlers (features/*/socket.ts).
let socket: AppSocket | null = null;
const registrars = new Set<(s: AppSocket) => void>();

/**
 * Adds a feature's handlers to the one socket, now and on every new socket (after each sign-in).
 * Returns an unregister function; handlers must only call store actions.
 */
export function addSocketHandlers(register: (s: AppSocket) => void): () => void {
  registrars.add(register);
  if (socket) register(socket);
  return () => registrars.delete(register);
}

export function connectRealtime(): AppSocket {
  if (socket) return socket;
  socket = io(window.location.origin, {
    path: "/socket.io",
    // A function, so every reconnect presents the latest (possibly refreshed) token. The protocol
    // version lets the server refuse this code once it no longer speaks it (docs/protocol.md, "Connect and authenticate"); app/deployReload.ts then loads the client again.
    auth: (cb) => cb({ token: getToken(), protocol_version: PROTOCOL_VERSION }),
    transports: ["websocket", "polling"],
    ...RECONNECT_OPTIONS,
  });
  jitterReconnects(socket.io);
  retryWhileUnavailable(socket);
  for (const register of registrars) register(socket);
  return socket;
}

/**
 * A handshake refused with "Service unavailable" (the server's database is away) is not a
 * sign-out: Socket.IO gives up after a refused handshake, so try again a few seconds later.
 */
function retryWhileUnavailable(s: AppSocket): void {
  s.on("connect_error", (err) => {
    if (err.message !== MESSAGES.serviceUnavailable) return;
    setTimeout(() => {
      if (socket === s && !s.connected && !s.active) s.connect();
    }, 1000 + Math.random() * 2000);
  });
}

export function disconnectRealtime(): void {
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
}

export function getSocket(): AppSocket | null {
  return socket;
}

type EventName = keyof ClientToServerEvents;
type Payload<E extends EventName> = Parameters<ClientToServerEvents[E]>[0];
type AckData<E extends EventName> =
  Parameters<ClientToServerEvents[E]>[1] extends (res: Ack<infer T>) => void ? T : never;

export class RealtimeError extends Error {}

/** Emits a command and resolves with the ack's data; rejects on `{ok:false}`, timeout or no connection. */
export function emitWithAck<E extends EventName>(event: E, payload: Payload<E>, timeoutMs = 10_000): Promise<AckData<E>> {
  const s = socket;
  if (!s || !s.connected) return Promise.reject(new RealtimeError("Not connected"));
  return new Promise((resolve, reject) => {
    const emitter = s.timeout(timeoutMs) as unknown as {
      emit: (ev: string, p: unknown, cb: (err: Error | null, res: Ack<AckData<E>>) => void) => void;
    };
    emitter.emit(event, payload, (err, res) => {
      if (err) reject(new RealtimeError("Timed out"));
      else if (res.ok) resolve(res.data);
      else reject(new RealtimeError(res.error));
    });
  });
}
