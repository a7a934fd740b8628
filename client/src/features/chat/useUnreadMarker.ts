// Where the "New messages" divider goes in an open channel (docs/unread.md): above the first
// message that was unread when the channel was opened. It stays put while reading moves the
// position on (so the reader still sees where the new part began), and moves to a message marked
// unread. `decided` tells the reading logic it may start moving the position.
import { useMemo, useState } from "react";
import type { ChatMessage } from "@shared/entities";
import { LIMITS } from "@shared/constants";
import { firstUnread, isUnread } from "@shared/unread";
import { useSessionStore } from "../auth/store";
import { useUnreadStore } from "./unreadStore";

/**
 * The channel's unread count (docs/unread.md) when the divider was placed: `count` messages from
 * others after the position, none of them newer than `upTo`, the newest message loaded then.
 */
export interface KnownUnread {
  count: number;
  upTo: number;
}

export interface UnreadMarker {
  /** The position the divider follows (null: no divider). */
  since: number | null;
  /** What the count said when `since` was set (null: not known, as after a mark as unread). */
  known: KnownUnread | null;
  /** The first unread message, when the loaded messages reach back to it. */
  firstUnreadId: number | undefined;
  /** Unread messages older than the loaded ones: load more to reach the first. */
  beforeLoaded: boolean;
  decided: boolean;
}

/**
 * Whether the loaded messages (oldest first, the newest of the channel) hold every unread message
 * after `since`, so that the first unread among them is the channel's first: there are none older,
 * they reach back to the position, or they hold as many unread messages as the count said. Ids
 * alone cannot tell: one's own messages after the position are not unread, so 57 of them leave the
 * oldest loaded id far above a position with nothing unread. The server's count stops at
 * `LIMITS.unreadCountMax`, so a count that high proves nothing.
 */
export function holdsAllUnread(items: readonly ChatMessage[], hasOlder: boolean, since: number, known: KnownUnread | null, me: string | null | undefined): boolean {
  if (!hasOlder || items.length === 0 || items[0].id <= since + 1) return true;
  if (!known || known.count >= LIMITS.unreadCountMax) return false;
  let held = 0;
  for (const m of items) if (m.id <= known.upTo && isUnread(m, since, me)) held++;
  return held >= known.count;
}

/** Where the divider goes when a channel opens. */
export interface Placed {
  since: number | null;
  known: KnownUnread | null;
}

/**
 * Placing the divider as the channel opens at `position`, with the channel's unread `count`
 * (undefined: not known): a divider when a loaded message is unread or unread ones are older
 * than those loaded, none otherwise (and so no "Jump to first unread").
 */
export function placeDivider(items: readonly ChatMessage[], hasOlder: boolean, position: number, count: number | undefined, me: string | null | undefined): Placed {
  const known = count === undefined ? null : { count, upTo: items.length ? items[items.length - 1].id : 0 };
  const unread = !!firstUnread(items, position, me) || !holdsAllUnread(items, hasOlder, position, known, me);
  return { since: unread ? position : null, known };
}

export function useUnreadMarker(channelId: number, items: readonly ChatMessage[], hasOlder: boolean, ready: boolean): UnreadMarker {
  const me = useSessionStore((s) => s.user?.email);
  const position = useUnreadStore((s) => s.positions[channelId]);
  const count = useUnreadStore((s) => s.unread[channelId]);
  const [placed, setPlaced] = useState<Placed | undefined>(undefined);
  const [seen, setSeen] = useState<number | undefined>(undefined);

  // Decided while rendering, not in an effect after it: the rows are then first laid out with the
  // divider in place. Added a render later, it made its row taller after the list had placed the
  // rows below it, and they were drawn over it until the list laid them out again.
  if (ready && position !== undefined && position !== seen) {
    setSeen(position);
    if (placed === undefined) setPlaced(placeDivider(items, hasOlder, position, count, me));
    // Marked unread (here or on another device): the divider moves to it. What the count says
    // then is not known yet (the server is asked again when the messages held cannot tell).
    else if (seen !== undefined && position < seen) setPlaced({ since: position, known: null });
  }

  const since = placed?.since ?? null;
  const known = placed?.known ?? null;
  const holds = since != null && holdsAllUnread(items, hasOlder, since, known, me);
  const firstUnreadId = since != null && holds ? firstUnread(items, since, me)?.id : undefined;
  const beforeLoaded = since != null && !holds;
  return useMemo(
    () => ({ since, known, firstUnreadId, beforeLoaded, decided: placed !== undefined }),
    [since, known, firstUnreadId, beforeLoaded, placed],
  );
}

/**
 * Whether the reader should be offered "Jump to first unread": the first unread message is older
 * than those loaded, or it is loaded (at `dividerIndex`, -1 when not) outside the rows on screen
 * (`visible`, the list's visible range; null before the list is laid out).
 */
export function dividerOffscreen(marker: Pick<UnreadMarker, "beforeLoaded">, dividerIndex: number, visible: { startIndex: number; endIndex: number } | null): boolean {
  if (marker.beforeLoaded) return true;
  if (dividerIndex < 0 || !visible) return false;
  return dividerIndex < visible.startIndex || dividerIndex > visible.endIndex;
}
