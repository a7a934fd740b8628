import { Hash, Lock, MessagesSquare } from "lucide-react";
import { Link } from "react-router-dom";
import { useChannels } from "../../chat/api";
import { formatShortWhen } from "../../../lib/format";
import { recentChannels } from "../windows";
import { DashboardCard } from "./DashboardCard";

/** Channels active in the last 15 days, each a link into Chat. */
export function RecentActivityCard({ now }: { now: Date }) {
  const channels = useChannels();
  const recent = recentChannels(channels.data ?? [], now);
  return (
    <DashboardCard title="Recent Activity" icon={MessagesSquare} to="/Chat" loading={channels.isPending} error={channels.isError} empty={recent.length === 0} emptyText="No channel activity in the last 15 days.">
      {recent.map((c) => (
        <Link key={c.id} to={`/Chat?channel=${c.id}`} className="flex items-center gap-3 rounded-md px-2 py-1.5 text-sm transition-colors hover:bg-accent">
          <span className="flex size-6 items-center justify-center rounded-md bg-muted text-muted-foreground">
            {c.type === "private" ? <Lock className="size-3" /> : <Hash className="size-3" />}
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{c.name}</span>
            {c.description && <span className="block truncate text-xs text-muted-foreground">{c.description}</span>}
          </span>
          <span className="shrink-0 text-xs text-muted-foreground">{formatShortWhen(c.last_activity)}</span>
        </Link>
      ))}
    </DashboardCard>
  );
}
