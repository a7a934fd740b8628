// Unread counts and read positions as the server keeps them (README, "Unread"): loaded from
// GET /api/chat/unread, then kept live from the change feed: a new message from someone else after
// the position counts one more, and a move of the position (this tab, another tab, another device:
// the `channel_reads` change reaches every socket of its owner) recounts from the messages loaded,
// or asks the server again when those do not reach back to the position.
import { create } from "zustand";
import type { ChannelUnread, ChatMessage } from "@shared/entities";
import { countUnread, isUnread } from "@shared/unread";

/** What a channel has loaded (the chat store's entry): the newest messages, contiguous. */
export interface LoadedMessages {
  items: readonly ChatMessage[];
  hasOlder: boolean;
}

interface UnreadState {
  /** Unread counts of the channels the server counts (one's own channels). */
  unread: Record<number, number>;
  /** Read positions of those channels (0: nothing read). */
  positions: Record<number, number>;
  /** Channels whose position was just marked unread here: reading does not move it until the channel is left. */
  held: Record<number, true>;

  setAll: (list: ChannelUnread[]) => void;
  /** A new message from the feed (each message once: the chat store drops repeats before this). */
  received: (message: ChatMessage, me: string | null | undefined) => void;
  /**
   * The position moved (to `position`, forward or back). Recounts from `loaded` when those
   * messages reach back to it; answers false when they do not (ask the server).
   */
  moved: (channelId: number, position: number, loaded: LoadedMessages | undefined, me: string | null | undefined) => boolean;
  hold: (channelId: number, held: boolean) => void;
  forget: (channelId: number) => void;
  reset: () => void;
}

/** Whether the loaded messages hold every message after `position` (the chat store keeps them live). */
export function reachesBack(loaded: LoadedMessages | undefined, position: number): boolean {
  if (!loaded) return false;
  const { items } = loaded;
  return !loaded.hasOlder || (items.length > 0 && (items[0].id <= position || items[items.length - 1].id <= position));
}

// A message can reach the client twice (pushed, then caught up after a reconnect): count it once.
const counted = new Set<number>();

export const useUnreadStore = create<UnreadState>()((set, get) => ({
  unread: {},
  positions: {},
  held: {},

  setAll: (list) =>
    set({
      unread: Object.fromEntries(list.map((c) => [c.channel_id, c.unread])),
      positions: Object.fromEntries(list.map((c) => [c.channel_id, c.last_read_message_id])),
    }),

  received: (message, me) => {
    const { positions, unread } = get();
    const position = positions[message.channel_id];
    // Channels the server does not count (public ones not joined) stay uncounted here too.
    if (position === undefined || !isUnread(message, position, me) || counted.has(message.id)) return;
    if (counted.size > 5000) counted.clear();
    counted.add(message.id);
    set({ unread: { ...unread, [message.channel_id]: (unread[message.channel_id] ?? 0) + 1 } });
  },

  moved: (channelId, position, loaded, me) => {
    const { positions, unread } = get();
    if (positions[channelId] === undefined) return true;
    const exact = reachesBack(loaded, position);
    set({
      positions: { ...positions, [channelId]: position },
      ...(exact ? { unread: { ...unread, [channelId]: countUnread(loaded!.items, position, me) } } : {}),
    });
    return exact;
  },

  hold: (channelId, held) =>
    set((s) => {
      const next = { ...s.held };
      if (held) next[channelId] = true;
      else delete next[channelId];
      return { held: next };
    }),

  forget: (channelId) =>
    set((s) => {
      const { [channelId]: _u, ...unread } = s.unread;
      const { [channelId]: _p, ...positions } = s.positions;
      void _u;
      void _p;
      return { unread, positions };
    }),

  reset: () => set({ unread: {}, positions: {}, held: {} }),
}));
