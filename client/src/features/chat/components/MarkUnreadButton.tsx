import { Mail } from "lucide-react";
import type { ChatMessage } from "@shared/entities";
import { Button } from "../../../ui/button";
import { SimpleTooltip } from "../../../ui/tooltip";
import { toast } from "../../../ui/notifications";
import { markUnread } from "../reads";

/** "Mark as unread": this message and everything after it count as unread again, on every device. */
export function MarkUnreadButton({ message }: { message: ChatMessage }) {
  const onClick = () =>
    markUnread(message.channel_id, message.id).catch((err: Error) =>
      toast({ title: "Could not mark the message as unread", description: err.message, variant: "destructive" }),
    );
  return (
    <SimpleTooltip label="Mark as unread">
      <Button variant="ghost" size="icon-xs" aria-label="Mark as unread" onClick={onClick}>
        <Mail />
      </Button>
    </SimpleTooltip>
  );
}
