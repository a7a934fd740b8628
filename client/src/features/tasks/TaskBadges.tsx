import type { Priority, TaskStatus } from "@shared/entities";
import { Badge } from "../../ui/badge";
import { cn } from "../../lib/utils";
import { STATUS_LABEL } from "./ordering";

const PRIORITY_CLASS: Record<Priority, string> = {
  high: "border-transparent bg-red-500/12 text-red-700 dark:text-red-300",
  medium: "border-transparent bg-amber-500/15 text-amber-800 dark:text-amber-300",
  low: "border-transparent bg-slate-500/12 text-slate-700 dark:text-slate-300",
};

const STATUS_CLASS: Record<TaskStatus, string> = {
  in_progress: "border-transparent bg-blue-500/12 text-blue-700 dark:text-blue-300",
  todo: "border-transparent bg-muted text-muted-foreground",
  done: "border-transparent bg-emerald-500/15 text-emerald-700 dark:text-emerald-300",
};

export function PriorityBadge({ priority, className }: { priority: Priority; className?: string }) {
  return <Badge className={cn("capitalize", PRIORITY_CLASS[priority], className)}>{priority}</Badge>;
}

export function StatusBadge({ status, className }: { status: TaskStatus; className?: string }) {
  return <Badge className={cn(STATUS_CLASS[status], className)}>{STATUS_LABEL[status]}</Badge>;
}
