import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { ArrowDown } from "lucide-react";
import type { Channel, ChatMessage } from "@shared/entities";
import { useChatStore } from "../store";
import { loadOlder, openChannel } from "../loading";
import { loadReactions } from "../messageActions";
import { useReactionsStore } from "../reactions";
import { useSessionStore } from "../../auth/store";
import { Button } from "../../../ui/button";
import { MessageListHeader } from "./MessageListHeader";
import { MessageListSkeleton } from "./MessageListSkeleton";
import { MessageRow } from "./MessageRow";
import { useChannelTasks } from "../../tasks/api";
import { useUnreadMarker } from "../useUnreadMarker";
import { useReadTracking } from "../useReadTracking";
import { NewMessagesDivider } from "./NewMessagesDivider";
import { JumpToUnreadButton } from "./JumpToUnreadButton";
import { useJumpToMessage } from "../useJumpToMessage";
import { useEditRequestStore } from "../editRequest";
import { useKeepPlace } from "../useKeepPlace";
import { useAfterFirstPaint } from "../../../lib/useAfterFirstPaint";
import { observeOffsetAfterCommit, observeRectAfterCommit } from "../observeAfterCommit";

interface Props {
  channel: Channel;
  canCreateTask: boolean;
  onCreateTask: (message: ChatMessage) => void;
  onOpenThread: (rootId: number) => void;
}

const EMPTY: ChatMessage[] = [];
const ROW_ESTIMATE_PX = 52;
const OLDER_HEADER_PX = 56;
const INTRO_HEADER_PX = 136;
// Within this distance of the bottom the reader counts as "following" the conversation.
const PINNED_THRESHOLD_PX = 72;
// Rows rendered beyond the screen, each way: few until the first paint (every row off screen is
// rendered and laid out before the channel shows: README, "Cold load"), then enough for scrolling.
const OVERSCAN_FIRST_PAINT = 2;
const OVERSCAN = 12;

export function MessageList({ channel, canCreateTask, onCreateTask, onOpenThread }: Props) {
  const entry = useChatStore((s) => s.byChannel[channel.id]);
  const myEmail = useSessionStore((s) => s.user?.email);
  const items = entry?.items ?? EMPTY;
  const tasks = useChannelTasks(channel.id);
  const scrollRef = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const lastSeenId = useRef<number | null>(null);
  const [unseen, setUnseen] = useState(0);

  useEffect(() => {
    void openChannel(channel.id);
  }, [channel.id]);

  const ready = entry?.status === "ready";

  // The reactions of the messages on screen: from the oldest one loaded on, again when older
  // messages are prepended or after the feed could not catch up (which clears them).
  const firstId = items.length ? items[0].id : null;
  const reactionsFrom = useReactionsStore((s) => s.loadedFrom[channel.id]);
  useEffect(() => {
    if (ready && firstId != null && (reactionsFrom == null || firstId < reactionsFrom)) void loadReactions(channel.id, firstId);
  }, [ready, firstId, reactionsFrom, channel.id]);
  const headerHeight = !ready ? 0 : entry.hasOlder ? OLDER_HEADER_PX : INTRO_HEADER_PX;
  const painted = useAfterFirstPaint();
  const lastTotal = useRef(0);
  const scrollToBottom = useCallback(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    // A channel opens at its newest message (README, "Cold load"): the first rows rendered are the
    // bottom ones, so the newest is on screen in the first frame rather than after a scroll that
    // renders the list again. Until the list is loaded there is nothing to place.
    enabled: ready,
    initialOffset: () => Math.max(0, headerHeight + items.length * ROW_ESTIMATE_PX - window.innerHeight),
    initialRect: { width: 0, height: window.innerHeight },
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: painted ? OVERSCAN : OVERSCAN_FIRST_PAINT,
    paddingStart: headerHeight,
    paddingEnd: 16,
    getItemKey: (index) => items[index].id,
    // A scroll re-renders the rows in React's next task rather than synchronously inside the scroll
    // event: a synchronous render there first runs every effect still pending, so on a cold load
    // the first scroll to the bottom held the channel's first paint until all the page's effects
    // (their requests, the service worker) had run (README, "Cold load"). The overscan covers the
    // task's wait.
    useFlushSync: false,
    // Measured rows are moved by the virtualizer itself, in the DOM, rather than by a render of
    // the list: on a cold load that render, asked for while the first rows are committed, ran
    // synchronously and took every effect of the page (their requests, the socket) with it before
    // the channel's first paint (README, "Cold load"). React renders again only when the range of
    // rows changes.
    directDomUpdates: true,
    directDomUpdatesMode: "position",
    observeElementRect: observeRectAfterCommit,
    observeElementOffset: observeOffsetAfterCommit,
    // Rows that grow (measured, an image loading) keep a reader at the bottom there.
    onChange: (v) => {
      const total = v.getTotalSize();
      if (total === lastTotal.current) return;
      lastTotal.current = total;
      if (pinned.current) scrollToBottom();
    },
  });
  const totalSize = virtualizer.getTotalSize();
  // Unread (README, "Unread"): the divider, reading what is on screen, and the jump to the first unread.
  const marker = useUnreadMarker(channel.id, items, entry?.hasOlder ?? false, ready);
  const reading = useReadTracking(channel.id, items, scrollRef, virtualizer, marker, () => (pinned.current = false));
  const marked = useJumpToMessage(channel.id, entry, virtualizer, pinned);
  const lastId = items.length ? items[items.length - 1].id : null;
  // The message Up arrow asked to edit (README, "Writing") may be out of the rendered window.
  const editIndex = useEditRequestStore((s) => (s.request?.scope === "channel" ? items.findIndex((m) => m.id === s.request?.id) : -1));
  useEffect(() => {
    if (editIndex >= 0) virtualizer.scrollToIndex(editIndex, { align: "auto" });
  }, [editIndex, virtualizer]);

  // The list's element, at the bottom from the moment it is in the document: before the
  // virtualizer's layout effect first reads its offset, which then agrees with initialOffset.
  const attachScroll = useCallback((el: HTMLDivElement | null) => {
    scrollRef.current = el;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  // Keep the reader's place when older messages are prepended above it.
  const rememberPlace = useKeepPlace(scrollRef, items, entry?.loadingOlder ?? false);

  // Follow new messages (and late-growing rows such as images) while pinned to the bottom.
  useLayoutEffect(() => {
    if (lastId == null) return;
    const previous = lastSeenId.current;
    lastSeenId.current = lastId;
    const newest = items[items.length - 1];
    const isNew = previous != null && lastId > previous;
    if (isNew && newest.sender_email === myEmail) pinned.current = true;
    if (pinned.current) {
      scrollToBottom();
    } else if (isNew) {
      setUnseen((n) => n + 1);
    }
  }, [lastId, totalSize, items, myEmail, scrollToBottom]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < PINNED_THRESHOLD_PX;
    if (pinned.current && unseen) setUnseen(0);
    reading.onScroll();
  };

  const onLoadOlder = () => {
    if (rememberPlace()) void loadOlder(channel.id);
  };

  if (!entry || entry.status === "loading") return <MessageListSkeleton />;
  if (entry.status === "error") {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 text-sm text-muted-foreground">
        Couldn't load messages.
        <Button variant="outline" size="sm" onClick={() => void openChannel(channel.id)}>
          Try again
        </Button>
      </div>
    );
  }

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={attachScroll}
        onScroll={onScroll}
        data-testid="message-list"
        data-count={items.length}
        role="log"
        aria-label={`Messages in ${channel.name}`}
        aria-live="polite"
        className="scrollbar-thin flex min-h-0 flex-1 flex-col overflow-y-auto [overflow-anchor:none]"
      >
        <div ref={virtualizer.containerRef} className="relative mt-auto w-full shrink-0">
          <MessageListHeader
            channel={channel}
            height={headerHeight}
            hasOlder={entry.hasOlder}
            loadingOlder={entry.loadingOlder}
            onLoadOlder={onLoadOlder}
          />
          {virtualizer.getVirtualItems().map((row) => (
            <div
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              className="absolute left-0 w-full"
            >
              {items[row.index].id === marker.firstUnreadId && <NewMessagesDivider />}
              <MessageRow
                message={items[row.index]}
                previous={items[row.index - 1]}
                task={tasks.data?.get(items[row.index].id)}
                canCreateTask={canCreateTask}
                onCreateTask={onCreateTask}
                highlighted={marked === items[row.index].id}
                onOpenThread={onOpenThread}
              />
            </div>
          ))}
        </div>
      </div>
      {reading.dividerOffscreen && <JumpToUnreadButton onJump={() => void reading.jump()} />}
      {unseen > 0 && (
        <Button
          size="sm"
          onClick={() => {
            pinned.current = true;
            setUnseen(0);
            scrollToBottom();
          }}
          className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full shadow-lg"
        >
          <ArrowDown />
          {unseen === 1 ? "1 new message" : `${unseen} new messages`}
        </Button>
      )}
    </div>
  );
}
