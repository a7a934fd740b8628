import { useState } from "react";
import type { Channel, ChatMessage } from "@shared/entities";
import { canAssignTaskFromMessage, canDeleteChannel } from "../permissions";
import { useSessionStore } from "../../auth/store";
import { ChannelHeader } from "./ChannelHeader";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";
import { TaskFromMessageDialog } from "./TaskFromMessageDialog";
import { TypingIndicator } from "./TypingIndicator";

interface Props {
  channel: Channel;
  onDelete: () => void;
  onBack?: () => void;
}

export function ChannelView({ channel, onDelete, onBack }: Props) {
  const user = useSessionStore((s) => s.user);
  const [taskMessage, setTaskMessage] = useState<ChatMessage | null>(null);
  return (
    <section aria-label={`Channel ${channel.name}`} className="flex h-full min-w-0 flex-1 flex-col">
      <ChannelHeader
        channel={channel}
        // Same rule as the sidebar menu: offering an action the server will refuse helps nobody.
        canDelete={canDeleteChannel(user, channel)}
        onDelete={onDelete}
        onBack={onBack}
      />
      <MessageList
        key={channel.id}
        channel={channel}
        canCreateTask={canAssignTaskFromMessage(user, channel)}
        onCreateTask={setTaskMessage}
      />
      <TypingIndicator channelId={channel.id} />
      <Composer key={channel.id} channel={channel} />
      <TaskFromMessageDialog message={taskMessage} channel={channel} onClose={() => setTaskMessage(null)} />
    </section>
  );
}
