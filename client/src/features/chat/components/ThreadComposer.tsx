import { useId, useState } from "react";
import type { Channel } from "@shared/entities";
import { sendReply } from "../threads";
import { Checkbox } from "../../../ui/checkbox";
import { Label } from "../../../ui/label";
import { useSessionStore } from "../../auth/store";
import { lastOwnMessage } from "../editRequest";
import { useThreadStore } from "../threadStore";
import { MessageComposer } from "./MessageComposer";

/** The thread pane's composer: a reply, and whether it also goes to the channel's main list. */
export function ThreadComposer({ channel, rootId }: { channel: Channel; rootId: number }) {
  const [alsoToChannel, setAlsoToChannel] = useState(false);
  const checkboxId = useId();
  const where = channel.type === "dm" ? channel.name : `#${channel.name}`;

  return (
    <MessageComposer
      channel={channel}
      // The draft is kept per person and thread across reloads (docs/messages.md, "Writing").
      place={{ threadRootId: rootId }}
      send={async (content, attachment) => {
        await sendReply({ channel_id: channel.id, thread_root_id: rootId, content, also_to_channel: alsoToChannel, ...attachment });
        // The choice goes with the typed reply it was made for; a file sent meanwhile leaves it.
        if (!attachment) setAlsoToChannel(false);
      }}
      // Up arrow in an empty composer edits one's last reply in this thread (docs/messages.md, "Writing").
      lastOwn={() => {
        const entry = useThreadStore.getState().byRoot[rootId];
        const shown = entry?.root ? [entry.root, ...entry.replies] : (entry?.replies ?? []);
        return lastOwnMessage(shown, useSessionStore.getState().user?.email);
      }}
      editScope="thread"
      label="Reply in thread"
      placeholder="Reply…"
      attachLabel="Attach file to reply"
      sendLabel="Send reply"
      layout="narrow"
      extra={
        <>
          <Checkbox id={checkboxId} checked={alsoToChannel} onCheckedChange={(v) => setAlsoToChannel(v === true)} />
          <Label htmlFor={checkboxId} className="truncate text-xs font-normal text-muted-foreground">
            Also send to {where}
          </Label>
        </>
      }
    />
  );
}
