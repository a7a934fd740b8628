// Sending through the outbox (./outbox.ts; docs/messages.md, "Sent when back online"): every new
// message and reply is kept first, then sent with its client_id, one at a time in the order
// written, over the socket (REST while it is down). What the network did not carry waits, shown
// greyed, and goes when the connection is back (`flushOutbox` on every `session.ready` and on the
// browser's `online`); a try whose answer was lost is answered the stored message the next time,
// never stored twice. A refusal (a 4xx, or the server's words over the socket) of a message being
// sent from the composer gives its text back there, as before; of one that waited, it stays
// shown with the error.
import type { ChatMessage } from "@shared/entities";
import { MESSAGES } from "@shared/constants";
import { RealtimeError, addSocketHandlers, emitWithAck, getSocket } from "../../realtime/socket";
import { ApiError } from "../../lib/http";
import { createMessageViaRest } from "./api";
import { useOutboxStore, type NewOutboxItem, type OutboxItem } from "./outbox";
import { useChatStore } from "./store";
import { useThreadStore } from "./threadStore";
import { useSessionStore } from "../auth/store";

/** Socket answers that say nothing about the message itself: try again later. */
const TRANSIENT = new Set(["Not connected", "Timed out", "Too many requests", MESSAGES.serviceUnavailable, "Internal server error"]);

type Outcome = { sent: ChatMessage } | { wait: true } | { refused: Error };

/** Whether a failure is the network's (or a passing server trouble), not the server refusing the message. */
export function isTransient(err: unknown): boolean {
  if (err instanceof RealtimeError) return TRANSIENT.has(err.message);
  // 408 and 429 say "later"; 5xx, a proxy without its app. fetch rejects with a TypeError when the network fails.
  if (err instanceof ApiError) return err.status >= 500 || err.status === 408 || err.status === 429;
  return err instanceof TypeError;
}

function payload(item: OutboxItem) {
  const { client_id, channel_id, thread_root_id, also_to_channel, content, message_type, file_url, file_name } = item;
  return {
    client_id,
    channel_id,
    content,
    message_type,
    ...(thread_root_id != null ? { thread_root_id, also_to_channel } : {}),
    ...(file_url ? { file_url, file_name } : {}),
  };
}

async function tryOnce(item: OutboxItem): Promise<Outcome> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return { wait: true };
  try {
    const body = payload(item);
    return { sent: getSocket()?.connected ? await emitWithAck("messages.create", body) : await createMessageViaRest(body) };
  } catch (err) {
    return isTransient(err) ? { wait: true } : { refused: err instanceof Error ? err : new Error(String(err)) };
  }
}

/** A sent message into the stores that show it (the channel's list, its thread), as the feed would. */
function show(message: ChatMessage): void {
  if (message.thread_root_id != null) useThreadStore.getState().upsert(message);
  useChatStore.getState().receive(message);
}

// The composer waiting on its message's first try: told when it is sent, waits, or is refused.
const composers = new Map<string, { resolve: (m: ChatMessage | null) => void; reject: (err: Error) => void }>();
let running: Promise<void> | null = null;
let queued: Promise<void> | null = null;

/** RETRY_MS: a passing trouble the socket stays connected through (a busy or restarting server) announces no return. */
export const RETRY_MS = 15_000;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
function retryLater(): void {
  if (retryTimer) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void flushOutbox();
  }, RETRY_MS);
}

/** One pass: the items not refused, in the order written, until the network fails one (the rest wait behind it). */
async function sendPass(): Promise<void> {
  for (;;) {
    const item = useOutboxStore.getState().items.find((i) => i.state !== "failed");
    if (!item) return;
    const outcome = await tryOnce(item);
    const waiter = composers.get(item.client_id);
    composers.delete(item.client_id);
    if ("sent" in outcome) {
      useOutboxStore.getState().remove(item.client_id);
      show(outcome.sent);
      waiter?.resolve(outcome.sent);
    } else if ("wait" in outcome) {
      useOutboxStore.getState().mark(item.client_id, "waiting");
      waiter?.resolve(null);
      // The rest wait behind it, shown too.
      for (const i of useOutboxStore.getState().items) if (i.state === "sending") useOutboxStore.getState().mark(i.client_id, "waiting");
      for (const w of composers.values()) w.resolve(null);
      composers.clear();
      retryLater();
      return;
    } else if (waiter) {
      // Refused on its first try: the composer gets its text back, as before the outbox.
      useOutboxStore.getState().remove(item.client_id);
      waiter.reject(outcome.refused);
    } else {
      useOutboxStore.getState().mark(item.client_id, "failed", outcome.refused.message);
    }
  }
}

/**
 * Sends the waiting items in the order written, one at a time (one pass at a time). A call while
 * a pass runs (a reconnect during a try that timed out, a message written meanwhile) makes one
 * more pass after it, shared by every such call.
 */
export function flushOutbox(): Promise<void> {
  if (queued) return queued;
  if (running) {
    queued = running.then(() => {
      queued = null;
      return flushOutbox();
    });
    return queued;
  }
  running = sendPass().finally(() => {
    running = null;
  });
  return running;
}

/**
 * `messages.create` through the outbox: resolves with the stored message, or null when it waits
 * for the network (kept and shown); rejects when the server refuses it.
 */
export function sendThroughOutbox(input: NewOutboxItem): Promise<ChatMessage | null> {
  const item = useOutboxStore.getState().add(input);
  const answer = new Promise<ChatMessage | null>((resolve, reject) => composers.set(item.client_id, { resolve, reject }));
  void flushOutbox();
  return answer;
}

/** Retry: a refused item is sent again (after those waiting before it). */
export function retryOutboxItem(clientId: string): void {
  useOutboxStore.getState().mark(clientId, "waiting");
  void flushOutbox();
}

/**
 * Opens the signed-in person's outbox and sends what waits whenever the connection is back: every
 * `session.ready` (a sign-in, a reconnect) and the browser's `online`.
 */
export function registerOutbox(): () => void {
  const open = () => useOutboxStore.getState().open(useSessionStore.getState().user?.id ?? null);
  open();
  const offSession = useSessionStore.subscribe(open);
  const offSocket = addSocketHandlers((socket) => socket.on("session.ready", () => void flushOutbox()));
  const onOnline = () => void flushOutbox();
  const win = typeof window === "undefined" ? null : window;
  win?.addEventListener("online", onOnline);
  return () => {
    offSession();
    offSocket();
    win?.removeEventListener("online", onOnline);
  };
}
