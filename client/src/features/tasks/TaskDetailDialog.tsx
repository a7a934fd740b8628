import { Link } from "react-router-dom";
import { MessageSquare } from "lucide-react";
import type { Task } from "@shared/entities";
import { useUsers } from "../users/api";
import { Button } from "../../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../ui/dialog";
import { formatDue } from "./dates";
import { PriorityBadge, StatusBadge } from "./TaskBadges";

interface Props {
  task: Task | null;
  onClose: () => void;
  onEdit: (task: Task) => void;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
      <div className="text-sm break-words whitespace-pre-wrap">{children}</div>
    </div>
  );
}

export function TaskDetailDialog({ task, onClose, onEdit }: Props) {
  const users = useUsers(!!task);
  const nameOf = (email: string) => users.data?.find((u) => u.email.toLowerCase() === email.toLowerCase())?.full_name ?? email;
  const assignees = task ? (task.assignee_emails.length ? task.assignee_emails : task.assignee_email ? [task.assignee_email] : []) : [];
  return (
    <Dialog open={!!task} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-lg">
        {task && (
          <>
            <DialogHeader>
              <DialogTitle className="pr-6 break-words">{task.title}</DialogTitle>
              <DialogDescription className="flex flex-wrap gap-1.5 pt-1">
                <StatusBadge status={task.status} />
                <PriorityBadge priority={task.priority} />
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-4">
              {task.description && <Field label="Description">{task.description}</Field>}
              {task.outcome && <Field label="Outcome">{task.outcome}</Field>}
              <div className="grid grid-cols-2 gap-4">
                <Field label="Due date">{formatDue(task.due_date)}</Field>
                <Field label="Assigned to">{assignees.map(nameOf).join(", ") || "Not set"}</Field>
              </div>
              {task.source_message_id != null && task.source_channel_id != null && (
                <Link
                  to={`/Chat?channel=${task.source_channel_id}&message=${task.source_message_id}`}
                  className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
                >
                  <MessageSquare className="size-4" />
                  View the chat message
                </Link>
              )}
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
              <Button onClick={() => onEdit(task)}>Edit Task</Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
