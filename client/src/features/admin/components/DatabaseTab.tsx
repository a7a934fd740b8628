import { Download } from "lucide-react";
import { useDatabaseInfo } from "../api";
import { formatFileSize } from "../../../lib/format";
import { Button } from "../../../ui/button";
import { PageSpinner } from "../../../ui/PageSpinner";
import { FeedConsumersCard } from "./FeedConsumersCard";

/** Size, row counts, migration version and a backup: the same archive as `npm run backup` (database, files, secrets). */
export function DatabaseTab() {
  const { data, isLoading, error } = useDatabaseInfo();
  if (isLoading) return <PageSpinner />;
  if (error || !data) return <p className="text-sm text-destructive">{error?.message}</p>;
  const facts = [
    ["Database size", formatFileSize(data.size_bytes)],
    ["Migration version", data.migration_version ?? "none"],
    ["Migrations applied", String(data.migrations_applied)],
  ];
  return (
    <div className="grid gap-6">
      <section className="flex flex-wrap items-end gap-6 rounded-xl border bg-card p-5">
        {facts.map(([k, v]) => (
          <div key={k}>
            <div className="text-xs text-muted-foreground">{k}</div>
            <div className="font-mono text-sm font-medium break-all" data-testid={k}>
              {v}
            </div>
          </div>
        ))}
        <Button asChild className="ml-auto">
          {/* A plain link: the download streams straight to disk; the sign-in cookie authorises it. */}
          <a href="/api/admin/database/backup" download>
            <Download /> Download backup
          </a>
        </Button>
      </section>
      <section className="overflow-x-auto rounded-xl border bg-card">
        <table className="w-full text-sm">
          <thead className="border-b bg-muted/40 text-left text-xs text-muted-foreground uppercase">
            <tr>
              <th className="px-5 py-2 font-medium">Table</th>
              <th className="px-5 py-2 text-right font-medium">Rows</th>
            </tr>
          </thead>
          <tbody>
            {data.tables.map((t) => (
              <tr key={t.table} className="border-b last:border-b-0">
                <td className="px-5 py-2 font-mono text-xs">{t.table}</td>
                <td className="px-5 py-2 text-right tabular-nums">{t.rows.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <FeedConsumersCard />
    </div>
  );
}
