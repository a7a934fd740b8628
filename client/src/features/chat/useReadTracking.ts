// Reading an open channel (docs/unread.md): the newest message on screen, while the window has
// the focus, is read, and the position moves there (channel_reads.update, forward only). Also
// says whether the first unread message is off screen, and takes the reader to it (loading older
// pages first when it is older than those loaded).
import { useCallback, useEffect, useRef, type RefObject } from "react";
import type { Virtualizer } from "@tanstack/react-virtual";
import type { ChatMessage } from "@shared/entities";
import { firstUnread } from "@shared/unread";
import { useSessionStore } from "../auth/store";
import { loadOlder } from "./loading";
import { updateChannelRead } from "./reads";
import { useChatStore } from "./store";
import { useUnreadStore } from "./unreadStore";
import { dividerOffscreen, holdsAllUnread, type UnreadMarker } from "./useUnreadMarker";

const looking = () => document.visibilityState === "visible" && document.hasFocus();

export function useReadTracking(
  channelId: number,
  items: readonly ChatMessage[],
  scrollRef: RefObject<HTMLDivElement | null>,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  marker: UnreadMarker,
  onJumped: () => void,
) {
  const held = useUnreadStore((s) => !!s.held[channelId]);
  const timer = useRef<number | null>(null);

  const check = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const top = el.scrollTop;
    const bottom = top + el.clientHeight;
    const onScreen = virtualizer.getVirtualItems().filter((vi) => vi.start < bottom && vi.end > top);
    // Only once the divider's place is decided, so opening a channel never reads away its marker.
    if (!marker.decided || held || !looking() || !onScreen.length) return;
    const newest = Math.max(...onScreen.map((vi) => vi.index));
    if (items[newest]) updateChannelRead(channelId, items[newest].id);
  }, [channelId, items, scrollRef, virtualizer, marker, held]);

  /** After a scroll, at most every 150 ms. */
  const onScroll = useCallback(() => {
    if (timer.current !== null) return;
    timer.current = window.setTimeout(() => {
      timer.current = null;
      check();
    }, 150);
  }, [check]);

  // New messages, the divider decided, the window coming back into view or focus.
  useEffect(() => {
    const frame = requestAnimationFrame(check);
    window.addEventListener("focus", check);
    document.addEventListener("visibilitychange", check);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("focus", check);
      document.removeEventListener("visibilitychange", check);
    };
  }, [check]);

  // Leaving the channel ends a "mark as unread" hold: reading it next time moves the position again.
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
      useUnreadStore.getState().hold(channelId, false);
    },
    [channelId],
  );

  const jump = useCallback(async () => {
    const since = marker.since;
    const known = marker.known;
    if (since === null) return;
    const me = useSessionStore.getState().user?.email;
    // Older pages until the loaded messages hold the first unread one.
    for (let i = 0; i < 20; i++) {
      const entry = useChatStore.getState().byChannel[channelId];
      if (!entry || holdsAllUnread(entry.items, entry.hasOlder, since, known, me)) break;
      const before = entry.items.length;
      await loadOlder(channelId);
      if ((useChatStore.getState().byChannel[channelId]?.items.length ?? 0) === before) break;
    }
    onJumped();
    requestAnimationFrame(() => {
      const list = useChatStore.getState().byChannel[channelId]?.items ?? [];
      const first = firstUnread(list, since, me);
      const index = first ? list.indexOf(first) : -1;
      if (index >= 0) virtualizer.scrollToIndex(index, { align: "start" });
    });
  }, [channelId, marker.since, marker.known, virtualizer, onJumped]);

  // Worked out at each render rather than on scroll events: the list renders again whenever its
  // visible range changes and when a scroll comes to rest, so the button never keeps what an
  // earlier moment of a scroll (a jump still settling) showed.
  const dividerIndex = marker.firstUnreadId === undefined ? -1 : items.findIndex((m) => m.id === marker.firstUnreadId);
  return { onScroll, dividerOffscreen: dividerOffscreen(marker, dividerIndex, virtualizer.range), jump };
}
