import { mentionsAsText } from "@shared/mentions";
import type { FollowedThread } from "@shared/entities";
import { formatShortWhen } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import { UserAvatar } from "../../../ui/avatar";

interface Props {
  thread: FollowedThread;
  /** What the reader calls the thread's channel (#name, or the other person of a dm). */
  where: string;
  onOpen: () => void;
}

/** A followed thread in the Threads view: where, what it began with, its replies and unread ones. */
export function ThreadListItem({ thread, where, onOpen }: Props) {
  const { root, unread } = thread;
  const text = mentionsAsText(root.content);
  const replies = root.reply_count === 1 ? "1 reply" : `${root.reply_count} replies`;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        data-thread-root={root.id}
        aria-label={`Thread in ${where}: ${root.deleted_at ? "Message deleted" : text}. ${replies}${unread ? `, ${unread} unread` : ""}`}
        className={cn(
          "flex w-full gap-3 rounded-lg border bg-background px-4 py-3 text-left transition-colors hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none",
          unread > 0 && "border-primary/40",
        )}
      >
        <UserAvatar name={root.sender_name} email={root.sender_email} className="mt-0.5 size-8 rounded-lg" />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline gap-2">
            <span className="truncate text-xs font-medium text-muted-foreground">{where}</span>
            <span className="ml-auto shrink-0 text-xs text-muted-foreground">{formatShortWhen(root.last_reply_at ?? root.created_date)}</span>
          </div>
          <p className="truncate text-sm">
            <span className="font-semibold">{root.sender_name || root.sender_email}</span>{" "}
            {root.deleted_at ? <span className="text-muted-foreground italic">Message deleted</span> : <span className="text-foreground/85">{text}</span>}
          </p>
          <div className="mt-1 flex items-center gap-2 text-xs">
            <span className="text-primary">{replies}</span>
            {unread > 0 && (
              <span data-testid="thread-unread" className="rounded-full bg-primary px-1.5 py-px text-[10.5px] font-semibold text-primary-foreground tabular-nums">
                {unread > 99 ? "99+" : unread} unread
              </span>
            )}
          </div>
        </div>
      </button>
    </li>
  );
}
