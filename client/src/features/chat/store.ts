import { create } from "zustand";
import { immer } from "zustand/middleware/immer";
import type { ChatMessage } from "@shared/entities";
import { inChannelList } from "@shared/channelList";
import { MESSAGE_PAGE_SIZE } from "./api";
import { useSessionStore } from "../auth/store";

export interface ChannelMessages {
  /** Oldest first, unique by id. */
  items: ChatMessage[];
  /** False once a fetched older page came back smaller than the page size. */
  hasOlder: boolean;
  loadingOlder: boolean;
  status: "loading" | "ready" | "error";
}

export interface TypingUser {
  userId: number;
  name: string;
  until: number;
}

interface ChatState {
  byChannel: Record<number, ChannelMessages>;
  typing: Record<number, TypingUser[]>;
  activeChannelId: number | null;

  setActiveChannel: (id: number | null) => void;
  startLoading: (channelId: number) => void;
  loadFailed: (channelId: number) => void;
  setLatest: (channelId: number, messages: ChatMessage[]) => void;
  setLoadingOlder: (channelId: number, loading: boolean) => void;
  prependOlder: (channelId: number, messages: ChatMessage[]) => void;
  /** A message from the socket, an ack or a resync; duplicates are ignored. */
  receive: (message: ChatMessage) => void;
  mergeMessages: (channelId: number, messages: ChatMessage[]) => void;
  removeMessage: (channelId: number, messageId: number) => void;
  /** A deleted message, wherever it is loaded (a delete names only the message). */
  removeMessageById: (messageId: number) => void;
  /**
   * The server answered this client's own `messages.delete`, which names only the id: the message
   * goes, unless the server keeps it as a "Message deleted" placeholder (a thread's root with
   * replies, docs/threads.md). "kept": the placeholder is here already (the feed brings it to
   * every reader, this tab included, usually before the answer); "ask": it is a root with replies
   * whose placeholder has not come yet (the socket is down), so it stays until the server is asked.
   */
  settleDelete: (messageId: number) => "removed" | "kept" | "ask";
  removeChannel: (channelId: number) => void;
  setTyping: (channelId: number, userId: number, name: string) => void;
  clearTyping: (channelId: number, userId: number) => void;
  reset: () => void;
}

// Insert keeping id order; new messages nearly always belong at the end, so scan from there.
function insertSorted(items: ChatMessage[], message: ChatMessage): boolean {
  for (let i = items.length - 1; i >= 0; i--) {
    if (items[i].id === message.id) return false;
    if (items[i].id < message.id) {
      items.splice(i + 1, 0, message);
      return true;
    }
  }
  items.unshift(message);
  return true;
}

function dedupeSorted(messages: ChatMessage[]): ChatMessage[] {
  const seen = new Map<number, ChatMessage>();
  for (const m of messages) seen.set(m.id, m);
  return [...seen.values()].sort((a, b) => a.id - b.id);
}

export const TYPING_TTL_MS = 4000;

export const useChatStore = create<ChatState>()(
  immer((set) => ({
    byChannel: {},
    typing: {},
    activeChannelId: null,

    setActiveChannel: (id) =>
      set((s) => {
        s.activeChannelId = id;
      }),

    startLoading: (channelId) =>
      set((s) => {
        const existing = s.byChannel[channelId];
        if (existing) existing.status = existing.items.length ? existing.status : "loading";
        else s.byChannel[channelId] = { items: [], hasOlder: false, loadingOlder: false, status: "loading" };
      }),

    loadFailed: (channelId) =>
      set((s) => {
        const entry = s.byChannel[channelId];
        if (entry && !entry.items.length) entry.status = "error";
      }),

    setLatest: (channelId, messages) =>
      set((s) => {
        const entry = s.byChannel[channelId];
        // Keep messages that arrived over the socket while the page was loading.
        const merged = dedupeSorted([...(entry?.items ?? []), ...messages]);
        const keepOlderState = entry && entry.items.length > 0 && entry.status === "ready";
        s.byChannel[channelId] = {
          items: merged,
          hasOlder: keepOlderState ? entry.hasOlder : messages.length >= MESSAGE_PAGE_SIZE,
          loadingOlder: false,
          status: "ready",
        };
      }),

    setLoadingOlder: (channelId, loading) =>
      set((s) => {
        const entry = s.byChannel[channelId];
        if (entry) entry.loadingOlder = loading;
      }),

    prependOlder: (channelId, messages) =>
      set((s) => {
        const entry = s.byChannel[channelId];
        if (!entry) return;
        entry.items = dedupeSorted([...messages, ...entry.items]);
        entry.hasOlder = messages.length >= MESSAGE_PAGE_SIZE;
        entry.loadingOlder = false;
      }),

    receive: (message) =>
      set((s) => {
        const entry = s.byChannel[message.channel_id];
        // A channel never opened has no page to extend; it loads fresh when opened. A reply only
        // in its thread is not in the channel's list (docs/threads.md).
        if (entry && inChannelList(message)) insertSorted(entry.items, message);
        const typing = s.typing[message.channel_id];
        if (typing) s.typing[message.channel_id] = typing.filter((t) => t.name !== message.sender_name);
      }),

    mergeMessages: (channelId, messages) =>
      set((s) => {
        const entry = s.byChannel[channelId];
        if (entry) entry.items = dedupeSorted([...entry.items, ...messages.filter(inChannelList)]);
      }),

    removeMessage: (channelId, messageId) =>
      set((s) => {
        const entry = s.byChannel[channelId];
        if (entry) entry.items = entry.items.filter((m) => m.id !== messageId);
      }),

    removeMessageById: (messageId) =>
      set((s) => {
        for (const entry of Object.values(s.byChannel)) {
          const i = entry.items.findIndex((m) => m.id === messageId);
          if (i >= 0) entry.items.splice(i, 1);
        }
      }),

    settleDelete: (messageId) => {
      let outcome: "removed" | "kept" | "ask" = "removed";
      set((s) => {
        for (const entry of Object.values(s.byChannel)) {
          const i = entry.items.findIndex((m) => m.id === messageId);
          if (i < 0) continue;
          const m = entry.items[i];
          if (m.deleted_at) outcome = "kept";
          else if (m.thread_root_id == null && m.reply_count > 0) outcome = "ask";
          else entry.items.splice(i, 1);
        }
      });
      return outcome;
    },

    removeChannel: (channelId) =>
      set((s) => {
        delete s.byChannel[channelId];
        delete s.typing[channelId];
      }),

    setTyping: (channelId, userId, name) =>
      set((s) => {
        if (userId === useSessionStore.getState().user?.id) return;
        const until = Date.now() + TYPING_TTL_MS;
        const list = (s.typing[channelId] ?? []).filter((t) => t.userId !== userId && t.until > Date.now());
        list.push({ userId, name, until });
        s.typing[channelId] = list;
      }),

    clearTyping: (channelId, userId) =>
      set((s) => {
        const list = s.typing[channelId];
        if (list) s.typing[channelId] = list.filter((t) => t.userId !== userId && t.until > Date.now());
      }),

    reset: () =>
      set((s) => {
        s.byChannel = {};
        s.typing = {};
        s.activeChannelId = null;
      }),
  })),
);
