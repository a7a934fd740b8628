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

interface Props {
  channel: Channel;
  canCreateTask: boolean;
  onCreateTask: (message: ChatMessage) => void;
  onOpenThread: (rootId: number) => void;
}

const EMPTY: ChatMessage[] = [];
const ROW_ESTIMATE_PX = 52;
// "Jump to first unread" floats over the top of the list (JumpToUnreadButton: 12 px down, 32 px
// tall); "Load older messages" sits at the bottom of a header tall enough to leave that band free,
// so at the top of the list both can be clicked.
const OLDER_HEADER_PX = 100;
const INTRO_HEADER_PX = 136;
// Within this distance of the bottom the reader counts as "following" the conversation.
const PINNED_THRESHOLD_PX = 72;

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

  const scrollToBottom = useCallback(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);
  const laidOutHeight = useRef(0);

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    // A channel opens at its newest message (docs/benchmarks.md, "Cold load"): the first rows rendered are the
    // bottom ones, so the newest is on screen in the first frame rather than after a scroll that
    // renders the list again. Until the list is loaded there is nothing to place.
    enabled: ready,
    initialOffset: () => Math.max(0, headerHeight + items.length * ROW_ESTIMATE_PX - window.innerHeight),
    initialRect: { width: 0, height: window.innerHeight },
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: 12,
    paddingStart: headerHeight,
    paddingEnd: 16,
    getItemKey: (index) => items[index].id,
    // The virtualizer places the rows and sizes the list itself, in the DOM, as it measures them:
    // a row that grows once shown ("Seen by", reactions, an image) moves the rows below it before
    // the browser paints. Placed by a React render instead, they waited for that render, which a
    // busy main thread (a channel opening) held back for up to seconds, drawn over each other.
    directDomUpdates: true,
    // Late-growing rows no longer render the list again: follow them from here while pinned.
    onChange: (instance) => {
      const height = instance.getTotalSize();
      if (height === laidOutHeight.current) return;
      laidOutHeight.current = height;
      if (pinned.current) scrollToBottom();
    },
  });
  // Unread (docs/unread.md): the divider, reading what is on screen, and the jump to the first unread.
  const marker = useUnreadMarker(channel.id, items, entry?.hasOlder ?? false, ready);
  const reading = useReadTracking(channel.id, items, scrollRef, virtualizer, marker, () => (pinned.current = false));
  const marked = useJumpToMessage(channel.id, entry, virtualizer, pinned);
  const lastId = items.length ? items[items.length - 1].id : null;
  // The message Up arrow asked to edit (docs/messages.md, "Writing") may be out of the rendered window.
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

  // Follow new messages while pinned to the bottom (rows growing later: onChange above).
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
  }, [lastId, items, myEmail, scrollToBottom]);

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
              className="absolute top-0 left-0 w-full"
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
