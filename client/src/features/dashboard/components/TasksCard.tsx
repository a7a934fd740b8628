import { useNavigate } from "react-router-dom";
import { useState } from "react";
import { ListChecks } from "lucide-react";
import { format, parseISO } from "date-fns";
import type { Task } from "@shared/entities";
import { useSessionStore } from "../../auth/store";
import { useDashboardTasks } from "../api";
import { dueTasks } from "../windows";
import { CardRow } from "./CardRow";
import { DashboardCard } from "./DashboardCard";
import { TaskDetailDialog } from "../../tasks/TaskDetailDialog";

export function TasksCard({ now }: { now: Date }) {
  const email = useSessionStore((s) => s.user?.email ?? "");
  const q = useDashboardTasks();
  const [open, setOpen] = useState<Task | null>(null);
  const navigate = useNavigate();
  const rows = dueTasks(q.data ?? [], email, now);
  return (
    <DashboardCard title="Your Tasks" icon={ListChecks} to="/Tasks" loading={q.isPending} error={q.isError} empty={rows.length === 0} emptyText="No tasks due in the next 30 days.">
      {rows.map((t) => (
        <CardRow key={t.id} title={t.title} meta={t.status === "in_progress" ? "In progress" : "To do"} aside={`Due ${format(parseISO(t.due_date!), "MMM d")}`} onClick={() => setOpen(t)} />
      ))}
      <TaskDetailDialog task={open} onClose={() => setOpen(null)} onEdit={() => navigate("/Tasks")} />
    </DashboardCard>
  );
}
