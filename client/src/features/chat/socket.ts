import type { Channel, ChatMessage, MessageReaction, ThreadFollow } from "@shared/entities";
import { inChannelList } from "@shared/channelList";
import { addSocketHandlers } from "../../realtime/socket";
import { onFeedReset, onTableChange } from "../../realtime/feed";
import { findChannelInCache, invalidateChannels, moveChannelActivity, removeChannelFromCache, upsertChannelInCache } from "./api";
import { reloadOpenChannels } from "./loading";
import { useChatStore } from "./store";
import { useReactionsStore } from "./reactions";
import { useUnreadStore } from "./unreadStore";
import { applyRead } from "./reads";
import { refreshUnread } from "./unreadCounts";
import { useSessionStore } from "../auth/store";
import { registerReceiptsSocket } from "./receipts";
import { useThreadStore } from "./threadStore";
import { useFollowStore } from "./followStore";
import { applyFollow, refreshThreads } from "./threads";
import { registerOutbox } from "./outboxSend";

const me = () => useSessionStore.getState().user?.email;

/** The channels the server counts unread in (docs/unread.md): what the list shows as one's own. */
const counted = (c: Channel) => c.type !== "public" || c.is_system || c.members.some((m) => m.toLowerCase() === me()?.toLowerCase());

/**
 * Chat's handlers: channel, message, reaction and read-position changes from the feed, typing from the
 * socket; they only call store and cache actions (and reload the unread counts when the feed
 * cannot say them exactly).
 */
export function registerChatSocket(): () => void {
  const offChannels = onTableChange("channels", (change) => {
    if (change.op === "delete") {
      removeChannelFromCache(change.id);
      useChatStore.getState().removeChannel(change.id);
      useUnreadStore.getState().forget(change.id);
      return;
    }
    const row = change.row as Channel;
    upsertChannelInCache(row);
    // A channel became (or stopped being) one's own: its count appears (or goes).
    if (counted(row) !== (useUnreadStore.getState().positions[row.id] !== undefined)) void refreshUnread();
  });
  const offReads = onTableChange("channel_reads", (change) => {
    if (change.op !== "delete") applyRead(change.row);
  });
  const offMessages = onTableChange("messages", (change) => {
    if (change.op === "delete") {
      useChatStore.getState().removeMessageById(change.id);
      useThreadStore.getState().remove(change.id);
      useFollowStore.getState().rootDeleted(change.id);
      // Counts are of the messages that exist; which channel it was in is not in the change.
      if (Object.keys(useUnreadStore.getState().positions).length) void refreshUnread();
      return;
    }
    const row = change.row as ChatMessage;
    // Threads (docs/threads.md): replies to loaded threads and followed ones, roots' counters.
    useThreadStore.getState().upsert(row);
    if (change.op === "create") useFollowStore.getState().received(row, me());
    else useFollowStore.getState().rootChanged(row);
    // A reply only in its thread is not part of the channel: neither its list nor its unread.
    if (!inChannelList(row)) return;
    if (change.op === "create") {
      useChatStore.getState().receive(row);
      useUnreadStore.getState().received(row, me());
      // A channel the counts do not cover yet (made a moment ago): ask for them again.
      const channel = findChannelInCache(row.channel_id);
      if (channel && counted(channel) && useUnreadStore.getState().positions[row.channel_id] === undefined) void refreshUnread();
      // A channel's last_activity is the time of its newest message, which every reader receives.
      moveChannelActivity(row.channel_id, row.created_date);
    } else {
      // An edit may add or remove a mention of me (the server works them out again): recount.
      const before = useChatStore.getState().byChannel[row.channel_id]?.items.find((m) => m.id === row.id);
      if (!useUnreadStore.getState().edited(before, row, me())) void refreshUnread();
      useChatStore.getState().mergeMessages(row.channel_id, [row]);
    }
  });
  const offFollows = onTableChange("thread_follows", (change) => {
    if (change.op !== "delete") applyFollow(change.row as ThreadFollow);
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
    void refreshUnread();
    useThreadStore.getState().reset();
    void refreshThreads();
  });
  const offReceipts = registerReceiptsSocket();
  // Messages written without a network go when it is back (docs/messages.md, "Sent when back online").
  const offOutbox = registerOutbox();
  const offSocket = addSocketHandlers((socket) => {
    socket.on("channels.typing", (t) => useChatStore.getState().setTyping(t.channel_id, t.user_id, t.user_name));
    // Every connection (a sign-in, a reconnect) starts from the server's counts.
    socket.on("session.ready", () => {
      void refreshUnread();
      void refreshThreads();
    });
  });
  return () => {
    offChannels();
    offReads();
    offMessages();
    offReactions();
    offFollows();
    offReset();
    offSocket();
    offReceipts();
    offOutbox();
  };
}
