import type { ChatMessage } from "@shared/entities";
import { mentionsAsText } from "@shared/mentions";
import { formatShortWhen } from "../../../lib/format";

/** One message in the Pinned or the Saved list: who, where, when and its text; a click opens it in its channel. */
export function KeptMessageItem({ message, where, onOpen }: { message: ChatMessage; where?: string; onOpen: () => void }) {
  const text = mentionsAsText(message.content ?? "") || message.file_name || "";
  return (
    <li>
      <button type="button" onClick={onOpen} className="grid w-full gap-0.5 rounded-lg px-3 py-2 text-left hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none">
        <span className="flex items-baseline gap-2 text-xs text-muted-foreground">
          <span className="truncate font-semibold text-foreground">{message.sender_name || message.sender_email}</span>
          {where && <span className="truncate">{where}</span>}
          <span className="ml-auto shrink-0">{formatShortWhen(message.created_date)}</span>
        </span>
        <span className="line-clamp-3 text-sm break-words">{text}</span>
      </button>
    </li>
  );
}
