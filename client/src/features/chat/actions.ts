// Async chat flows: each talks to the server, then hands the result to a chat store action.
import type { ChatMessage } from "@shared/entities";
import { emitWithAck, getSocket } from "../../realtime/socket";
import {
  createMessageViaRest,
  fetchLatestMessages,
  fetchMessagesAfter,
  fetchOlderMessages,
  invalidateChannels,
  RESYNC_LIMIT,
} from "./api";
import { useChatStore } from "./store";
import { ResyncPoints, resyncUntilDone, type ResyncSnapshot } from "@shared/resync";

const inflight = new Map<number, Promise<void>>();

/** Loads the newest page, or refreshes it (merging) when the channel was opened before. */
export function openChannel(channelId: number): Promise<void> {
  const running = inflight.get(channelId);
  if (running) return running;
  const store = useChatStore.getState();
  store.startLoading(channelId);
  const task = fetchLatestMessages(channelId)
    .then((messages) => useChatStore.getState().setLatest(channelId, messages))
    .catch((err: unknown) => {
      console.error("Failed to load messages", err);
      useChatStore.getState().loadFailed(channelId);
    })
    .finally(() => inflight.delete(channelId));
  inflight.set(channelId, task);
  return task;
}

export async function loadOlder(channelId: number): Promise<void> {
  const entry = useChatStore.getState().byChannel[channelId];
  if (!entry || entry.loadingOlder || !entry.hasOlder || !entry.items.length) return;
  useChatStore.getState().setLoadingOlder(channelId, true);
  try {
    const older = await fetchOlderMessages(channelId, entry.items[0].id);
    useChatStore.getState().prependOlder(channelId, older);
  } catch (err) {
    console.error("Failed to load older messages", err);
    useChatStore.getState().setLoadingOlder(channelId, false);
  }
}

export interface OutgoingMessage {
  channel_id: number;
  content: string;
  message_type?: "text" | "file" | "image";
  file_url?: string;
  file_name?: string;
}

/** Sends over the socket (ack after commit); falls back to REST while the socket is down. */
export async function sendMessage(input: OutgoingMessage): Promise<ChatMessage> {
  const message = getSocket()?.connected
    ? await emitWithAck("messages.create", input)
    : await createMessageViaRest({ ...input });
  useChatStore.getState().receive(message);
  return message;
}

const pendingResync = new ResyncPoints();
let resyncing: Promise<void> | null = null;

/** Where each loaded channel stands now: taken when the socket drops. */
export function resyncSnapshot(): ResyncSnapshot {
  const { byChannel } = useChatStore.getState();
  return new Map(Object.entries(byChannel).map(([key, entry]) => [Number(key), entry.items[entry.items.length - 1]?.id ?? null]));
}

async function resyncChannel(channelId: number, afterId: number | null): Promise<void> {
  if (afterId === null) return openChannel(channelId);
  const missed = await fetchMessagesAfter(channelId, afterId);
  // Too large a gap to stitch: start again from the newest page.
  if (missed.length >= RESYNC_LIMIT) {
    useChatStore.getState().removeChannel(channelId);
    return openChannel(channelId);
  }
  useChatStore.getState().mergeMessages(channelId, missed);
}

/** Fetches what was missed since `snapshot` (taken at the drop), retrying until it succeeds. */
export function resyncAfterReconnect(snapshot: ResyncSnapshot): Promise<void> {
  invalidateChannels();
  pendingResync.add(snapshot);
  resyncing ??= resyncUntilDone(pendingResync, resyncChannel, {
    onError: (channelId, err) => console.error(`Failed to resync channel ${channelId}; retrying`, err),
  }).finally(() => (resyncing = null));
  return resyncing;
}
