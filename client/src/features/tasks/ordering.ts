import type { Task, TaskStatus } from "@shared/entities";

/** The documented order on My Tasks: in progress first, then to do, then done. */
export const STATUS_ORDER: readonly TaskStatus[] = ["in_progress", "todo", "done"];

export const STATUS_LABEL: Record<TaskStatus, string> = { todo: "To Do", in_progress: "In Progress", done: "Done" };

/** Within a status: by board position, then newest first (position 0 is every task never moved). */
export function compareInStatus(a: Task, b: Task): number {
  if (a.position !== b.position) return a.position - b.position;
  return b.created_date.localeCompare(a.created_date) || b.id - a.id;
}

export function groupByStatus(tasks: readonly Task[]): Record<TaskStatus, Task[]> {
  const groups: Record<TaskStatus, Task[]> = { in_progress: [], todo: [], done: [] };
  for (const t of tasks) groups[t.status]?.push(t);
  for (const s of STATUS_ORDER) groups[s].sort(compareInStatus);
  return groups;
}

/**
 * The position for a task dropped at `index` of `column` (the column without the task itself):
 * the midpoint of its new neighbours, one step before the first or after the last, so no other
 * row has to be rewritten.
 */
export function positionAt(column: readonly Task[], index: number): number {
  const before = column[index - 1];
  const after = column[index];
  if (before && after) {
    if (before.position === after.position) return before.position;
    return (before.position + after.position) / 2;
  }
  if (after) return after.position - 1;
  if (before) return before.position + 1;
  return 0;
}

/**
 * Where neighbours share a position (every task starts at 0) a midpoint cannot separate them:
 * the moves that give the column distinct, spaced positions in its current order first.
 */
export function spreadIfTied(column: readonly Task[]): { id: number; position: number }[] {
  const tied = column.some((t, i) => i > 0 && column[i - 1].position >= t.position);
  return tied ? column.map((t, i) => ({ id: t.id, position: (i + 1) * 1024 })) : [];
}
