import { memo } from "react";
import { ListTodo } from "lucide-react";
import { differenceInMinutes, isSameDay } from "date-fns";
import type { ChatMessage, Task } from "@shared/entities";
import { formatDayLabel, formatTime, parseDate } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import { UserAvatar } from "../../../ui/avatar";
import { Button } from "../../../ui/button";
import { SimpleTooltip } from "../../../ui/tooltip";
import { MessageAttachment } from "./MessageAttachment";
import { MessageTaskChip } from "./MessageTaskChip";
import { MarkUnreadButton } from "./MarkUnreadButton";

interface Props {
  message: ChatMessage;
  previous: ChatMessage | undefined;
  /** The task made from this message, if the reader may see it. */
  task?: Task;
  canCreateTask: boolean;
  onCreateTask: (message: ChatMessage) => void;
}

// Consecutive messages by one person within a few minutes read as one block, like Slack.
const GROUP_MINUTES = 5;

function MessageRowImpl({ message, previous, task, canCreateTask, onCreateTask }: Props) {
  const date = parseDate(message.created_date);
  const prevDate = parseDate(previous?.created_date);
  const newDay = !!date && (!prevDate || !isSameDay(date, prevDate));
  const compact =
    !newDay &&
    !!previous &&
    !!date &&
    !!prevDate &&
    previous.sender_email === message.sender_email &&
    differenceInMinutes(date, prevDate) < GROUP_MINUTES;
  // File messages carry the file name as text; showing it twice is noise.
  const showText =
    !!message.content && !(message.message_type !== "text" && message.content === message.file_name);

  return (
    <div data-message-id={message.id}>
      {newDay && date && (
        <div className="flex items-center gap-3 px-5 pt-5 pb-2" role="separator">
          <div className="h-px flex-1 bg-border" />
          <span className="rounded-full border bg-background px-3 py-0.5 text-[11.5px] font-medium text-muted-foreground">
            {formatDayLabel(date)}
          </span>
          <div className="h-px flex-1 bg-border" />
        </div>
      )}
      <div className={cn("group/msg relative flex gap-3 px-5 hover:bg-muted/50", compact ? "py-0.5" : "pt-2 pb-0.5")}>
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
              <time className="shrink-0 text-xs text-muted-foreground" dateTime={date?.toISOString()}>
                {formatTime(message.created_date)}
              </time>
            </div>
          )}
          {showText && (
            <p className="text-[14px] leading-[1.45rem] break-words whitespace-pre-wrap text-foreground/90">
              {message.content}
            </p>
          )}
          <MessageAttachment message={message} />
          {task && <MessageTaskChip task={task} />}
        </div>
        <div className="absolute -top-3 right-4 flex rounded-lg border bg-popover p-0.5 opacity-0 shadow-sm transition-opacity focus-within:opacity-100 group-hover/msg:opacity-100">
          <MarkUnreadButton message={message} />
          {canCreateTask && (
            <SimpleTooltip label="Create task from message">
              <Button
                variant="ghost"
                size="icon-xs"
                aria-label="Create task from message"
                onClick={() => onCreateTask(message)}
              >
                <ListTodo />
              </Button>
            </SimpleTooltip>
          )}
        </div>
      </div>
    </div>
  );
}

export const MessageRow = memo(MessageRowImpl);
