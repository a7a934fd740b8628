import { useState } from "react";
import { CheckCircle2, Columns3, List, Plus } from "lucide-react";
import type { Task } from "@shared/entities";
import { useSessionStore } from "../auth/store";
import { PageLayout } from "../../ui/PageLayout";
import { Button } from "../../ui/button";
import { Skeleton } from "../../ui/skeleton";
import { SegmentedToggle, type SegmentedOption } from "../../ui/SegmentedToggle";
import { useMyTasks } from "./api";
import { useTaskActions } from "./useTaskActions";
import { TaskColumns } from "./components/TaskColumns";
import { TaskDetailDialog } from "./TaskDetailDialog";
import { TaskFormDialog } from "./components/TaskFormDialog";
import { ConfirmDialog } from "../../ui/ConfirmDialog";

type Layout = "list" | "board";
const LAYOUT_KEY = "tasks_layout";

const LAYOUTS: SegmentedOption<Layout>[] = [
  { value: "list", label: "List", icon: List },
  { value: "board", label: "Board", icon: Columns3 },
];

export default function TasksPage() {
  const me = useSessionStore((s) => s.user);
  const tasks = useMyTasks(me?.email);
  const actions = useTaskActions();
  const [layout, setLayoutState] = useState<Layout>(() => (localStorage.getItem(LAYOUT_KEY) === "board" ? "board" : "list"));
  const [open, setOpen] = useState<Task | null>(null);
  const [form, setForm] = useState<{ task: Task | null } | null>(null);
  const [deleting, setDeleting] = useState<Task | null>(null);
  const setLayout = (l: Layout) => {
    localStorage.setItem(LAYOUT_KEY, l);
    setLayoutState(l);
  };
  const rows = tasks.data ?? [];

  return (
    <PageLayout
      title="My Tasks"
      description="Tasks assigned to you, ordered by status."
      width={layout === "board" ? "6xl" : "4xl"}
      actions={
        <Button onClick={() => setForm({ task: null })}>
          <Plus />
          Add New Task
        </Button>
      }
    >
      {rows.length > 0 && (
        <div className="-mt-2 flex items-center justify-between gap-3">
          <p className="text-xs text-muted-foreground">Drag a task by its handle, or focus the handle and use Space and the arrow keys.</p>
          <SegmentedToggle label="View" value={layout} options={LAYOUTS} onChange={setLayout} />
        </div>
      )}
      {tasks.isPending ? (
        <div className="grid gap-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 rounded-xl" />
          ))}
        </div>
      ) : tasks.isError ? (
        <p className="text-sm text-destructive">Couldn't load your tasks.</p>
      ) : rows.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed px-6 py-16 text-center">
          <div className="flex size-12 items-center justify-center rounded-xl bg-emerald-500/10 text-emerald-600">
            <CheckCircle2 className="size-6" />
          </div>
          <div>
            <h2 className="text-lg font-semibold">You're all caught up!</h2>
            <p className="mt-1 text-sm text-muted-foreground">You have no tasks assigned to you.</p>
          </div>
          <Button onClick={() => setForm({ task: null })}>
            <Plus />
            Create a Task
          </Button>
        </div>
      ) : (
        <TaskColumns
          tasks={rows}
          layout={layout}
          onOpen={setOpen}
          onEdit={(t) => setForm({ task: t })}
          onDelete={setDeleting}
          onStatus={actions.setStatus}
          onMove={actions.move}
        />
      )}
      <TaskDetailDialog
        task={open ? (rows.find((t) => t.id === open.id) ?? open) : null}
        onClose={() => setOpen(null)}
        onEdit={(t) => {
          setOpen(null);
          setForm({ task: t });
        }}
      />
      <TaskFormDialog open={!!form} task={form?.task ?? null} onClose={() => setForm(null)} />
      <ConfirmDialog
        open={!!deleting}
        title="Delete task"
        description="Are you sure you want to delete this task?"
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) actions.remove(deleting);
          setDeleting(null);
        }}
      />
    </PageLayout>
  );
}
