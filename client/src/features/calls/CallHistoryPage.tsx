import { PhoneCall, RefreshCw } from "lucide-react";
import { CallCard } from "./components/CallCard";
import { useCallHistory } from "./api";
import { Button } from "../../ui/button";
import { PageLayout } from "../../ui/PageLayout";
import { Skeleton } from "../../ui/skeleton";
import { cn } from "../../lib/utils";
import { useSessionStore } from "../auth/store";
import { useMessagePerson } from "../chat/useMessagePerson";

export default function CallHistoryPage() {
  const me = useSessionStore((s) => s.user);
  const history = useCallHistory();
  const { message, pendingUserId } = useMessagePerson();

  return (
    <PageLayout
      width="4xl"
      title="Call History"
      description="Your recent audio and video calls."
      actions={
        <Button variant="outline" onClick={() => void history.refetch()} disabled={history.isFetching}>
          <RefreshCw className={cn(history.isFetching && "animate-spin")} />
          Refresh
        </Button>
      }
    >

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
            <CallCard key={call.id} call={call} myId={me?.id} onMessage={message} messagingUserId={pendingUserId} />
          ))}
        </div>
      )}
    </PageLayout>
  );
}
