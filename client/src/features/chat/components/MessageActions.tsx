import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { ListTodo, MessageSquareText, Pencil, SmilePlus, Trash2 } from "lucide-react";
import { cn } from "../../../lib/utils";
import { Button } from "../../../ui/button";
import { SimpleTooltip } from "../../../ui/tooltip";
import { EmojiPickerPopover } from "./EmojiPickerPopover";

interface Props {
  onReact: (emoji: string) => void;
  onEdit?: () => void;
  onDelete?: () => void;
  onCreateTask?: () => void;
  /** Opens the message's thread (docs/threads.md); absent inside the thread pane. */
  onReplyInThread?: () => void;
  /** More actions after the reaction button (e.g. Mark as unread). */
  children?: ReactNode;
}

/** The toolbar a message shows on hover or focus: react, reply in thread, edit, delete, make a task. */
export function MessageActions({ onReact, onEdit, onDelete, onCreateTask, onReplyInThread, children }: Props) {
  // Stays visible while its picker is open, though the pointer has left the row.
  const [picking, setPicking] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  const buttons = () => Array.from(bar.current?.querySelectorAll<HTMLButtonElement>("button") ?? []);
  // One Tab stop per toolbar (the WAI-ARIA toolbar pattern): a list of fifty messages would
  // otherwise put a few hundred buttons between the channel list and the composer. The arrow keys
  // move inside; the button last used keeps the stop.
  const rove = (to: HTMLButtonElement | undefined) => buttons().forEach((b) => (b.tabIndex = b === to ? 0 : -1));
  useEffect(() => {
    const all = buttons();
    if (!all.some((b) => b.tabIndex === 0)) rove(all[0]);
  });
  const onKeyDown = (e: KeyboardEvent) => {
    const all = buttons();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: all.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const to = all[(next + all.length) % all.length];
    rove(to);
    to.focus();
  };
  return (
    <div
      ref={bar}
      role="toolbar"
      aria-label="Message actions"
      aria-orientation="horizontal"
      onKeyDown={onKeyDown}
      onFocus={(e) => e.target instanceof HTMLButtonElement && rove(e.target)}
      className={cn(
        // A touch screen has the "More actions" sheet instead (a tap would leave this shown).
        "absolute -top-3 right-4 flex rounded-lg border bg-popover p-0.5 shadow-sm transition-opacity focus-within:opacity-100 group-hover/msg:opacity-100 pointer-coarse:hidden",
        picking ? "opacity-100" : "opacity-0",
      )}
    >
      <EmojiPickerPopover label="Add reaction" onPick={onReact} onOpenChange={setPicking}>
        <Button variant="ghost" size="icon-xs" aria-label="Add reaction">
          <SmilePlus />
        </Button>
      </EmojiPickerPopover>
      {onReplyInThread && (
        <SimpleTooltip label="Reply in thread">
          <Button variant="ghost" size="icon-xs" aria-label="Reply in thread" onClick={onReplyInThread}>
            <MessageSquareText />
          </Button>
        </SimpleTooltip>
      )}
      {children}
      {onEdit && (
        <SimpleTooltip label="Edit message">
          <Button variant="ghost" size="icon-xs" aria-label="Edit message" onClick={onEdit}>
            <Pencil />
          </Button>
        </SimpleTooltip>
      )}
      {onDelete && (
        <SimpleTooltip label="Delete message">
          <Button variant="ghost" size="icon-xs" aria-label="Delete message" onClick={onDelete} className="hover:text-destructive">
            <Trash2 />
          </Button>
        </SimpleTooltip>
      )}
      {onCreateTask && (
        <SimpleTooltip label="Create task from message">
          <Button variant="ghost" size="icon-xs" aria-label="Create task from message" onClick={onCreateTask}>
            <ListTodo />
          </Button>
        </SimpleTooltip>
      )}
    </div>
  );
}
