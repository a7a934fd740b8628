import { useEffect } from "react";
import { connectRealtime, disconnectRealtime } from "../../realtime/socket";
import { usePresenceStore } from "../../features/presence/store";

/** The socket lives exactly as long as the signed-in shell. */
export function useRealtimeConnection(): void {
  useEffect(() => {
    connectRealtime();
    return () => {
      disconnectRealtime();
      usePresenceStore.getState().reset();
    };
  }, []);
}
