// Unread counts and read positions as the server keeps them (docs/unread.md): loaded from
// GET /api/chat/unread, then kept live from the change feed: a new message from someone else after
// the position counts one more, and a move of the position (this tab, another tab, another device:
// the `channel_reads` change reaches every socket of its owner) recounts from the messages loaded,
// or asks the server again when those do not reach back to the position. Mention counts (docs/messages.md, "Mentions and read receipts") follow the same way, and an edit that adds or removes a mention of
// me moves them by one.
import { create } from "zustand";
import type { ChannelUnread, ChatMessage } from "@shared/entities";
import { countUnread, isUnread } from "@shared/unread";
import { mentionsMe } from "@shared/mentions";

/** Unread messages that mention `me` or everyone (docs/messages.md, "Mentions and read receipts"). */
export function countMentions(messages: readonly ChatMessage[], position: number, me: string | null | undefined): number {
  let n = 0;
  for (const m of messages) if (isUnread(m, position, me) && mentionsMe(m, me)) n++;
  return n;
}

/** What a channel has loaded (the chat store's entry): the newest messages, contiguous. */
export interface LoadedMessages {
  items: readonly ChatMessage[];
  hasOlder: boolean;
}

interface UnreadState {
  /** Unread counts of the channels the server counts (one's own channels). */
  unread: Record<number, number>;
  /** Of those, the ones mentioning this person or everyone: the "@" badge. */
  mentions: Record<number, number>;
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
  /**
   * A message was edited: its mention of me may have come or gone. Adjusts the count when the
   * previous version is known; answers false when it is not (ask the server).
   */
  edited: (before: ChatMessage | undefined, after: ChatMessage, me: string | null | undefined) => boolean;
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
  mentions: {},
  positions: {},
  held: {},

  setAll: (list) =>
    set({
      unread: Object.fromEntries(list.map((c) => [c.channel_id, c.unread])),
      mentions: Object.fromEntries(list.map((c) => [c.channel_id, c.mentions ?? 0])),
      positions: Object.fromEntries(list.map((c) => [c.channel_id, c.last_read_message_id])),
    }),

  received: (message, me) => {
    const { positions, unread, mentions } = get();
    const position = positions[message.channel_id];
    // Channels the server does not count (public ones not joined) stay uncounted here too.
    if (position === undefined || !isUnread(message, position, me) || counted.has(message.id)) return;
    if (counted.size > 5000) counted.clear();
    counted.add(message.id);
    set({
      unread: { ...unread, [message.channel_id]: (unread[message.channel_id] ?? 0) + 1 },
      ...(mentionsMe(message, me) ? { mentions: { ...mentions, [message.channel_id]: (mentions[message.channel_id] ?? 0) + 1 } } : {}),
    });
  },

  edited: (before, after, me) => {
    const { positions, mentions } = get();
    const position = positions[after.channel_id];
    if (position === undefined || !isUnread(after, position, me)) return true;
    if (!before) return false;
    const delta = Number(mentionsMe(after, me)) - Number(mentionsMe(before, me));
    if (delta) set({ mentions: { ...mentions, [after.channel_id]: Math.max(0, (mentions[after.channel_id] ?? 0) + delta) } });
    return true;
  },

  moved: (channelId, position, loaded, me) => {
    const { positions, unread, mentions } = get();
    if (positions[channelId] === undefined) return true;
    const exact = reachesBack(loaded, position);
    set({
      positions: { ...positions, [channelId]: position },
      ...(exact
        ? {
            unread: { ...unread, [channelId]: countUnread(loaded!.items, position, me) },
            mentions: { ...mentions, [channelId]: countMentions(loaded!.items, position, me) },
          }
        : {}),
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
      const { [channelId]: _m, ...mentions } = s.mentions;
      const { [channelId]: _p, ...positions } = s.positions;
      void _u;
      void _m;
      void _p;
      return { unread, mentions, positions };
    }),

  reset: () => set({ unread: {}, mentions: {}, positions: {}, held: {} }),
}));
