import { useState } from "react";
import { Bell, BellOff } from "lucide-react";
import { setFollowing } from "../threads";
import { useFollowStore } from "../followStore";
import { toast } from "../../../ui/notifications";
import { Button } from "../../../ui/button";

/** Follow or unfollow a thread: followed threads are listed in Threads with their unread replies. */
export function FollowThreadButton({ rootId }: { rootId: number }) {
  const following = useFollowStore((s) => !!s.threads[rootId]);
  const [pending, setPending] = useState(false);
  const toggle = () => {
    setPending(true);
    setFollowing(rootId, !following)
      .catch((err: Error) => toast({ title: following ? "Could not unfollow the thread" : "Could not follow the thread", description: err.message, variant: "destructive" }))
      .finally(() => setPending(false));
  };
  return (
    <Button variant="outline" size="sm" onClick={toggle} disabled={pending} aria-pressed={following} className="h-7 px-2.5">
      {following ? <BellOff /> : <Bell />}
      {following ? "Unfollow" : "Follow"}
    </Button>
  );
}
