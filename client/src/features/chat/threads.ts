// Thread flows (docs/threads.md): loading a thread, replying (messages.create with
// thread_root_id), following and reading (thread_follows.update), resolving (messages.resolve),
// over the socket (REST while it is down); the answers go to the thread stores, as the feed's changes do (./socket.ts).
import type { ChatMessage, FollowedThread, ThreadFollow, ThreadFollowsUpdateInput } from "@shared/entities";
import { emitWithAck, getSocket } from "../../realtime/socket";
import { request } from "../../lib/http";
import { getEntity } from "../../lib/entityApi";
import { useSessionStore } from "../auth/store";
import { fetchMessagePage, threadList } from "./api";
import { sendThroughOutbox } from "./outboxSend";
import { useChatStore } from "./store";
import { useFollowStore } from "./followStore";
import { useThreadStore } from "./threadStore";

const me = () => useSessionStore.getState().user?.email;

let loading: Promise<void> | null = null;
let again = false;

/** GET /api/chat/threads into the store; calls while one runs share one more after it. */
export function refreshThreads(): Promise<void> {
  if (loading) {
    again = true;
    return loading;
  }
  loading = request<{ threads: FollowedThread[] }>("/chat/threads")
    .then((res) => useFollowStore.getState().setAll(res.threads))
    .catch((err: unknown) => console.error("Loading followed threads failed", err))
    .finally(() => {
      loading = null;
      if (again) {
        again = false;
        void refreshThreads();
      }
    });
  return loading;
}

/** The root and the newest page of a thread's replies, into the thread store. */
export async function loadThread(rootId: number): Promise<void> {
  useThreadStore.getState().startLoading(rootId);
  try {
    const [root, replies] = await Promise.all([getEntity<ChatMessage>("messages", rootId), fetchMessagePage(threadList(rootId))]);
    useThreadStore.getState().loaded(rootId, root, replies);
  } catch (err) {
    console.error("Failed to load the thread", err);
    useThreadStore.getState().loadFailed(rootId);
  }
}

/** The page of replies older than the oldest loaded, as a channel's list loads its older pages (./loading.ts). */
export async function loadOlderReplies(rootId: number): Promise<void> {
  const entry = useThreadStore.getState().byRoot[rootId];
  if (!entry || entry.status !== "ready" || entry.loadingOlder || !entry.hasOlder || !entry.replies.length) return;
  useThreadStore.getState().setLoadingOlder(rootId, true);
  try {
    useThreadStore.getState().prependOlder(rootId, await fetchMessagePage(threadList(rootId), entry.replies[0].id));
  } catch (err) {
    console.error("Failed to load older replies", err);
    useThreadStore.getState().setLoadingOlder(rootId, false);
  }
}

export interface OutgoingReply {
  channel_id: number;
  thread_root_id: number;
  content: string;
  also_to_channel: boolean;
  /** An attachment (docs/messages.md, "Writing": paste or drop a file into the thread's composer). */
  message_type?: "text" | "file" | "image";
  file_url?: string;
  file_name?: string;
}

/**
 * messages.create with thread_root_id, through the outbox (./outboxSend.ts): the reply shows at
 * once in the pane (and the channel, if also sent there); without a network it waits (null).
 */
export function sendReply(input: OutgoingReply): Promise<ChatMessage | null> {
  return sendThroughOutbox({ ...input, message_type: input.message_type ?? "text" });
}

/** messages.resolve: mark the thread resolved or reopen it; the root as it now is shows at once. */
export async function resolveThread(rootId: number, resolved: boolean): Promise<ChatMessage> {
  const input = { thread_root_id: rootId, resolved };
  const root = getSocket()?.connected ? await emitWithAck("messages.resolve", input) : await request<ChatMessage>("/chat/threads/resolve", { method: "POST", body: input });
  useThreadStore.getState().upsert(root);
  useFollowStore.getState().rootChanged(root);
  if (useChatStore.getState().byChannel[root.channel_id]?.items.some((m) => m.id === root.id)) useChatStore.getState().mergeMessages(root.channel_id, [root]);
  return root;
}

function send(input: ThreadFollowsUpdateInput): Promise<ThreadFollow> {
  return getSocket()?.connected ? emitWithAck("thread_follows.update", input) : request<ThreadFollow>("/chat/threads/follow", { method: "POST", body: input });
}

/** One's own row for a thread as the server has it (an answer, or its change from any tab or device). */
export function applyFollow(row: ThreadFollow): void {
  const entry = useThreadStore.getState().byRoot[row.thread_root_id];
  // The loaded replies count the unread exactly when they reach back to the position.
  const complete = entry?.status === "ready" && (!entry.hasOlder || (entry.replies.length > 0 && row.last_read_message_id >= entry.replies[0].id));
  const exact = useFollowStore.getState().followChanged(row, complete ? entry.replies : undefined, me());
  if (!exact) void refreshThreads();
}

/** Follow or unfollow a thread. */
export async function setFollowing(rootId: number, following: boolean): Promise<void> {
  applyFollow(await send({ thread_root_id: rootId, following }));
}

// The newest reply this tab has said it read, per thread: reading only moves forward.
const reported = new Map<number, number>();

/** thread_follows.update: I have read the thread up to `messageId`. */
export function readThread(rootId: number, messageId: number): void {
  const known = Math.max(reported.get(rootId) ?? 0, useFollowStore.getState().threads[rootId]?.last_read_message_id ?? 0);
  if (messageId <= known) return;
  reported.set(rootId, messageId);
  send({ thread_root_id: rootId, read_message_id: messageId }).then(applyFollow, (err: unknown) => {
    reported.delete(rootId);
    console.error("Saving the thread's read position failed", err);
  });
}
