import type { CSSProperties } from "react";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { CalendarDays, GripVertical, MessageSquare, MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import type { Task, TaskStatus } from "@shared/entities";
import { Button } from "../../../ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../ui/dropdown-menu";
import { cn } from "../../../lib/utils";
import { STATUS_LABEL, STATUS_ORDER } from "../ordering";
import { formatDue } from "../dates";
import { PriorityBadge, StatusBadge } from "../TaskBadges";

interface Props {
  task: Task;
  onOpen: (task: Task) => void;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
  onStatus: (task: Task, status: TaskStatus) => void;
}

/** A task on My Tasks: drag by its handle (mouse, touch or keyboard), click to open. */
export function TaskCard({ task, onOpen, onEdit, onDelete, onStatus }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: task.id,
    data: { status: task.status },
  });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  const done = task.status === "done";

  return (
    <div
      ref={setNodeRef}
      style={style}
      data-task-id={task.id}
      data-task-title={task.title}
      className={cn(
        "group flex items-start gap-2 rounded-xl border bg-card p-3 shadow-xs transition-shadow hover:shadow-sm",
        isDragging && "z-10 opacity-80 shadow-lg ring-2 ring-primary/40",
        done && "opacity-60",
      )}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        aria-label={`Move ${task.title}`}
        className="mt-0.5 cursor-grab touch-none rounded text-muted-foreground/60 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none active:cursor-grabbing"
        {...attributes}
        {...listeners}
      >
        <GripVertical className="size-4" />
      </button>
      <button type="button" data-open-task className="min-w-0 flex-1 text-left" onClick={() => onOpen(task)}>
        <p className={cn("text-sm leading-5 font-medium break-words", done && "line-through")}>{task.title}</p>
        {task.description && <p className="mt-0.5 line-clamp-2 text-xs text-muted-foreground">{task.description}</p>}
        <div className="mt-2 flex flex-wrap items-center gap-1.5">
          <StatusBadge status={task.status} />
          <PriorityBadge priority={task.priority} />
          {task.due_date && (
            <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
              <CalendarDays className="size-3" />
              {formatDue(task.due_date)}
            </span>
          )}
          {task.source_message_id != null && (
            <span className="inline-flex items-center gap-1 text-xs text-muted-foreground" title="Made from a chat message">
              <MessageSquare className="size-3" />
              Chat
            </span>
          )}
        </div>
      </button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon-xs" aria-label={`Actions for ${task.title}`}>
            <MoreHorizontal />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-44">
          <DropdownMenuRadioGroup value={task.status} onValueChange={(s) => onStatus(task, s as TaskStatus)}>
            {STATUS_ORDER.map((s) => (
              // A done task's status menu is disabled; it reopens by drag or the edit form.
              <DropdownMenuRadioItem key={s} value={s} disabled={done}>
                {STATUS_LABEL[s]}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => onEdit(task)}>
            <Pencil />
            Edit
          </DropdownMenuItem>
          <DropdownMenuItem variant="destructive" onSelect={() => onDelete(task)}>
            <Trash2 />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
