import { Link } from "react-router-dom";
import { ListTodo } from "lucide-react";
import type { Task } from "@shared/entities";
import { cn } from "../../../lib/utils";

const STATUS_TEXT: Record<Task["status"], string> = { todo: "To Do", in_progress: "In Progress", done: "Done" };

/** The task made from a message, shown under it; it opens My Tasks. */
export function MessageTaskChip({ task }: { task: Task }) {
  return (
    <Link
      to="/Tasks"
      data-message-task={task.id}
      className="mt-1 inline-flex max-w-full items-center gap-1.5 rounded-md border bg-background px-2 py-0.5 text-xs text-muted-foreground hover:bg-muted hover:text-foreground"
    >
      <ListTodo className="size-3.5 shrink-0 text-primary" />
      <span className={cn("truncate font-medium text-foreground", task.status === "done" && "line-through")}>{task.title}</span>
      <span className="shrink-0">· {STATUS_TEXT[task.status]}</span>
    </Link>
  );
}
