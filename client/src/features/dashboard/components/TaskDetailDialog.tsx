import { format, parseISO } from "date-fns";
import { useNavigate } from "react-router-dom";
import type { Task } from "@shared/entities";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../ui/dialog";

const STATUS_LABEL: Record<Task["status"], string> = { todo: "To Do", in_progress: "In Progress", done: "Done" };

function dueText(due: string | null): string {
  if (!due) return "Not set";
  const d = parseISO(due);
  return Number.isNaN(d.getTime()) ? "Not set" : format(d, "MMM d, yyyy");
}

/** Spec (My Tasks): title, status and priority badges, description, outcome, due date, assigned to; Close and Edit Task. */
export function TaskDetailDialog({ task, onClose }: { task: Task | null; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog open={!!task} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-lg">
        {task && (
          <>
            <DialogHeader>
              <DialogTitle className="pr-6 break-words">{task.title}</DialogTitle>
              <DialogDescription className="flex flex-wrap gap-1.5 pt-1">
                <Badge variant="secondary">{STATUS_LABEL[task.status]}</Badge>
                <Badge variant="outline" className="capitalize">
                  {task.priority}
                </Badge>
              </DialogDescription>
            </DialogHeader>
            <dl className="grid gap-3 text-sm">
              <div>
                <dt className="font-medium">Description</dt>
                <dd className="whitespace-pre-line text-muted-foreground break-words">{task.description || "—"}</dd>
              </div>
              {task.outcome && (
                <div>
                  <dt className="font-medium">Outcome</dt>
                  <dd className="whitespace-pre-line text-muted-foreground break-words">{task.outcome}</dd>
                </div>
              )}
              <div>
                <dt className="font-medium">Due Date</dt>
                <dd className="text-muted-foreground">{dueText(task.due_date)}</dd>
              </div>
              <div>
                <dt className="font-medium">Assigned To</dt>
                <dd className="text-muted-foreground break-words">{(task.assignee_emails.length ? task.assignee_emails : [task.assignee_email ?? ""]).join(", ")}</dd>
              </div>
            </dl>
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
              <Button onClick={() => navigate("/Tasks")}>Edit Task</Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
