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

export async function resyncAfterReconnect(): Promise<void> {
  invalidateChannels();
  const { byChannel } = useChatStore.getState();
  await Promise.all(
    Object.entries(byChannel).map(async ([key, entry]) => {
      const channelId = Number(key);
      const lastId = entry.items[entry.items.length - 1]?.id;
      if (lastId == null) return openChannel(channelId);
      try {
        const missed = await fetchMessagesAfter(channelId, lastId);
        // Too large a gap to stitch: start again from the newest page.
        if (missed.length >= RESYNC_LIMIT) {
          useChatStore.getState().removeChannel(channelId);
          return openChannel(channelId);
        }
        useChatStore.getState().mergeMessages(channelId, missed);
      } catch (err) {
        console.error("Failed to resync messages", err);
      }
    }),
  );
}
