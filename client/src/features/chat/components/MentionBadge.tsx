import { AtSign } from "lucide-react";

/** The channel list's mention badge: unread messages that mention you or everyone (docs/messages.md, "Mentions and read receipts"). */
export function MentionBadge({ count }: { count: number }) {
  return (
    <span
      aria-label={`${count} ${count === 1 ? "mention" : "mentions"}`}
      data-testid="mention-badge"
      className="ml-auto flex items-center gap-px rounded-full bg-amber-500 px-1.5 py-px text-[10.5px] font-semibold text-white tabular-nums group-hover/item:invisible dark:bg-amber-600"
    >
      <AtSign className="size-3" aria-hidden />
      {count > 99 ? "99+" : count}
    </span>
  );
}
