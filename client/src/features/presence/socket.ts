import { addSocketHandlers } from "../../realtime/socket";
import { usePresenceStore } from "./store";

/** Connection state and other users' presence, straight into the presence store. */
export function registerPresenceSocket(): () => void {
  return addSocketHandlers((socket) => {
    socket.on("connect", () => usePresenceStore.getState().setConnected(true));
    socket.on("disconnect", () => usePresenceStore.getState().setConnected(false));
    socket.on("presence.update", (p) => usePresenceStore.getState().applyPresence(p));
  });
}
