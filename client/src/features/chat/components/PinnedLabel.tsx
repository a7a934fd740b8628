import { Pin } from "lucide-react";
import type { ChatMessage } from "@shared/entities";
import { usePeopleByEmail } from "../usePeopleByEmail";

/** Above a pinned message: that it is pinned, and by whom (docs/messages.md, "Pinned"). */
export function PinnedLabel({ message }: { message: ChatMessage }) {
  const people = usePeopleByEmail();
  if (!message.pinned_at) return null;
  const by = message.pinned_by ? (people.get(message.pinned_by.toLowerCase())?.full_name ?? message.pinned_by) : "someone";
  return (
    <p data-testid="message-pinned" className="flex items-center gap-1 text-[11.5px] font-medium text-amber-700 dark:text-amber-400">
      <Pin className="size-3" aria-hidden />
      Pinned by {by}
    </p>
  );
}
