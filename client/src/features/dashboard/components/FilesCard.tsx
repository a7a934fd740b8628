import { FolderOpen } from "lucide-react";
import { formatFileSize, formatShortWhen } from "../../../lib/format";
import { useDashboardFiles } from "../api";
import { recentFiles } from "../windows";
import { CardRow } from "./CardRow";
import { DashboardCard } from "./DashboardCard";

/** Files from the last 15 days; each opens its URL in a new tab. */
export function FilesCard({ now }: { now: Date }) {
  const q = useDashboardFiles();
  const rows = recentFiles(q.data ?? [], now);
  return (
    <DashboardCard title="Your Files" icon={FolderOpen} to="/FileLibrary" loading={q.isPending} error={q.isError} empty={rows.length === 0} emptyText="No files in the last 15 days.">
      {rows.map((f) => (
        <CardRow key={f.id} title={f.name} meta={[f.category, formatFileSize(f.file_size)].filter(Boolean).join(" · ")} aside={formatShortWhen(f.created_date)} href={f.file_url ?? undefined} />
      ))}
    </DashboardCard>
  );
}
