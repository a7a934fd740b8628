// The threads one follows and their unread replies (docs/threads.md): loaded from
// GET /api/chat/threads, then kept live from the change feed. A new reply from someone else after
// one's position in a followed thread counts one more; an update of a root (its counters) moves
// the thread's place in the list; the person's own thread_follows changes (following or not, the
// position) are applied by recounting from the replies loaded, or asking the server again.
import { create } from "zustand";
import type { ChatMessage, FollowedThread, ThreadFollow } from "@shared/entities";
import { countUnread, isUnread } from "@shared/unread";

interface FollowState {
  /** Followed threads by root id. */
  threads: Record<number, FollowedThread>;
  loaded: boolean;

  setAll: (list: FollowedThread[]) => void;
  /** A reply from the feed (each once: repeats are dropped here). */
  received: (reply: ChatMessage, me: string | null | undefined) => void;
  /** A root changed (counters, an edit, the placeholder of a deleted root). */
  rootChanged: (root: ChatMessage) => void;
  rootDeleted: (rootId: number) => void;
  /**
   * One's own row for a thread changed. Answers false when the list cannot say the result by
   * itself (a thread newly followed, or a position the loaded replies do not reach): ask the server.
   */
  /** `replies`: all of the thread's replies when they are loaded, else undefined. */
  followChanged: (row: ThreadFollow, replies: readonly ChatMessage[] | undefined, me: string | null | undefined) => boolean;
  reset: () => void;
}

const counted = new Set<number>();

export const useFollowStore = create<FollowState>()((set, get) => ({
  threads: {},
  loaded: false,

  setAll: (list) => set({ threads: Object.fromEntries(list.map((t) => [t.thread_root_id, t])), loaded: true }),

  received: (reply, me) => {
    const root = reply.thread_root_id;
    const t = root == null ? undefined : get().threads[root];
    if (!t || counted.has(reply.id) || !isUnread(reply, t.last_read_message_id, me)) return;
    if (counted.size > 5000) counted.clear();
    counted.add(reply.id);
    set({ threads: { ...get().threads, [t.thread_root_id]: { ...t, unread: t.unread + 1 } } });
  },

  rootChanged: (root) => {
    const t = get().threads[root.id];
    if (t) set({ threads: { ...get().threads, [root.id]: { ...t, root } } });
  },

  rootDeleted: (rootId) => {
    const { [rootId]: _gone, ...rest } = get().threads;
    void _gone;
    set({ threads: rest });
  },

  followChanged: (row, replies, me) => {
    const t = get().threads[row.thread_root_id];
    if (!row.following) {
      if (t) get().rootDeleted(row.thread_root_id);
      return true;
    }
    if (!t) return false;
    if (row.last_read_message_id === t.last_read_message_id) return true;
    // A thread's loaded replies (the thread pane loads them all and keeps them live) say the count exactly.
    const exact = !!replies;
    set({
      threads: {
        ...get().threads,
        [row.thread_root_id]: { ...t, last_read_message_id: row.last_read_message_id, unread: exact ? countUnread(replies, row.last_read_message_id, me) : t.unread },
      },
    });
    return exact;
  },

  reset: () => set({ threads: {}, loaded: false }),
}));

/** Followed threads as the Threads view lists them: unread first, then the most recent reply. */
export function sortThreads(threads: readonly FollowedThread[]): FollowedThread[] {
  return [...threads].sort((a, b) => {
    if (a.unread > 0 !== b.unread > 0) return a.unread > 0 ? -1 : 1;
    const at = a.root.last_reply_at ?? "";
    const bt = b.root.last_reply_at ?? "";
    if (at !== bt) return at < bt ? 1 : -1;
    return b.thread_root_id - a.thread_root_id;
  });
}

/** Unread replies in all followed threads: the Threads entry's badge. */
export const unreadReplies = (threads: Record<number, FollowedThread>): number => Object.values(threads).reduce((n, t) => n + t.unread, 0);
