// The replies of the threads open in this tab (docs/threads.md), oldest first, kept live from
// the change feed like a channel's messages (./store.ts), with the root they belong to. Paged as
// a channel's list is: the newest page first, older pages on request (./api.ts fetchMessagePage).
import { create } from "zustand";
import { immer } from "zustand/middleware/immer";
import type { ChatMessage } from "@shared/entities";
import { MESSAGE_PAGE_SIZE } from "./api";

export interface ThreadEntry {
  root: ChatMessage | null;
  /** Oldest first, unique by id. */
  replies: ChatMessage[];
  /** False once a fetched page came back smaller than the page size. */
  hasOlder: boolean;
  loadingOlder: boolean;
  status: "loading" | "ready" | "error";
}

interface ThreadState {
  byRoot: Record<number, ThreadEntry>;
  startLoading: (rootId: number) => void;
  loaded: (rootId: number, root: ChatMessage, replies: ChatMessage[]) => void;
  loadFailed: (rootId: number) => void;
  setLoadingOlder: (rootId: number, loading: boolean) => void;
  prependOlder: (rootId: number, replies: ChatMessage[]) => void;
  /** A new or changed message: a reply of a loaded thread, or a loaded root. */
  upsert: (message: ChatMessage) => void;
  remove: (messageId: number) => void;
  reset: () => void;
}

function put(list: ChatMessage[], m: ChatMessage): void {
  const at = list.findIndex((x) => x.id === m.id);
  if (at >= 0) {
    list[at] = m;
    return;
  }
  let i = list.length;
  while (i > 0 && list[i - 1].id > m.id) i--;
  list.splice(i, 0, m);
}

export const useThreadStore = create<ThreadState>()(
  immer((set) => ({
    byRoot: {},

    startLoading: (rootId) =>
      set((s) => {
        s.byRoot[rootId] ??= { root: null, replies: [], hasOlder: false, loadingOlder: false, status: "loading" };
      }),

    loaded: (rootId, root, replies) =>
      set((s) => {
        const entry = s.byRoot[rootId];
        // Keep replies that arrived over the socket while the page was loading.
        const list = [...replies];
        for (const m of entry?.replies ?? []) put(list, m);
        s.byRoot[rootId] = { root, replies: list, hasOlder: replies.length >= MESSAGE_PAGE_SIZE, loadingOlder: false, status: "ready" };
      }),

    setLoadingOlder: (rootId, loading) =>
      set((s) => {
        const entry = s.byRoot[rootId];
        if (entry) entry.loadingOlder = loading;
      }),

    prependOlder: (rootId, replies) =>
      set((s) => {
        const entry = s.byRoot[rootId];
        if (!entry) return;
        for (const m of replies) put(entry.replies, m);
        entry.hasOlder = replies.length >= MESSAGE_PAGE_SIZE;
        entry.loadingOlder = false;
      }),

    loadFailed: (rootId) =>
      set((s) => {
        const entry = s.byRoot[rootId];
        if (entry && entry.status === "loading") entry.status = "error";
      }),

    upsert: (message) =>
      set((s) => {
        const root = s.byRoot[message.id];
        if (root) root.root = message;
        const entry = message.thread_root_id != null ? s.byRoot[message.thread_root_id] : undefined;
        if (entry) put(entry.replies, message);
      }),

    remove: (messageId) =>
      set((s) => {
        delete s.byRoot[messageId];
        for (const entry of Object.values(s.byRoot)) {
          const i = entry.replies.findIndex((m) => m.id === messageId);
          if (i >= 0) entry.replies.splice(i, 1);
        }
      }),

    reset: () =>
      set((s) => {
        s.byRoot = {};
      }),
  })),
);
