import { mentionsAsText } from "@shared/mentions";
import { useEffect, useState } from "react";
import { ArrowRightLeft, ListTodo } from "lucide-react";
import { createTask, invalidateTasks, updateTask, useTaskForMessage } from "../../tasks/api";
import { useUsers } from "../../users/api";
import type { Channel, ChatMessage, Priority, Task } from "@shared/entities";
import { useSaveDialog } from "../../../ui/useSaveDialog";
import { Badge } from "../../../ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../ui/dialog";
import { DialogActions } from "../../../ui/DialogActions";
import { FormField } from "../../../ui/FormField";
import { Input } from "../../../ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../ui/select";
import { Spinner } from "../../../ui/spinner";
import { Textarea } from "../../../ui/textarea";
import { AssigneePicker } from "../../../ui/AssigneePicker";

interface Props {
  message: ChatMessage | null;
  channel: Channel;
  onClose: () => void;
}

const STATUS_LABEL: Record<Task["status"], string> = { todo: "To do", in_progress: "In progress", done: "Done" };

function assigneesOf(task: Task): string[] {
  if (task.assignee_emails?.length) return task.assignee_emails;
  return task.assignee_email ? [task.assignee_email] : [];
}

/** One task per message: when one exists already the dialog reassigns it instead of creating another. */
export function TaskFromMessageDialog({ message, channel, onClose }: Props) {
  const existing = useTaskForMessage(message?.id ?? null);
  const users = useUsers(!!message);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [priority, setPriority] = useState<Priority>("medium");
  const [assignees, setAssignees] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const { saving, run } = useSaveDialog(onClose);
  const task = existing.data ?? null;
  const reassign = !!task;

  // Prefill once per opened message, and again when an existing task turns up.
  useEffect(() => {
    if (!message) return;
    const text = mentionsAsText(message.content);
    const firstLine = text.split("\n")[0].trim();
    setTitle(task?.title ?? (firstLine.length > 80 ? `${firstLine.slice(0, 77)}…` : firstLine));
    setDescription(task?.description ?? `${text}\n\nFrom #${channel.name}, posted by ${message.sender_name}.`);
    setPriority(task?.priority ?? "medium");
    setAssignees(task ? assigneesOf(task) : []);
    setError(null);
  }, [message, task, channel.name]);

  const submit = async () => {
    if (!message) return;
    if (assignees.length === 0) return setError("Please select at least one user to assign the task to.");
    if (!title.trim()) return setError("Task title cannot be empty.");
    setError(null);
    await run({
      save: () =>
        task
          ? updateTask(task.id, { assignee_emails: assignees, assignee_email: assignees[0] })
          : createTask({
              title: title.trim(),
              description: description.trim(),
              priority,
              status: "todo",
              assignee_emails: assignees,
              assignee_email: assignees[0],
              source_message_id: message.id,
              source_channel_id: channel.id,
            }),
      after: invalidateTasks,
      success: task ? `Task reassigned to ${assignees.length} user(s)` : `Task created and assigned to ${assignees.length} user(s)`,
      failure: "An error occurred while saving the task. Please try again.",
      log: "Failed to save task",
    });
  };

  return (
    <Dialog open={!!message} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <div className="mb-1 flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
            {reassign ? <ArrowRightLeft className="size-5" /> : <ListTodo className="size-5" />}
          </div>
          <DialogTitle>{reassign ? "Reassign Task" : "Create Task from Message"}</DialogTitle>
          <DialogDescription>
            {reassign
              ? "A task already exists for this message. Choose who it is assigned to; its status stays as it is."
              : "Turn this message into a task and assign it to your team."}
          </DialogDescription>
        </DialogHeader>

        {existing.isPending ? (
          <div className="flex h-40 items-center justify-center">
            <Spinner className="size-5" />
          </div>
        ) : (
          <form
            id="task-from-message"
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <FormField id="task-title" label="Title">
              <Input id="task-title" value={title} onChange={(e) => setTitle(e.target.value)} disabled={reassign} />
            </FormField>
            {reassign ? (
              <div className="flex items-center gap-2 text-sm text-muted-foreground">
                Status <Badge variant="secondary">{STATUS_LABEL[task.status] ?? task.status}</Badge>
              </div>
            ) : (
              <>
                <FormField id="task-description" label="Description">
                  <Textarea id="task-description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
                </FormField>
                <FormField id="task-priority" label="Priority">
                  <Select value={priority} onValueChange={(v) => setPriority(v as Priority)}>
                    <SelectTrigger id="task-priority" className="w-40">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="low">Low</SelectItem>
                      <SelectItem value="medium">Medium</SelectItem>
                      <SelectItem value="high">High</SelectItem>
                    </SelectContent>
                  </Select>
                </FormField>
              </>
            )}
            <FormField
              label={
                <>
                  Assign to
                  {assignees.length > 0 && <span className="font-normal text-muted-foreground">({assignees.length} selected)</span>}
                </>
              }
            >
              <AssigneePicker users={users.data} loading={users.isPending} selected={assignees} onChange={setAssignees} />
            </FormField>
            {error && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </form>
        )}

        <DialogActions
          onCancel={onClose}
          confirmLabel={reassign ? "Reassign Task" : "Create Task"}
          form="task-from-message"
          disabled={saving || existing.isPending}
          pending={saving}
        />
      </DialogContent>
    </Dialog>
  );
}
