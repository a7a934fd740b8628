import { useEffect, useLayoutEffect, useRef } from "react";
import { X } from "lucide-react";
import type { Channel, ChatMessage } from "@shared/entities";
import { useThreadStore } from "../threadStore";
import { loadOlderReplies, loadThread, readThread } from "../threads";
import { useKeepPlace } from "../useKeepPlace";
import { Button } from "../../../ui/button";
import { Spinner } from "../../../ui/spinner";
import { FollowThreadButton } from "./FollowThreadButton";
import { LoadOlderButton } from "./LoadOlderButton";
import { ResolveThreadButton } from "./ResolveThreadButton";
import { MessageRow } from "./MessageRow";
import { OutboxList } from "./OutboxList";
import { ThreadComposer } from "./ThreadComposer";

const noop = () => undefined;
// A stand-in with the root's day and no sender: the first reply shows a day divider only on a new day.
const dayOnly = (root: ChatMessage | null): ChatMessage | undefined => (root ? { ...root, sender_email: "" } : undefined);
const EMPTY: ChatMessage[] = [];

/**
 * A thread beside its channel (docs/threads.md): the root, its replies (live from the feed; the
 * newest page first, older pages as the channel's list loads them), a composer, follow/unfollow
 * and resolve/reopen. What is shown is read: the position moves to the newest reply.
 */
export function ThreadPane({ channel, rootId, onClose }: { channel: Channel; rootId: number; onClose: () => void }) {
  const entry = useThreadStore((s) => s.byRoot[rootId]);
  const replies = entry?.replies ?? EMPTY;
  const scrollRef = useRef<HTMLDivElement>(null);
  const newest = replies.length ? replies[replies.length - 1].id : 0;

  // Loaded when opened, and again after the feed could not catch up (which clears loaded threads).
  useEffect(() => {
    if (!entry) void loadThread(rootId);
  }, [entry, rootId]);

  useEffect(() => {
    if (entry?.status === "ready" && newest && document.visibilityState === "visible") readThread(rootId, newest);
  }, [entry?.status, newest, rootId]);

  const rememberPlace = useKeepPlace(scrollRef, replies, entry?.loadingOlder ?? false);
  const onLoadOlder = () => {
    if (rememberPlace()) void loadOlderReplies(rootId);
  };

  // Follow the conversation to its newest reply.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newest, entry?.status]);

  const where = channel.type === "dm" ? channel.name : `#${channel.name}`;
  const count = entry?.root?.reply_count ?? replies.length;
  return (
    <aside aria-label="Thread" className="flex h-full w-full min-w-0 flex-col border-l bg-background md:w-[24rem] md:shrink-0">
      <div className="flex h-14 shrink-0 items-center gap-2 border-b px-4">
        <div className="min-w-0 flex-1">
          <h2 className="text-[15px] leading-tight font-semibold">Thread</h2>
          <p className="truncate text-xs text-muted-foreground">{where}</p>
        </div>
        {entry?.root && <ResolveThreadButton root={entry.root} channel={channel} />}
        <FollowThreadButton rootId={rootId} />
        <Button variant="ghost" size="icon-sm" aria-label="Close thread" onClick={onClose}>
          <X />
        </Button>
      </div>
      <div
        ref={scrollRef}
        role="log"
        aria-label="Replies"
        data-count={replies.length}
        className="scrollbar-thin min-h-0 flex-1 overflow-y-auto py-2 [overflow-anchor:none]"
      >
        {!entry || entry.status === "loading" ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : entry.status === "error" || !entry.root ? (
          <p className="px-5 py-8 text-center text-sm text-muted-foreground">Couldn't load this thread.</p>
        ) : (
          <>
            <MessageRow message={entry.root} previous={undefined} canCreateTask={false} onCreateTask={noop} />
            <div className="flex items-center gap-3 px-5 py-2" role="separator">
              <span className="text-xs text-muted-foreground">{count === 1 ? "1 reply" : `${count} replies`}</span>
              <div className="h-px flex-1 bg-border" />
            </div>
            {entry.hasOlder && (
              <div className="flex justify-center py-2">
                <LoadOlderButton label="Load older replies" loading={entry.loadingOlder} onClick={onLoadOlder} />
              </div>
            )}
            {replies.map((m, i) => (
              // The first reply follows the root for the day divider, not for grouping (the count sits between
              // them); the first of a later page shows its day again.
              <MessageRow key={m.id} message={m} previous={replies[i - 1] ?? (entry.hasOlder ? undefined : dayOnly(entry.root))} canCreateTask={false} onCreateTask={noop} />
            ))}
          </>
        )}
      </div>
      <OutboxList place={{ threadRootId: rootId }} />
      <ThreadComposer key={rootId} channel={channel} rootId={rootId} />
    </aside>
  );
}
