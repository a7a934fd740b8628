// Reactions of the messages on screen, kept live from the change feed (docs/architecture.md,
// "Catching up": chat applies its tables in place). Rows are kept per message; a delete names
// only the reaction, so the message of each reaction is remembered too.
import { create } from "zustand";
import { immer } from "zustand/middleware/immer";
import type { MessageReaction } from "@shared/entities";

/** One chip under a message: an emoji, who reacted with it, and the reader's own reaction if any. */
export interface ReactionGroup {
  emoji: string;
  count: number;
  /** Addresses of the people, in the order they reacted. */
  emails: string[];
  mine: MessageReaction | null;
}

const same = (a: string, b: string | null | undefined) => !!b && a.toLowerCase() === b.toLowerCase();

/** Chips in the order their emoji was first used on the message. */
export function groupReactions(rows: readonly MessageReaction[], me: string | null | undefined): ReactionGroup[] {
  const groups = new Map<string, ReactionGroup>();
  for (const r of [...rows].sort((a, b) => a.id - b.id)) {
    let g = groups.get(r.emoji);
    if (!g) groups.set(r.emoji, (g = { emoji: r.emoji, count: 0, emails: [], mine: null }));
    g.count++;
    g.emails.push(r.user_email);
    if (same(r.user_email, me)) g.mine = r;
  }
  return [...groups.values()];
}

/** The reader's own reaction with this emoji on this message, if any (what a click removes). */
export function ownReaction(rows: readonly MessageReaction[], emoji: string, me: string | null | undefined): MessageReaction | undefined {
  return rows.find((r) => r.emoji === emoji && same(r.user_email, me));
}

interface ReactionsState {
  byMessage: Record<number, MessageReaction[]>;
  /** reaction id → message id */
  messageOf: Record<number, number>;
  /** channel id → the smallest message id whose reactions are loaded (all later ones are too). */
  loadedFrom: Record<number, number>;
  /**
   * Reactions seen deleted: a list fetched before a delete can answer after its push, and must
   * not bring the reaction back (ids are never reused).
   */
  gone: Record<number, true>;
  /** A reaction stored or caught up; repeats change nothing. */
  upsert: (rows: readonly MessageReaction[]) => void;
  remove: (reactionId: number) => void;
  markLoaded: (channelId: number, fromMessageId: number) => void;
  reset: () => void;
}

export const useReactionsStore = create<ReactionsState>()(
  immer((set) => ({
    byMessage: {},
    messageOf: {},
    loadedFrom: {},
    gone: {},

    upsert: (rows) =>
      set((s) => {
        for (const r of rows) {
          if (s.gone[r.id]) continue;
          const list = (s.byMessage[r.message_id] ??= []);
          const i = list.findIndex((x) => x.id === r.id);
          if (i >= 0) list[i] = r;
          else list.push(r);
          s.messageOf[r.id] = r.message_id;
        }
      }),

    remove: (reactionId) =>
      set((s) => {
        s.gone[reactionId] = true;
        const messageId = s.messageOf[reactionId];
        if (messageId == null) return;
        delete s.messageOf[reactionId];
        const list = s.byMessage[messageId]?.filter((r) => r.id !== reactionId) ?? [];
        if (list.length) s.byMessage[messageId] = list;
        else delete s.byMessage[messageId];
      }),

    markLoaded: (channelId, fromMessageId) =>
      set((s) => {
        const was = s.loadedFrom[channelId];
        s.loadedFrom[channelId] = was == null ? fromMessageId : Math.min(was, fromMessageId);
      }),

    reset: () =>
      set((s) => {
        s.byMessage = {};
        s.messageOf = {};
        s.loadedFrom = {};
        s.gone = {};
      }),
  })),
);
