import { BellOff, Ellipsis, Trash } from "lucide-react";
import type { Channel } from "@shared/entities";
import { cn } from "../../../lib/utils";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../../ui/dropdown-menu";
import { ChannelIcon } from "./ChannelIcon";
import { MentionBadge } from "./MentionBadge";

interface Props {
  channel: Channel;
  /** What this person calls it (a dm: the other person's name). */
  title: string;
  selected: boolean;
  unread: number;
  /** Unread messages mentioning this person or everyone (docs/messages.md, "Mentions and read receipts"). */
  mentions?: number;
  /** Muted by this person (docs/notifications.md): dimmed, and only mentions are counted. */
  muted?: boolean;
  canDelete: boolean;
  onSelect: () => void;
  onDelete: () => void;
}

export function ChannelListItem({ channel, title, selected, unread: all, mentions = 0, muted = false, canDelete, onSelect, onDelete }: Props) {
  const unread = muted ? 0 : all;
  return (
    <li className="group/item relative">
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? "true" : undefined}
        data-channel-name={title}
        data-muted={muted ? "true" : undefined}
        className={cn(
          "flex h-8 w-full items-center gap-2 rounded-md px-2 text-left text-sm text-foreground/75 outline-none transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50",
          selected && "bg-primary/10 font-medium text-primary hover:bg-primary/15 hover:text-primary dark:bg-primary/20 dark:text-foreground",
          unread > 0 && !selected && "font-semibold text-foreground",
          muted && !selected && "text-foreground/45",
          canDelete && "pr-8",
        )}
      >
        <ChannelIcon type={channel.type} className={selected ? "text-primary dark:text-foreground" : "text-muted-foreground"} />
        <span className="truncate">{title}</span>
        {muted && (
          <span role="img" aria-label="Muted" className={cn("shrink-0 text-muted-foreground", mentions > 0 && !selected ? "" : "ml-auto")}>
            <BellOff aria-hidden className="size-3.5" />
          </span>
        )}
        {mentions > 0 && !selected && <MentionBadge count={mentions} />}
        {unread > 0 && !selected && (
          <span
            aria-label={`${unread} unread`}
            className={cn(mentions > 0 ? "ml-1" : "ml-auto", "rounded-full bg-primary px-1.5 py-px text-[10.5px] font-semibold text-primary-foreground tabular-nums group-hover/item:invisible")}
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </button>
      {canDelete && (
        <DropdownMenu>
          <DropdownMenuTrigger
            aria-label={`Channel options for ${title}`}
            className="absolute top-1/2 right-1 flex size-6 -translate-y-1/2 items-center justify-center rounded text-muted-foreground opacity-0 transition-opacity outline-none group-focus-within/item:opacity-100 group-hover/item:opacity-100 hover:bg-background hover:text-foreground focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring/50 data-[state=open]:opacity-100 pointer-coarse:opacity-100"
          >
            <Ellipsis className="size-4" />
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start" side="right" className="min-w-44">
            <DropdownMenuItem variant="destructive" onSelect={onDelete}>
              <Trash />
              Delete channel
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </li>
  );
}
