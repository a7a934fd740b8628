import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useChannels, useDeleteChannel } from "./api";
import type { Channel } from "@shared/entities";
import { ChannelSidebar } from "./components/ChannelSidebar";
import { ChannelView } from "./components/ChannelView";
import { ChatWelcome } from "./components/ChatWelcome";
import { ThreadsView } from "./components/ThreadsView";
import { CreateChannelDialog } from "./components/CreateChannelDialog";
import { DeleteChannelDialog } from "./components/DeleteChannelDialog";
import { PageSpinner } from "../../ui/PageSpinner";
import { useIsMobile } from "../../lib/useMediaQuery";
import { cn } from "../../lib/utils";
import { useChatStore } from "./store";
import { toast } from "../../ui/notifications";
import { useSessionStore } from "../auth/store";
import { channelToOpen, lastChannelId, rememberChannel } from "./lastChannel";

export default function ChatPage() {
  const [params, setParams] = useSearchParams();
  const selectedId = Number(params.get("channel")) || null;
  // Threads (docs/threads.md): the Threads view, or a thread open beside its channel.
  const threadsView = params.get("view") === "threads";
  const threadId = Number(params.get("thread")) || null;
  const channels = useChannels();
  const selected = channels.data?.find((c) => c.id === selectedId) ?? null;
  const isMobile = useIsMobile();
  const [createOpen, setCreateOpen] = useState(false);
  const [deleteTarget, setDeleteTarget] = useState<Channel | null>(null);
  const deleteChannel = useDeleteChannel();
  const setActiveChannel = useChatStore((s) => s.setActiveChannel);

  const userId = useSessionStore((s) => s.user?.id);

  const select = (id: number | null) => setParams(id ? { channel: String(id) } : {});
  const openThread = (channelId: number, rootId: number) => setParams({ channel: String(channelId), thread: String(rootId) });

  useEffect(() => {
    setActiveChannel(selected?.id ?? null);
    return () => setActiveChannel(null);
  }, [selected?.id, setActiveChannel]);

  useEffect(() => {
    if (userId != null && selected) rememberChannel(userId, selected.id);
  }, [userId, selected]);

  // Nothing open, or the open channel went away (left, removed, deleted): open the last one viewed,
  // else #general. On a phone the channel list is the first screen, and Back must be able to reach it.
  const landing = !isMobile && !selected && !threadsView && channels.data ? channelToOpen(channels.data, userId != null ? lastChannelId(userId) : null) : undefined;
  useEffect(() => {
    if (landing) setParams({ channel: String(landing.id) }, { replace: true });
  }, [landing, setParams]);

  const confirmDelete = () => {
    if (!deleteTarget) return;
    const target = deleteTarget;
    deleteChannel.mutate(target.id, {
      onSuccess: () => {
        setDeleteTarget(null);
        if (target.id === selectedId) {
          const next = channels.data?.find((c) => c.id !== target.id);
          select(next?.id ?? null);
        }
      },
      onError: (err) => {
        console.error("Failed to delete channel", err);
        setDeleteTarget(null);
        toast({ title: "Failed to delete channel. Please try again.", variant: "destructive" });
      },
    });
  };

  // The wanted channel may still be loading; a spinner beats a flash of the welcome screen.
  const waitingForChannel = (selectedId != null && !selected && channels.isPending) || !!landing || (!isMobile && channels.isPending);
  const showList = !isMobile || (!selected && !threadsView);

  return (
    <div className="flex h-full">
      {showList && (
        <ChannelSidebar
          channels={channels.data}
          loading={channels.isPending}
          selectedId={selected?.id ?? null}
          onSelect={select}
          onCreate={() => setCreateOpen(true)}
          onDelete={setDeleteTarget}
          threadsSelected={threadsView}
          onOpenThreads={() => setParams({ view: "threads" })}
          className={cn(isMobile ? "w-full border-r-0" : "w-80 shrink-0")}
        />
      )}
      {!(isMobile && !selected && !threadsView) && (
        <div className="flex min-w-0 flex-1">
          {threadsView ? (
            <ThreadsView channels={channels.data} onOpen={openThread} onBack={isMobile ? () => select(null) : undefined} />
          ) : selected ? (
            <ChannelView
              key={selected.id}
              channel={selected}
              onDelete={() => setDeleteTarget(selected)}
              onBack={isMobile ? () => select(null) : undefined}
              threadId={threadId}
              onOpenThread={(rootId) => openThread(selected.id, rootId)}
              onCloseThread={() => select(selected.id)}
            />
          ) : waitingForChannel ? (
            <PageSpinner />
          ) : (
            <div className="flex-1">
              <ChatWelcome />
            </div>
          )}
        </div>
      )}
      <CreateChannelDialog open={createOpen} onOpenChange={setCreateOpen} onCreated={(c) => select(c.id)} />
      <DeleteChannelDialog
        channel={deleteTarget}
        pending={deleteChannel.isPending}
        onCancel={() => setDeleteTarget(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
