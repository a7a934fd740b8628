import { lazy, Suspense, useMemo, useState } from "react";
import type { Channel, ChatMessage } from "@shared/entities";
import { canAssignTaskFromMessage, canDeleteChannel, canJoinChannel, canLeaveChannel, canManageMembers } from "../permissions";
import { useUpdateChannel } from "../api";
import { useChannelTitle } from "../useChannelTitle";
import { useSessionStore } from "../../auth/store";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { toast } from "../../../ui/notifications";
import { ChannelHeader } from "./ChannelHeader";
import { ChannelMembersDialog } from "./ChannelMembersDialog";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";
import { OutboxList } from "./OutboxList";
import { TaskFromMessageDialog } from "./TaskFromMessageDialog";
import { TypingIndicator } from "./TypingIndicator";
import { ThreadPane } from "./ThreadPane";
import { cn } from "../../../lib/utils";

// Loaded when opened: most people never manage a channel's webhooks (docs/benchmarks.md, "Cold load").
const IncomingWebhooksDialog = lazy(() => import("../../integrations/IncomingWebhooksDialog").then((m) => ({ default: m.IncomingWebhooksDialog })));

interface Props {
  channel: Channel;
  onDelete: () => void;
  onBack?: () => void;
  /** The thread open beside the channel (docs/threads.md), and how to open or close one. */
  threadId: number | null;
  onOpenThread: (rootId: number) => void;
  onCloseThread: () => void;
}

export function ChannelView({ channel, onDelete, onBack, threadId, onOpenThread, onCloseThread }: Props) {
  const user = useSessionStore((s) => s.user);
  const [taskMessage, setTaskMessage] = useState<ChatMessage | null>(null);
  const [membersOpen, setMembersOpen] = useState(false);
  const [hooksOpen, setHooksOpen] = useState(false);
  // Incoming webhooks (docs/integrations.md) are added by those who manage a channel's people; a dm has none.
  const canManageHooks = canManageMembers(user, channel);
  const [leaveOpen, setLeaveOpen] = useState(false);
  const update = useUpdateChannel();
  const title = useChannelTitle(channel);
  // The list and the composer speak of the channel by what this person calls it (a dm: the other person).
  const shown = useMemo(() => ({ ...channel, name: title }), [channel, title]);
  const me = user?.email.toLowerCase();

  const join = () =>
    me &&
    update.mutate(
      { id: channel.id, members: [...channel.members, me] },
      { onError: (err) => toast({ title: "Could not join the channel", description: err.message, variant: "destructive" }) },
    );
  const leave = () =>
    update.mutate(
      { id: channel.id, members: channel.members.filter((m) => m.toLowerCase() !== me) },
      {
        onSuccess: () => setLeaveOpen(false),
        onError: (err) => {
          setLeaveOpen(false);
          toast({ title: "Could not leave the channel", description: err.message, variant: "destructive" });
        },
      },
    );

  return (
    <div className="flex h-full min-w-0 flex-1">
      <section aria-label={`Channel ${title}`} className={cn("h-full min-w-0 flex-1 flex-col", threadId ? "hidden md:flex" : "flex")}>
        <ChannelHeader
          channel={channel}
          title={title}
          // Same rules as the server's: offering an action it will refuse helps nobody.
          canDelete={canDeleteChannel(user, channel)}
          canLeave={canLeaveChannel(user, channel)}
          canJoin={canJoinChannel(user, channel)}
          joining={update.isPending && !leaveOpen}
          onMembers={() => setMembersOpen(true)}
          onIntegrations={canManageHooks ? () => setHooksOpen(true) : undefined}
          onJoin={join}
          onLeave={() => setLeaveOpen(true)}
          onDelete={onDelete}
          onBack={onBack}
        />
        <MessageList
          key={channel.id}
          channel={shown}
          canCreateTask={canAssignTaskFromMessage(user, channel)}
          onCreateTask={setTaskMessage}
          onOpenThread={onOpenThread}
        />
        <OutboxList place={{ channelId: channel.id }} />
        <TypingIndicator channelId={channel.id} />
        <Composer key={channel.id} channel={shown} />
        <TaskFromMessageDialog message={taskMessage} channel={channel} onClose={() => setTaskMessage(null)} />
        {channel.type !== "dm" && (
          <ChannelMembersDialog
            channel={channel}
            title={title}
            open={membersOpen}
            onOpenChange={setMembersOpen}
            canManage={canManageMembers(user, channel)}
          />
        )}
        {canManageHooks && hooksOpen && (
          <Suspense fallback={null}>
            <IncomingWebhooksDialog channel={channel} title={title} open onOpenChange={setHooksOpen} canManage />
          </Suspense>
        )}
        <ConfirmDialog
          open={leaveOpen}
          title={`Leave #${title}?`}
          description={
            channel.type === "private"
              ? "You will no longer see this channel or its messages. A member can add you back."
              : "It moves to More channels. You can join it again at any time."
          }
          confirmLabel="Leave channel"
          pending={update.isPending}
          onCancel={() => setLeaveOpen(false)}
          onConfirm={leave}
        />
      </section>
      {threadId != null && <ThreadPane key={threadId} channel={shown} rootId={threadId} onClose={onCloseThread} />}
    </div>
  );
}
