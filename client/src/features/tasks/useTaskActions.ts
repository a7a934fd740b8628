import type { Task, TaskStatus } from "@shared/entities";
import { toast } from "../../ui/notifications";
import { deleteTask, invalidateTasks, patchCachedTask, updateTask } from "./api";
import { positionAt, spreadIfTied } from "./ordering";

function failed(err: unknown) {
  console.error("Task update failed", err);
  toast({ title: "Task update failed. Check console for details.", variant: "destructive" });
  invalidateTasks();
}

/** Status changes, drops and deletes: shown at once, then saved; a refusal puts the lists back. */
export function useTaskActions() {
  const setStatus = (task: Task, status: TaskStatus) => {
    if (task.status === status) return;
    patchCachedTask(task.id, { status });
    updateTask(task.id, { status }).catch(failed);
  };

  const move = (task: Task, status: TaskStatus, column: Task[], index: number) => {
    // Tied neighbours (every task starts at 0) get spread first so a midpoint can separate them.
    const spread = spreadIfTied(column);
    const spaced = spread.length ? column.map((t, i) => ({ ...t, position: spread[i].position })) : column;
    const position = positionAt(spaced, index);
    for (const s of spread) patchCachedTask(s.id, { position: s.position });
    patchCachedTask(task.id, { status, position });
    void Promise.all([...spread.map((s) => updateTask(s.id, { position: s.position })), updateTask(task.id, { status, position })]).catch(failed);
  };

  const remove = (task: Task) => {
    deleteTask(task.id)
      .then(invalidateTasks)
      .catch((err) => {
        console.error("Failed to delete task", err);
        toast({ title: "An error occurred while deleting the task. Please try again.", variant: "destructive" });
      });
  };

  return { setStatus, move, remove };
}
