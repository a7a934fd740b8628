import { Mail } from "lucide-react";
import type { ChatMessage } from "@shared/entities";
import { Button } from "../../../ui/button";
import { SimpleTooltip } from "../../../ui/tooltip";
import { markUnreadFrom } from "../messageActions";

/** "Mark as unread": this message and everything after it count as unread again, on every device. */
export function MarkUnreadButton({ message }: { message: ChatMessage }) {
  return (
    <SimpleTooltip label="Mark as unread">
      <Button variant="ghost" size="icon-xs" aria-label="Mark as unread" onClick={() => markUnreadFrom(message)}>
        <Mail />
      </Button>
    </SimpleTooltip>
  );
}
