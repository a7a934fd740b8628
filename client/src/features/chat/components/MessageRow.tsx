import { lazy, memo, Suspense, useEffect, useRef, useState } from "react";
import { differenceInMinutes, isSameDay } from "date-fns";
import type { ChatMessage, Task } from "@shared/entities";
import { attachmentsSummary } from "@shared/attachmentsSummary";
import { formatDayLabel, formatTime, parseDate } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import { UserAvatar } from "../../../ui/avatar";
import { useSessionStore } from "../../auth/store";
import { useEditRequestStore } from "../editRequest";
import { react } from "../messageActions";
import { canDeleteMessage, canEditMessage, canPinMessage } from "../permissions";
import { findChannelInCache } from "../api";
import { KeepToolbarButtons } from "./KeepToolbarButtons";
import { PinnedLabel } from "./PinnedLabel";
import { DeleteMessageDialog } from "./DeleteMessageDialog";
import { MessageActions } from "./MessageActions";
import { MessageAttachment } from "./MessageAttachment";
import { BotBadge } from "./BotBadge";
import { IntegrationAttachments } from "./IntegrationAttachments";
import { LinkPreviews } from "./LinkPreviews";
import { MessageEditor } from "./MessageEditor";
import { MessageHistoryDialog } from "./MessageHistoryDialog";
import { MessageTaskChip } from "./MessageTaskChip";
import { ReactionBar } from "./ReactionBar";
import { MarkUnreadButton } from "./MarkUnreadButton";
import { MessageBody } from "./MessageBody";
import { SeenBy } from "./SeenBy";
import { mentionsMe } from "@shared/mentions";
import { ThreadReplyLabel } from "./ThreadReplyLabel";
import { ThreadSummary } from "./ThreadSummary";
import { ThreadResolvedLabel } from "./ThreadResolvedLabel";
import { useAfterFirstPaint } from "../../../lib/useAfterFirstPaint";
import { useLongPress } from "../../../lib/longPress";
import { MoreHorizontal } from "lucide-react";

interface Props {
  message: ChatMessage;
  previous: ChatMessage | undefined;
  /** The task made from this message, if the reader may see it. */
  task?: Task;
  canCreateTask: boolean;
  onCreateTask: (message: ChatMessage) => void;
  /** Marked for a moment: the message a search result opened (docs/search.md). */
  highlighted?: boolean;
  /** Opens a thread by its root (docs/threads.md); absent inside the thread pane itself. */
  onOpenThread?: (rootId: number) => void;
}

// Loaded on the first long press: a desktop never needs it.
const MessageActionSheet = lazy(() => import("./MessageActionSheet").then((m) => ({ default: m.MessageActionSheet })));

// Consecutive messages by one person within a few minutes read as one block, like Slack.
const GROUP_MINUTES = 5;

function MessageRowImpl({ message, previous, task, canCreateTask, onCreateTask, onOpenThread, highlighted = false }: Props) {
  const me = useSessionStore((s) => s.user);
  // The hover toolbar (five buttons with their icons and labels, a third of a row's work) comes
  // just after the channel's first paint rather than in it.
  const showActions = useAfterFirstPaint();
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<"history" | "delete" | null>(null);
  // On a touch screen a long press (or the "More actions" button) opens the same actions as a sheet.
  const [sheet, setSheet] = useState(false);
  const press = useLongPress(() => setSheet(true));
  // A deleted root kept for its replies shows as a placeholder; only its thread stays in reach.
  const deleted = !!message.deleted_at;
  const canEdit = !deleted && canEditMessage(me, message);
  const canDelete = !deleted && canDeleteMessage(me, message);
  const canPin = !deleted && canPinMessage(me, message, findChannelInCache(message.channel_id));
  const rootId = message.thread_root_id ?? message.id;
  // Up arrow in an empty composer asks to edit this message (docs/messages.md, "Writing"); the thread pane's
  // rows answer its composer, the channel's list the channel's.
  const scope = onOpenThread ? "channel" : "thread";
  const editAsked = useEditRequestStore((s) => s.request?.id === message.id && s.request.scope === scope);
  const backTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!editAsked) return;
    backTo.current = useEditRequestStore.getState().request?.back ?? null;
    useEditRequestStore.getState().done();
    if (canEdit) setEditing(true);
  }, [editAsked, canEdit]);
  const stopEditing = () => {
    setEditing(false);
    // Opened from the keyboard: the composer gets the focus back, to go on writing.
    backTo.current?.focus();
    backTo.current = null;
  };
  const mine = !!me && message.sender_email.toLowerCase() === me.email.toLowerCase();
  // A message that mentions me (or everyone) stands out (docs/messages.md, "Mentions and read receipts").
  const mentioned = !mine && mentionsMe(message, me?.email);
  const date = parseDate(message.created_date);
  const prevDate = parseDate(previous?.created_date);
  const newDay = !!date && (!prevDate || !isSameDay(date, prevDate));
  const compact =
    !newDay &&
    !!previous &&
    !deleted &&
    !previous.deleted_at &&
    !!date &&
    !!prevDate &&
    previous.sender_email === message.sender_email &&
    differenceInMinutes(date, prevDate) < GROUP_MINUTES;
  // File messages carry the file name as text; showing it twice is noise. So do an integration's
  // attachments with no text of their own: their summary is there for search and notifications.
  const showText =
    !!message.content &&
    !(message.message_type !== "text" && message.content === message.file_name) &&
    !(message.attachments?.length && message.content === attachmentsSummary(message.attachments));

  return (
    <div data-message-id={message.id} data-highlighted={highlighted || undefined}>
      {newDay && date && (
        <div className="flex items-center gap-3 px-5 pt-5 pb-2" role="separator">
          <div className="h-px flex-1 bg-border" />
          <span className="rounded-full border bg-background px-3 py-0.5 text-[11.5px] font-medium text-muted-foreground">
            {formatDayLabel(date)}
          </span>
          <div className="h-px flex-1 bg-border" />
        </div>
      )}
      <div
        {...(editing ? {} : press)}
        data-mentioned={mentioned || undefined}
        className={cn(
          "group/msg relative flex gap-3 px-5 transition-colors duration-700 hover:bg-muted/50",
          compact ? "py-0.5" : "pt-2 pb-0.5",
          mentioned && "border-l-[3px] border-amber-500 bg-amber-50 pl-[17px] hover:bg-amber-100/70 dark:bg-amber-500/10 dark:hover:bg-amber-500/15",
          // The message opened from a search (docs/search.md): a ring that shows at once around a
          // tint that fades in. The tints keep the row's grey text readable (4.5:1 in both themes);
          // in dark mode the ring, not a brighter tint, is what catches the eye.
          highlighted &&
            "bg-yellow-200/80 ring-2 ring-yellow-600 ring-inset hover:bg-yellow-200/80 dark:bg-yellow-500/20 dark:ring-yellow-400 dark:hover:bg-yellow-500/20",
        )}
      >
        <div className="w-9 shrink-0">
          {compact ? (
            <time className="invisible block pt-0.5 text-right text-[10.5px] leading-5 text-muted-foreground tabular-nums group-hover/msg:visible">
              {formatTime(message.created_date).replace(/ [AP]M$/, "")}
            </time>
          ) : (
            <UserAvatar name={message.sender_name} email={message.sender_email} className="mt-0.5 size-9 rounded-lg" />
          )}
        </div>
        <div className="min-w-0 flex-1">
          {!compact && (
            <div className="flex items-baseline gap-2">
              <span className="truncate text-sm font-semibold">{message.sender_name || message.sender_email}</span>
              {message.webhook_id != null && <BotBadge />}
              <time className="shrink-0 text-xs text-muted-foreground" dateTime={date?.toISOString()}>
                {formatTime(message.created_date)}
              </time>
            </div>
          )}
          <PinnedLabel message={message} />
          {onOpenThread && message.thread_root_id != null && <ThreadReplyLabel onOpen={() => onOpenThread(rootId)} />}
          {deleted ? (
            <p className="text-[14px] leading-[1.45rem] text-muted-foreground italic">Message deleted</p>
          ) : editing ? (
            <MessageEditor message={message} onDone={stopEditing} />
          ) : (
            (showText || message.edited_at) && (
              <MessageBody
                content={showText ? message.content : ""}
                after={
                  message.edited_at && (
                    <button
                      type="button"
                      onClick={() => setDialog("history")}
                      aria-label="Edited: show earlier versions"
                      className="ml-1 rounded text-[11.5px] text-muted-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
                    >
                      (edited)
                    </button>
                  )
                }
              />
            )
          )}
          <MessageAttachment message={message} />
          {!deleted && <IntegrationAttachments message={message} />}
          {!deleted && <LinkPreviews message={message} />}
          {task && <MessageTaskChip task={task} />}
          <ReactionBar messageId={message.id} />
          {mine && <SeenBy message={message} />}
          {onOpenThread && message.thread_root_id == null && message.reply_count > 0 && <ThreadSummary message={message} onOpen={() => onOpenThread(rootId)} />}
          {message.thread_root_id == null && <ThreadResolvedLabel message={message} />}
        </div>
        {showActions && !editing && (
          <button
            type="button"
            aria-label="More actions"
            onClick={() => setSheet(true)}
            className="absolute top-0 right-1 hidden size-11 items-center justify-center rounded-lg text-muted-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none active:bg-muted pointer-coarse:flex"
          >
            <MoreHorizontal className="size-5" />
          </button>
        )}
        {showActions && !editing && (
          <MessageActions
            onReact={(emoji) => react(message.id, emoji)}
            onEdit={canEdit ? () => setEditing(true) : undefined}
            onDelete={canDelete ? () => setDialog("delete") : undefined}
            onCreateTask={canCreateTask && !deleted ? () => onCreateTask(message) : undefined}
            onReplyInThread={onOpenThread ? () => onOpenThread(rootId) : undefined}
          >
            {/* Read positions are the channel's; a reply inside the thread pane is not in that list. */}
            {onOpenThread && <MarkUnreadButton message={message} />}
            {!deleted && <KeepToolbarButtons message={message} canPin={canPin} />}
          </MessageActions>
        )}
      </div>
      {sheet && (
        <Suspense>
          <MessageActionSheet
          message={message}
          open={sheet}
          onOpenChange={setSheet}
          onReact={(emoji) => react(message.id, emoji)}
          onEdit={canEdit ? () => setEditing(true) : undefined}
          onDelete={canDelete ? () => setDialog("delete") : undefined}
          onCreateTask={canCreateTask && !deleted ? () => onCreateTask(message) : undefined}
          onReplyInThread={onOpenThread ? () => onOpenThread(rootId) : undefined}
          canMarkUnread={!!onOpenThread && !deleted}
          canKeep={!deleted}
          canPin={canPin}
          />
        </Suspense>
      )}
      {dialog === "history" && <MessageHistoryDialog message={message} onClose={() => setDialog(null)} />}
      {dialog === "delete" && <DeleteMessageDialog message={message} onClose={() => setDialog(null)} />}
    </div>
  );
}

export const MessageRow = memo(MessageRowImpl);
