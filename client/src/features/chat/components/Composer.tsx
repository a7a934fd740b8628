import type { Channel } from "@shared/entities";
import { sendMessage } from "../actions";
import { emitWithAck } from "../../../realtime/socket";
import { useSessionStore } from "../../auth/store";
import { lastOwnMessage } from "../editRequest";
import { useChatStore } from "../store";
import { MessageComposer } from "./MessageComposer";
import { ScheduleMenu } from "./ScheduleMenu";
import { ScheduledBar } from "./ScheduledBar";

/** The channel's composer: a message to the channel, with @mentions and a typing notice to its readers. */
export function Composer({ channel }: { channel: Channel }) {
  return (
    <>
      {/* One's scheduled messages here (docs/messages.md, "Scheduled messages"). */}
      <ScheduledBar channelId={channel.id} />
      <MessageComposer
      channel={channel}
      // The draft is kept per person and channel across reloads (docs/messages.md, "Writing").
      place={{ channelId: channel.id }}
      send={(content, attachment) => sendMessage({ channel_id: channel.id, content, ...(attachment ?? { message_type: "text" }) })}
      // Up arrow in an empty composer edits one's last message here (docs/messages.md, "Writing").
      lastOwn={() => lastOwnMessage(useChatStore.getState().byChannel[channel.id]?.items ?? [], useSessionStore.getState().user?.email)}
      editScope="channel"
      label={`Message ${channel.name}`}
      placeholder={channel.type === "dm" ? `Message ${channel.name}` : `Message #${channel.name}`}
      attachLabel="Attach file"
      fileTestId="composer-file-input"
      sendLabel="Send message"
      mentions
      onTyping={() => void emitWithAck("channels.typing", { channel_id: channel.id }).catch(() => undefined)}
      layout="wide"
      afterSend={(text, clear) => <ScheduleMenu channelId={channel.id} text={text} clear={clear} />}
    />
    </>
  );
}
