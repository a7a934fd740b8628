import { useMemo, useState } from "react";
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCorners,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragOverEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { SortableContext, arrayMove, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import type { Task, TaskStatus } from "@shared/entities";
import { cn } from "../../../lib/utils";
import { groupByStatus, STATUS_LABEL, STATUS_ORDER } from "../ordering";
import { TaskCard } from "./TaskCard";

type Columns = Record<TaskStatus, Task[]>;
const colId = (s: TaskStatus) => `column:${s}`;
const statusOfColumnId = (id: UniqueIdentifier) => STATUS_ORDER.find((s) => colId(s) === id);

interface Props {
  tasks: Task[];
  layout: "list" | "board";
  onOpen: (task: Task) => void;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
  onStatus: (task: Task, status: TaskStatus) => void;
  /** A drop: the task now sits at `index` of `status`'s column (given without it). */
  onMove: (task: Task, status: TaskStatus, column: Task[], index: number) => void;
}

function Column({ status, tasks, layout, children }: { status: TaskStatus; tasks: Task[]; layout: Props["layout"]; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: colId(status) });
  return (
    <section aria-label={STATUS_LABEL[status]} data-status-column={status} className={cn("flex min-w-0 flex-col gap-2", layout === "board" && "rounded-2xl bg-muted/50 p-3")}>
      <h2 className="flex items-center gap-2 px-1 text-sm font-semibold">
        {STATUS_LABEL[status]}
        <span className="rounded-full bg-muted px-1.5 text-xs font-medium text-muted-foreground tabular-nums">{tasks.length}</span>
      </h2>
      <SortableContext id={colId(status)} items={tasks.map((t) => t.id)} strategy={verticalListSortingStrategy}>
        <div
          ref={setNodeRef}
          className={cn(
            "flex flex-col gap-2 rounded-xl transition-colors",
            layout === "board" ? "min-h-24" : "min-h-10",
            isOver && "bg-primary/5 ring-1 ring-primary/30",
            tasks.length === 0 && "border border-dashed",
          )}
        >
          {children}
        </div>
      </SortableContext>
    </section>
  );
}

/** Tasks by status, in the documented order, as a list or a kanban board; drag to reorder or move between statuses. */
export function TaskColumns({ tasks, layout, onMove, ...cardProps }: Props) {
  const groups = useMemo(() => groupByStatus(tasks), [tasks]);
  // While dragging, the columns as the pointer rearranges them; the cache stays as it was until the drop.
  const [dragging, setDragging] = useState<Columns | null>(null);
  const columns = dragging ?? groups;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const columnOf = (id: UniqueIdentifier, cols: Columns) =>
    statusOfColumnId(id) ?? STATUS_ORDER.find((s) => cols[s].some((t) => t.id === id));

  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    setDragging((cols) => {
      const current = cols ?? groups;
      const from = columnOf(active.id, current);
      const to = columnOf(over.id, current);
      if (!from || !to || from === to) return current;
      const task = current[from].find((t) => t.id === active.id)!;
      const target = current[to].filter((t) => t.id !== task.id);
      const overIndex = target.findIndex((t) => t.id === over.id);
      const index = overIndex < 0 ? target.length : overIndex;
      target.splice(index, 0, { ...task, status: to });
      return { ...current, [from]: current[from].filter((t) => t.id !== task.id), [to]: target };
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const cols = dragging ?? groups;
    setDragging(null);
    const status = columnOf(active.id, cols);
    if (!over || !status) return;
    let column = cols[status];
    const oldIndex = column.findIndex((t) => t.id === active.id);
    const overIndex = column.findIndex((t) => t.id === over.id);
    if (overIndex >= 0 && overIndex !== oldIndex) column = arrayMove(column, oldIndex, overIndex);
    const index = column.findIndex((t) => t.id === active.id);
    const original = tasks.find((t) => t.id === active.id);
    if (!original) return;
    const before = groups[original.status].findIndex((t) => t.id === original.id);
    if (original.status === status && before === index) return;
    onMove(original, status, column.filter((t) => t.id !== original.id), index);
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCorners} onDragStart={() => setDragging(groups)} onDragOver={onDragOver} onDragEnd={onDragEnd} onDragCancel={() => setDragging(null)}>
      <div className={cn(layout === "board" ? "grid items-start gap-4 md:grid-cols-3" : "flex flex-col gap-6")}>
        {STATUS_ORDER.map((s) => (
          <Column key={s} status={s} tasks={columns[s]} layout={layout}>
            {columns[s].map((t) => (
              <TaskCard key={t.id} task={t} {...cardProps} />
            ))}
          </Column>
        ))}
      </div>
    </DndContext>
  );
}
