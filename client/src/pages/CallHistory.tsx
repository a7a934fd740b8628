import { PhoneCall, RefreshCw } from "lucide-react";
import { CallCard } from "../components/callhistory/CallCard";
import { useCallHistory } from "../components/callhistory/useCallHistory";
import { Button } from "../components/ui/button";
import { Skeleton } from "../components/ui/skeleton";
import { cn } from "../lib/utils";
import { useSessionStore } from "../stores/session";

export default function CallHistoryPage() {
  const me = useSessionStore((s) => s.user);
  const history = useCallHistory();

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 md:px-8 md:py-10">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Call History</h1>
          <p className="mt-1 text-sm text-muted-foreground">Your recent audio and video calls.</p>
        </div>
        <Button variant="outline" onClick={() => void history.refetch()} disabled={history.isFetching}>
          <RefreshCw className={cn(history.isFetching && "animate-spin")} />
          Refresh
        </Button>
      </div>

      {history.isPending && (
        <div className="grid gap-3" aria-label="Loading call history" role="status">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-28 rounded-xl" />
          ))}
        </div>
      )}

      {history.isError && (
        <div role="alert" className="flex flex-col items-center gap-2 rounded-xl border border-destructive/30 bg-destructive/5 px-6 py-12 text-center">
          <p className="font-medium text-destructive">Cannot display call history</p>
          <p className="text-sm text-muted-foreground">Failed to load call history</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void history.refetch()}>
            Try again
          </Button>
        </div>
      )}

      {history.isSuccess && history.data.length === 0 && (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
          <div className="flex size-12 items-center justify-center rounded-xl border bg-background shadow-xs">
            <PhoneCall className="size-5 text-muted-foreground" />
          </div>
          <p className="font-medium">No call history</p>
          <p className="max-w-sm text-sm text-muted-foreground">Calls you make or receive will show up here.</p>
        </div>
      )}

      {history.isSuccess && history.data.length > 0 && (
        <div className="grid gap-3">
          {history.data.map((call) => (
            <CallCard key={call.id} call={call} myId={me?.id} />
          ))}
        </div>
      )}
    </div>
  );
}
