import { lazy, Suspense, useState } from "react";
import { Copy, Link, ListTodo, Mail, MessageSquareText, Pencil, SmilePlus, Trash2 } from "lucide-react";
import type { ChatMessage } from "@shared/entities";
import { mentionsAsText } from "@shared/mentions";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "../../../ui/sheet";
import { Spinner } from "../../../ui/spinner";
import { cn } from "../../../lib/utils";
import { copyForReader, markUnreadFrom, messageLink } from "../messageActions";
import { MessageSheetAction as Action, TOUCH_TARGET as target } from "./MessageSheetAction";
import { KeepSheetActions } from "./KeepSheetActions";

const EmojiPickerPanel = lazy(() => import("./EmojiPickerPanel"));

/** The reactions offered first, one tap each (the picker has the rest). */
const QUICK_REACTIONS = ["👍", "❤️", "😂", "🎉", "👀", "✅"];

interface Props {
  message: ChatMessage;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReact: (emoji: string) => void;
  onEdit?: () => void;
  onDelete?: () => void;
  onCreateTask?: () => void;
  onReplyInThread?: () => void;
  /** Read positions are a channel's: absent for a reply in the thread pane. */
  canMarkUnread: boolean;
  /** Pin, Save and Remind me (docs/messages.md): not for a deleted message. */
  canKeep?: boolean;
  canPin?: boolean;
}

/**
 * Everything the hover toolbar does, for a finger (docs/messages.md, "On a phone"): opened by a
 * long press on the message or its "More actions" button, with targets of at least 44×44 px, plus
 * copying the text and a link.
 */
export function MessageActionSheet({ message, open, onOpenChange, onReact, onEdit, onDelete, onCreateTask, onReplyInThread, canMarkUnread, canKeep = false, canPin = false }: Props) {
  const [picking, setPicking] = useState(false);
  const text = mentionsAsText(message.content ?? "");
  // Close first: a dialog the action opens (edit history, delete) then takes the focus cleanly.
  const run = (action: () => void) => () => {
    onOpenChange(false);
    setPicking(false);
    action();
  };
  const change = (next: boolean) => {
    if (!next) setPicking(false);
    onOpenChange(next);
  };
  return (
    <Sheet open={open} onOpenChange={change}>
      <SheetContent side="bottom" className="px-3 pt-3 pb-3">
        <SheetTitle className="px-2 pr-10 text-sm font-semibold">Message actions</SheetTitle>
        <SheetDescription className="truncate px-2 text-xs text-muted-foreground">
          {message.sender_name || message.sender_email}: {text || message.file_name || ""}
        </SheetDescription>
        {picking ? (
          <div className="mt-2 flex justify-center">
            <Suspense fallback={<Spinner />}>
              <EmojiPickerPanel onPick={(emoji) => run(() => onReact(emoji))()} />
            </Suspense>
          </div>
        ) : (
          <>
            <div role="group" aria-label="React" className="mt-3 flex items-center justify-between gap-1 px-1">
              {QUICK_REACTIONS.map((emoji) => (
                <button key={emoji} type="button" aria-label={`React with ${emoji}`} onClick={run(() => onReact(emoji))} className={cn(target, "justify-center text-2xl")}>
                  {emoji}
                </button>
              ))}
              <button type="button" aria-label="More reactions" onClick={() => setPicking(true)} className={cn(target, "justify-center")}>
                <SmilePlus className="size-5" />
              </button>
            </div>
            <ul className="mt-2 grid">
              {onReplyInThread && <Action icon={<MessageSquareText />} label="Reply in thread" onClick={run(onReplyInThread)} />}
              {onEdit && <Action icon={<Pencil />} label="Edit message" onClick={run(onEdit)} />}
              {canMarkUnread && <Action icon={<Mail />} label="Mark as unread" onClick={run(() => markUnreadFrom(message))} />}
              {canKeep && <KeepSheetActions message={message} canPin={canPin} run={run} />}
              {onCreateTask && <Action icon={<ListTodo />} label="Create task from message" onClick={run(onCreateTask)} />}
              {text && <Action icon={<Copy />} label="Copy text" onClick={run(() => copyForReader(text, "Text copied"))} />}
              <Action icon={<Link />} label="Copy link" onClick={run(() => copyForReader(messageLink(message), "Link copied"))} />
              {onDelete && <Action icon={<Trash2 />} label="Delete message" onClick={run(onDelete)} destructive />}
            </ul>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
