import { usePresenceStore } from "../../features/presence/store";

/** Shown only when a working connection dropped, so a fresh page load never flashes it. */
export function ConnectionPill() {
  const connected = usePresenceStore((s) => s.connected);
  const everConnected = usePresenceStore((s) => s.everConnected);
  if (connected || !everConnected) return null;
  return (
    <span role="status" className="inline-flex items-center gap-1.5 rounded-full bg-amber-500/10 px-2.5 py-1 text-xs font-medium text-amber-700 dark:text-amber-400">
      <span className="size-1.5 animate-pulse rounded-full bg-amber-500" />
      Reconnecting…
    </span>
  );
}
