import { useState } from "react";
import { CircleCheck, RotateCcw } from "lucide-react";
import type { Channel, ChatMessage } from "@shared/entities";
import { useSessionStore } from "../../auth/store";
import { canResolveThread } from "../permissions";
import { resolveThread } from "../threads";
import { toast } from "../../../ui/notifications";
import { Button } from "../../../ui/button";

/** Resolve or reopen a thread (docs/threads.md), offered to those the server lets: its starter and whoever manages the channel. */
export function ResolveThreadButton({ root, channel }: { root: ChatMessage; channel: Channel }) {
  const me = useSessionStore((s) => s.user);
  const [pending, setPending] = useState(false);
  if (!canResolveThread(me, root, channel)) return null;
  const resolved = !!root.resolved_at;
  const toggle = () => {
    setPending(true);
    resolveThread(root.id, !resolved)
      .catch((err: Error) => toast({ title: resolved ? "Could not reopen the thread" : "Could not resolve the thread", description: err.message, variant: "destructive" }))
      .finally(() => setPending(false));
  };
  return (
    <Button variant="outline" size="sm" onClick={toggle} disabled={pending} className="h-7 px-2.5">
      {resolved ? <RotateCcw /> : <CircleCheck />}
      {resolved ? "Reopen" : "Resolve"}
    </Button>
  );
}
