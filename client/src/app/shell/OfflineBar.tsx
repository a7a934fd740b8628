import { useEffect } from "react";
import { WifiOff } from "lucide-react";
import { useOnline } from "../../lib/useOnline";
import { usePresenceStore } from "../../features/presence/store";
import { useOfflineState } from "../serviceWorker";

/**
 * Says so while the app has no network (docs/notifications.md, "The installable app"): the device
 * says it is offline, or the service worker answered from what it kept and the live connection is
 * down. What the app shows then is what this browser kept; nothing new arrives until it is back.
 */
export function OfflineBar() {
  const online = useOnline();
  const connected = usePresenceStore((s) => s.connected);
  const kept = useOfflineState((s) => s.keptAnswers);
  // Back on a live connection: the kept answers are history.
  useEffect(() => {
    if (connected && kept) useOfflineState.setState({ keptAnswers: false });
  }, [connected, kept]);
  if (online && (connected || !kept)) return null;
  return (
    <div role="status" className="flex items-center justify-center gap-2 border-b bg-zinc-900 px-4 py-1.5 text-center text-xs font-medium text-white dark:bg-zinc-100 dark:text-zinc-900">
      <WifiOff aria-hidden className="size-3.5 shrink-0" />
      You're offline. Showing what this device has kept; new messages arrive when you're back online.
    </div>
  );
}
