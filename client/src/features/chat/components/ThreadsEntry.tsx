import { MessagesSquare } from "lucide-react";
import { unreadReplies, useFollowStore } from "../followStore";
import { cn } from "../../../lib/utils";

/** The Threads entry at the top of the channel list, with the unread replies of followed threads. */
export function ThreadsEntry({ selected, onSelect }: { selected: boolean; onSelect: () => void }) {
  const unread = useFollowStore((s) => unreadReplies(s.threads));
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected ? "page" : undefined}
      className={cn(
        "mb-1 flex h-8 w-full items-center gap-2 rounded-md px-2 text-left text-sm text-foreground/75 outline-none transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50",
        selected && "bg-primary/10 font-medium text-primary hover:bg-primary/15 hover:text-primary dark:bg-primary/20 dark:text-foreground",
        unread > 0 && !selected && "font-semibold text-foreground",
      )}
    >
      <MessagesSquare className="size-4 text-muted-foreground" aria-hidden />
      <span>Threads</span>
      {unread > 0 && (
        <span
          aria-label={`${unread} unread`}
          data-testid="threads-unread"
          className="ml-auto rounded-full bg-primary px-1.5 py-px text-[10.5px] font-semibold text-primary-foreground tabular-nums"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </button>
  );
}
