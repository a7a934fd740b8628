import { CircleCheck } from "lucide-react";
import type { ChatMessage } from "@shared/entities";
import { formatShortWhen } from "../../../lib/format";
import { usePeopleByEmail } from "../usePeopleByEmail";

/** Under a resolved thread's root (docs/threads.md): who resolved it and when. */
export function ThreadResolvedLabel({ message }: { message: ChatMessage }) {
  const people = usePeopleByEmail();
  if (!message.resolved_at) return null;
  const by = message.resolved_by ? (people.get(message.resolved_by.toLowerCase())?.full_name ?? message.resolved_by) : "someone";
  return (
    <p data-testid="thread-resolved" className="mt-1 flex items-center gap-1 text-[12px] text-emerald-700 dark:text-emerald-400">
      <CircleCheck className="size-3.5" aria-hidden />
      <span>
        Resolved by {by} · {formatShortWhen(message.resolved_at)}
      </span>
    </p>
  );
}
