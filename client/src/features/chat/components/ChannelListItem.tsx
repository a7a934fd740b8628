import { useRef, useState, type CSSProperties, type ReactNode, type Ref } from "react";
import { Bell, BellOff, Ellipsis, FolderInput, Star, StarOff, Trash } from "lucide-react";
import type { Channel } from "@shared/entities";
import { cn } from "../../../lib/utils";
import { useLongPress } from "../../../lib/longPress";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../ui/dropdown-menu";
import { ChannelIcon } from "./ChannelIcon";
import { MentionBadge } from "./MentionBadge";

/** What dragging the row needs (./SortableChannel.tsx): absent where the row does not move. */
export interface RowDrag {
  ref: Ref<HTMLLIElement>;
  style: CSSProperties;
  /** Starts a drag with the mouse anywhere on the row. */
  onMouseDown?: (e: React.MouseEvent) => void;
  /** The keyboard's way to move it (a grip shown on focus). */
  handle: ReactNode;
  dragging: boolean;
}

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
  /** In one's Favourites (docs/channels.md, "Sidebar"). */
  favourite?: boolean;
  onToggleFavourite?: () => void;
  onToggleMute?: () => void;
  /** Opens "Move to…". */
  onMoveTo?: () => void;
  drag?: RowDrag;
}

// The row's menu (…, a right click, or a long press on a touch screen) holds what a person does to
// the channel from the list: favourite, mute, move to another section, delete.
export function ChannelListItem({ channel, title, selected, unread: all, mentions = 0, muted = false, canDelete, onSelect, onDelete, favourite = false, onToggleFavourite, onToggleMute, onMoveTo, drag }: Props) {
  const unread = muted ? 0 : all;
  const [menuOpen, setMenuOpen] = useState(false);
  // The finger that opened the menu is still on the row (or just lifted): what it does then is
  // not someone reaching outside the menu to close it.
  const pressedAt = useRef(0);
  const press = useLongPress(() => {
    pressedAt.current = Date.now();
    setMenuOpen(true);
  });
  const keepOpen = (e: Event) => {
    if (Date.now() - pressedAt.current < 1000) e.preventDefault();
  };
  const hasMenu = canDelete || !!onToggleFavourite || !!onToggleMute || !!onMoveTo;
  return (
    <li ref={drag?.ref} style={drag?.style} className={cn("group/item relative", drag?.dragging && "z-10 opacity-60")}>
      <button
        type="button"
        onClick={onSelect}
        {...(hasMenu ? press : {})}
        onMouseDown={drag?.onMouseDown}
        onContextMenu={(e) => {
          if (!hasMenu) return;
          press.onContextMenu(e);
          // A right click opens the same menu as …; the browser's own would offer nothing of ours.
          if ((e.nativeEvent as PointerEvent).pointerType !== "touch") {
            e.preventDefault();
            setMenuOpen(true);
          }
        }}
        aria-current={selected ? "true" : undefined}
        data-channel-name={title}
        data-muted={muted ? "true" : undefined}
        className={cn(
          "flex h-8 w-full touch-manipulation items-center gap-2 rounded-md px-2 text-left text-sm text-foreground/75 outline-none transition-colors select-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 pointer-coarse:h-11",
          selected && "bg-primary/10 font-medium text-primary hover:bg-primary/15 hover:text-primary dark:bg-primary/20 dark:text-foreground",
          unread > 0 && !selected && "font-semibold text-foreground",
          muted && !selected && "text-foreground/45",
          hasMenu && "pr-8 pointer-coarse:pr-12",
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
            className={cn(mentions > 0 ? "ml-1" : "ml-auto", "rounded-full bg-primary px-1.5 py-px text-[10.5px] font-semibold text-primary-foreground tabular-nums group-hover/item:invisible pointer-coarse:group-hover/item:visible")}
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </button>
      {drag?.handle}
      {hasMenu && (
        <DropdownMenu open={menuOpen} onOpenChange={setMenuOpen}>
          <DropdownMenuTrigger
            aria-label={`Channel options for ${title}`}
            className="absolute top-1/2 right-1 flex size-6 -translate-y-1/2 items-center justify-center rounded text-muted-foreground opacity-0 transition-opacity outline-none group-focus-within/item:opacity-100 group-hover/item:opacity-100 hover:bg-background hover:text-foreground focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring/50 data-[state=open]:opacity-100 pointer-coarse:size-11 pointer-coarse:right-0 pointer-coarse:opacity-100"
          >
            <Ellipsis className="size-4" />
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start" side="right" className="min-w-48" onInteractOutside={keepOpen} onFocusOutside={keepOpen}>
            {onToggleFavourite && (
              <DropdownMenuItem onSelect={onToggleFavourite} className="pointer-coarse:min-h-11">
                {favourite ? <StarOff /> : <Star />}
                {favourite ? "Unfavourite" : "Favourite"}
              </DropdownMenuItem>
            )}
            {onToggleMute && (
              <DropdownMenuItem onSelect={onToggleMute} className="pointer-coarse:min-h-11">
                {muted ? <Bell /> : <BellOff />}
                {muted ? "Unmute" : "Mute"}
              </DropdownMenuItem>
            )}
            {onMoveTo && (
              <DropdownMenuItem onSelect={onMoveTo} className="pointer-coarse:min-h-11">
                <FolderInput />
                Move to…
              </DropdownMenuItem>
            )}
            {canDelete && (onToggleFavourite || onToggleMute || onMoveTo) && <DropdownMenuSeparator />}
            {canDelete && (
              <DropdownMenuItem variant="destructive" onSelect={onDelete} className="pointer-coarse:min-h-11">
                <Trash />
                Delete channel
              </DropdownMenuItem>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </li>
  );
}
