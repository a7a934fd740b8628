import { Hash, Lock } from "lucide-react";
import { Link } from "react-router-dom";
import { useChannels } from "../../chat/api";
import { formatShortWhen } from "../../../lib/format";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../ui/card";
import { Skeleton } from "../../../ui/skeleton";

/** The channels with the latest conversations, each a link into Chat. */
export function RecentActivityCard() {
  const channels = useChannels();
  const recent = (channels.data ?? []).filter((c) => c.type !== "dm").slice(0, 5);
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Recent Activity</CardTitle>
        <CardDescription>Channels with the latest conversations</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-1">
        {channels.isPending && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="h-9 w-full" />)}
        {!channels.isPending && recent.length === 0 && (
          <p className="py-4 text-sm text-muted-foreground">
            {channels.isError ? "Couldn't load recent activity." : "No recent activity yet."}
          </p>
        )}
        {recent.map((c) => (
          <Link
            key={c.id}
            to={`/Chat?channel=${c.id}`}
            className="flex items-center gap-3 rounded-md px-2 py-2 text-sm transition-colors hover:bg-accent"
          >
            <span className="flex size-7 items-center justify-center rounded-md bg-muted text-muted-foreground">
              {c.type === "private" ? <Lock className="size-3.5" /> : <Hash className="size-3.5" />}
            </span>
            <span className="min-w-0 truncate font-medium sm:max-w-[40%] sm:shrink-0">{c.name}</span>
            <span className="hidden min-w-0 flex-1 truncate text-muted-foreground sm:block">{c.description}</span>
            <span className="ml-auto shrink-0 text-xs text-muted-foreground">{formatShortWhen(c.last_activity)}</span>
          </Link>
        ))}
      </CardContent>
    </Card>
  );
}
