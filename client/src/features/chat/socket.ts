import type { Channel, ChatMessage, MessageReaction } from "@shared/entities";
import { addSocketHandlers } from "../../realtime/socket";
import { onFeedReset, onTableChange } from "../../realtime/feed";
import { invalidateChannels, moveChannelActivity, removeChannelFromCache, upsertChannelInCache } from "./api";
import { reloadOpenChannels } from "./actions";
import { useChatStore } from "./store";
import { useReactionsStore } from "./reactions";

/** Chat's handlers: channel, message and reaction changes from the feed, typing from the socket; they only call store and cache actions. */
export function registerChatSocket(): () => void {
  const offChannels = onTableChange("channels", (change) => {
    if (change.op === "delete") {
      removeChannelFromCache(change.id);
      useChatStore.getState().removeChannel(change.id);
    } else upsertChannelInCache(change.row as Channel);
  });
  const offMessages = onTableChange("messages", (change) => {
    if (change.op === "delete") {
      useChatStore.getState().removeMessageById(change.id);
      return;
    }
    const row = change.row as ChatMessage;
    if (change.op === "create") {
      useChatStore.getState().receive(row);
      // A channel's last_activity is the time of its newest message, which every reader receives.
      moveChannelActivity(row.channel_id, row.created_date);
    } else useChatStore.getState().mergeMessages(row.channel_id, [row]);
  });
  const offReactions = onTableChange("message_reactions", (change) => {
    if (change.op === "delete") useReactionsStore.getState().remove(change.id);
    else useReactionsStore.getState().upsert([change.row as MessageReaction]);
  });
  const offReset = onFeedReset(() => {
    invalidateChannels();
    // Reloaded with the messages on screen (MessageList).
    useReactionsStore.getState().reset();
    void reloadOpenChannels();
  });
  const offSocket = addSocketHandlers((socket) => {
    socket.on("channels.typing", (t) => useChatStore.getState().setTyping(t.channel_id, t.user_id, t.user_name));
  });
  return () => {
    offChannels();
    offMessages();
    offReactions();
    offReset();
    offSocket();
  };
}
