import { useState } from "react";
import { NotebookPen } from "lucide-react";
import { formatShortWhen } from "../../../lib/format";
import { NoteDetailDialog } from "../../notes/NoteDetailDialog";
import { useDashboardNotes } from "../api";
import { recentNotes } from "../windows";
import { CardRow } from "./CardRow";
import { DashboardCard } from "./DashboardCard";

export function NotesCard({ now }: { now: Date }) {
  const q = useDashboardNotes();
  const [openId, setOpenId] = useState<number | null>(null);
  const rows = recentNotes(q.data ?? [], now);
  const open = (q.data ?? []).find((n) => n.id === openId) ?? null;
  return (
    <DashboardCard title="Your Notes" icon={NotebookPen} to="/Notes" loading={q.isPending} error={q.isError} empty={rows.length === 0} emptyText="No notes in the last 15 days.">
      {rows.map((n) => (
        <CardRow key={n.id} title={n.topic} meta={n.content} aside={formatShortWhen(n.updated_date)} onClick={() => setOpenId(n.id)} />
      ))}
      <NoteDetailDialog note={open} onClose={() => setOpenId(null)} />
    </DashboardCard>
  );
}
