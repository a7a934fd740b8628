// Where the "New messages" divider goes in an open channel (README, "Unread"): above the first
// message that was unread when the channel was opened. It stays put while reading moves the
// position on (so the reader still sees where the new part began), and moves to a message marked
// unread. `decided` tells the reading logic it may start moving the position.
import { useEffect, useMemo, useRef, useState } from "react";
import type { ChatMessage } from "@shared/entities";
import { firstUnread } from "@shared/unread";
import { useSessionStore } from "../auth/store";
import { useUnreadStore } from "./unreadStore";

export interface UnreadMarker {
  /** The position the divider follows (null: no divider). */
  since: number | null;
  /** The first unread message, when the loaded messages reach back to it. */
  firstUnreadId: number | undefined;
  /** Unread messages older than the loaded ones: load more to reach the first. */
  beforeLoaded: boolean;
  decided: boolean;
}

export function useUnreadMarker(channelId: number, items: readonly ChatMessage[], hasOlder: boolean, ready: boolean): UnreadMarker {
  const me = useSessionStore((s) => s.user?.email);
  const position = useUnreadStore((s) => s.positions[channelId]);
  const [since, setSince] = useState<number | null | undefined>(undefined);
  const last = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!ready || position === undefined) return;
    const previous = last.current;
    last.current = position;
    if (since === undefined) setSince(firstUnread(items, position, me) || (hasOlder && items.length > 0 && items[0].id > position + 1) ? position : null);
    // Marked unread (here or on another device): the divider moves to it.
    else if (previous !== undefined && position < previous) setSince(position);
  }, [ready, position, since, items, hasOlder, me]);

  const reaches = since != null && (!hasOlder || (items.length > 0 && items[0].id <= since + 1));
  const firstUnreadId = since != null && reaches ? firstUnread(items, since, me)?.id : undefined;
  const beforeLoaded = since != null && !reaches;
  return useMemo(() => ({ since: since ?? null, firstUnreadId, beforeLoaded, decided: since !== undefined }), [since, firstUnreadId, beforeLoaded]);
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
