import { useEffect, useState, type FormEvent } from "react";
import type { Priority, Task, TaskStatus } from "@shared/entities";
import { useUsers } from "../../users/api";
import { useSessionStore } from "../../auth/store";
import { AssigneePicker } from "../../../ui/AssigneePicker";
import { FormDialog } from "../../../ui/FormDialog";
import { FormField } from "../../../ui/FormField";
import { Input } from "../../../ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../ui/select";
import { Textarea } from "../../../ui/textarea";
import { useSaveDialog } from "../../../ui/useSaveDialog";
import { createTask, invalidateTasks, updateTask } from "../api";
import { STATUS_LABEL, STATUS_ORDER } from "../ordering";
import { dueDateForSave } from "../dates";

interface Props {
  open: boolean;
  /** The task being edited; null creates a new one. */
  task: Task | null;
  onClose: () => void;
}

const PRIORITIES: Priority[] = ["low", "medium", "high"];

export function TaskFormDialog({ open, task, onClose }: Props) {
  const me = useSessionStore((s) => s.user);
  const users = useUsers(open);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [status, setStatus] = useState<TaskStatus>("todo");
  const [priority, setPriority] = useState<Priority>("medium");
  const [due, setDue] = useState("");
  const [outcome, setOutcome] = useState("");
  const [assignees, setAssignees] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const { saving, run } = useSaveDialog(onClose);

  useEffect(() => {
    if (!open) return;
    setTitle(task?.title ?? "");
    setDescription(task?.description ?? "");
    setStatus(task?.status ?? "todo");
    setPriority(task?.priority ?? "medium");
    setDue(task?.due_date ?? "");
    setOutcome(task?.outcome ?? "");
    setAssignees(task ? (task.assignee_emails.length ? task.assignee_emails : task.assignee_email ? [task.assignee_email] : []) : me ? [me.email] : []);
    setError(null);
  }, [open, task, me]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const emails = assignees.map((a) => a.trim()).filter(Boolean);
    if (!title.trim()) return setError("Title is required.");
    if (emails.length === 0) return setError("At least one assignee is required.");
    setError(null);
    const body: Partial<Task> = {
      title: title.trim(),
      description: description.trim() || null,
      status,
      priority,
      due_date: dueDateForSave(due),
      outcome: outcome.trim() || null,
      assignee_emails: emails,
      assignee_email: emails[0],
    };
    await run({
      save: () => (task ? updateTask(task.id, body) : createTask(body)),
      after: invalidateTasks,
      empty: task ? "Task update failed. Check console for details." : "Task creation failed. Check console for details.",
      failure: "An error occurred while saving the task. Please try again.",
      log: "Error: Could not save task.",
    });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      className="max-h-[92dvh] overflow-y-auto"
      title={task ? "Edit Task" : "Create New Task"}
      description={task ? "Change the task's details." : "Give it a title and pick who works on it."}
      formId="task-form"
      onSubmit={submit}
      noValidate
      error={error}
      submitLabel={task ? "Save Changes" : "Create Task"}
      pending={saving}
      submitDisabled={saving}
    >
      <FormField id="task-title" label="Title">
        <Input id="task-title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={500} autoFocus />
      </FormField>
      <FormField id="task-description" label="Description">
        <Textarea id="task-description" value={description} onChange={(e) => setDescription(e.target.value)} rows={3} />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Status">
          <Select value={status} onValueChange={(v) => setStatus(v as TaskStatus)}>
            <SelectTrigger aria-label="Status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {STATUS_ORDER.map((s) => (
                <SelectItem key={s} value={s}>
                  {STATUS_LABEL[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField label="Priority">
          <Select value={priority} onValueChange={(v) => setPriority(v as Priority)}>
            <SelectTrigger aria-label="Priority">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PRIORITIES.map((p) => (
                <SelectItem key={p} value={p} className="capitalize">
                  {p[0].toUpperCase() + p.slice(1)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
      </div>
      <FormField id="task-due" label="Due Date">
        <Input id="task-due" type="date" value={due} onChange={(e) => setDue(e.target.value)} />
      </FormField>
      <FormField label="Assign to">
        <AssigneePicker users={users.data} loading={users.isPending} selected={assignees} onChange={setAssignees} />
      </FormField>
      <FormField id="task-outcome" label="Outcome">
        <Textarea id="task-outcome" value={outcome} onChange={(e) => setOutcome(e.target.value)} rows={2} />
      </FormField>
    </FormDialog>
  );
}
