// Reacting to, editing and deleting messages: each sends its named command over the socket (REST
// while the socket is down; docs/messages.md, "Reactions and edits"), then hands the answer to the stores.
// Everyone else's view follows through the change feed (./socket.ts).
import type { ChatMessage, MessageReaction } from "@shared/entities";
import { LIMITS } from "@shared/constants";
import { emitWithAck, getSocket } from "../../realtime/socket";
import { ApiError } from "../../lib/http";
import { createEntity, deleteEntity, getEntity, listEntities, updateEntity } from "../../lib/entityApi";
import { useSessionStore } from "../auth/store";
import { ownReaction, useReactionsStore } from "./reactions";
import { useChatStore } from "./store";
import { toast } from "../../ui/notifications";
import { markUnread } from "./reads";

const live = () => !!getSocket()?.connected;
const inflight = new Map<number, Promise<void>>();

/** Loads the reactions of a channel's messages from `fromMessageId` on (the messages on screen). */
export function loadReactions(channelId: number, fromMessageId: number): Promise<void> {
  const running = inflight.get(channelId);
  if (running) return running;
  const task = (async () => {
    const page = LIMITS.listMaxLimit;
    for (let offset = 0; ; offset += page) {
      const rows = await listEntities<MessageReaction>("message_reactions", {
        where: { channel_id: channelId, message_id: { gte: fromMessageId } },
        sort: "id",
        limit: page,
        offset,
      });
      useReactionsStore.getState().upsert(rows);
      if (rows.length < page) break;
    }
    useReactionsStore.getState().markLoaded(channelId, fromMessageId);
  })()
    .catch((err: unknown) => console.error("Failed to load reactions", err))
    .finally(() => inflight.delete(channelId));
  inflight.set(channelId, task);
  return task;
}

const toggling = new Set<string>();

/** message_reactions.create, or .delete of the reader's own reaction with this emoji; a second click while one is on its way does nothing. */
export async function toggleReaction(messageId: number, emoji: string): Promise<void> {
  const key = `${messageId}:${emoji}`;
  if (toggling.has(key)) return;
  toggling.add(key);
  try {
    await sendToggle(messageId, emoji);
  } finally {
    toggling.delete(key);
  }
}

async function sendToggle(messageId: number, emoji: string): Promise<void> {
  const me = useSessionStore.getState().user?.email;
  const mine = ownReaction(useReactionsStore.getState().byMessage[messageId] ?? [], emoji, me);
  if (mine) {
    if (live()) await emitWithAck("message_reactions.delete", { id: mine.id });
    else await deleteEntity("message_reactions", mine.id);
    useReactionsStore.getState().remove(mine.id);
    return;
  }
  const body = { message_id: messageId, emoji };
  const row = live() ? await emitWithAck("message_reactions.create", body) : await createEntity<MessageReaction>("message_reactions", body);
  useReactionsStore.getState().upsert([row]);
}

/** toggleReaction from a click: a failure is shown to the reader, never thrown. */
export function react(messageId: number, emoji: string): void {
  toggleReaction(messageId, emoji).catch((err: unknown) => {
    console.error("Failed to update a reaction", err);
    toast({ title: "Couldn't update your reaction", description: err instanceof Error ? err.message : undefined, variant: "destructive" });
  });
}

/** messages.update of the text; the server keeps the replaced text as an earlier version. */
export async function editMessage(message: ChatMessage, content: string): Promise<void> {
  const row = live()
    ? await emitWithAck("messages.update", { id: message.id, content })
    : await updateEntity<ChatMessage>("messages", message.id, { content });
  useChatStore.getState().mergeMessages(row.channel_id, [row]);
}

/**
 * messages.delete. The deleter sees what everyone else sees: a root with replies stays as the
 * server's "Message deleted" placeholder (docs/threads.md), which the feed usually brings before
 * the answer; anything else goes at once.
 */
export async function deleteMessage(message: ChatMessage): Promise<void> {
  if (live()) await emitWithAck("messages.delete", { id: message.id });
  else await deleteEntity("messages", message.id);
  if (useChatStore.getState().settleDelete(message.id) !== "ask") return;
  try {
    const row = await getEntity<ChatMessage>("messages", message.id);
    useChatStore.getState().mergeMessages(row.channel_id, [row]);
  } catch (err) {
    // Gone after all (its last reply went meanwhile); on any other failure the feed's catch-up
    // brings the placeholder (docs/architecture.md, "Catching up").
    if (err instanceof ApiError && err.status === 404) useChatStore.getState().removeMessageById(message.id);
  }
}

/** "Mark as unread" from a click (docs/unread.md): a failure is shown to the reader, never thrown. */
export function markUnreadFrom(message: ChatMessage): void {
  markUnread(message.channel_id, message.id).catch((err: Error) =>
    toast({ title: "Could not mark the message as unread", description: err.message, variant: "destructive" }),
  );
}

/** Where a message opens: its channel, scrolled to it and marked (as a search result opens it). */
export function messageLink(message: Pick<ChatMessage, "id" | "channel_id">): string {
  return new URL(`/Chat?channel=${message.channel_id}&message=${message.id}`, window.location.origin).toString();
}

/** Copies text for the reader, saying so. */
export function copyForReader(text: string, done: string): void {
  navigator.clipboard.writeText(text).then(
    () => toast({ title: done }),
    (err: unknown) => toast({ title: "Could not copy", description: err instanceof Error ? err.message : undefined, variant: "destructive" }),
  );
}
