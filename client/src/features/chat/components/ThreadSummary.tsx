import { ChevronRight } from "lucide-react";
import type { ChatMessage } from "@shared/entities";
import { formatShortWhen } from "../../../lib/format";
import { UserAvatar } from "../../../ui/avatar";
import { usePeopleByEmail } from "../usePeopleByEmail";

/** Under a root with replies: how many, who wrote the latest, when the last came; opens the thread. */
export function ThreadSummary({ message, onOpen }: { message: ChatMessage; onOpen: () => void }) {
  const people = usePeopleByEmail();
  const count = message.reply_count === 1 ? "1 reply" : `${message.reply_count} replies`;
  const when = formatShortWhen(message.last_reply_at);
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`${count}, last reply ${when}: open thread`}
      data-testid="thread-summary"
      className="group/thread mt-1 flex max-w-full items-center gap-2 rounded-md border border-transparent py-0.5 pr-2 pl-0.5 text-left hover:border-border hover:bg-background focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
    >
      <span className="flex -space-x-1" aria-hidden>
        {message.repliers.map((email) => {
          const person = people.get(email.toLowerCase());
          return <UserAvatar key={email} name={person?.full_name ?? email} email={email} photo={person?.profile_photo} className="size-5 rounded-md ring-2 ring-background" />;
        })}
      </span>
      <span className="text-[12.5px] font-semibold text-primary">{count}</span>
      <span className="truncate text-[12px] text-muted-foreground">Last reply {when}</span>
      <ChevronRight className="size-3.5 text-muted-foreground opacity-0 group-hover/thread:opacity-100" aria-hidden />
    </button>
  );
}
