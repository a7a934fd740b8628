import { useEffect, useMemo } from "react";
import type { PresenceState } from "@shared/realtime";
import { emitWithAck } from "../../realtime/socket";
import { usePresenceStore } from "./store";

/**
 * Asks the server for these users' presence and for live `presence.update` pushes about them.
 * Re-asks on reconnect, since a new socket starts with no subscriptions.
 */
export function usePresenceSubscription(userIds: number[]): void {
  const connected = usePresenceStore((s) => s.connected);
  const key = useMemo(() => [...new Set(userIds)].sort((a, b) => a - b).join(","), [userIds]);
  useEffect(() => {
    if (!connected || !key) return;
    const ids = key.split(",").map(Number);
    emitWithAck("presence.subscribe", { user_ids: ids })
      .then((list: PresenceState[]) => usePresenceStore.getState().applyMany(list))
      .catch((err) => console.warn("Failed to subscribe to presence", err));
  }, [connected, key]);
}
