import type { AppSocket } from "./socket";
import { useChatStore } from "../stores/chat";
import { usePresenceStore } from "../stores/presence";
import { applyEntityChange } from "../stores/sync";
import { resyncAfterReconnect } from "../stores/chatActions";

// Socket handlers only translate events into store actions; the stores own the state.
export function registerHandlers(socket: AppSocket): void {
  let connectedBefore = false;

  socket.on("connect", () => usePresenceStore.getState().setConnected(true));
  // Sent once the server has joined the socket to its rooms, so a resync cannot race the room joins.
  socket.on("session.ready", (s) => {
    // A reconnect the server could not recover from may have dropped messages: fetch what we missed.
    if (connectedBefore && !s.recovered) void resyncAfterReconnect();
    connectedBefore = true;
  });
  socket.on("disconnect", () => usePresenceStore.getState().setConnected(false));

  socket.on("messages.create", (m) => useChatStore.getState().receive(m));
  socket.on("entities.change", (c) => applyEntityChange(c));
  socket.on("presence.update", (p) => usePresenceStore.getState().applyPresence(p));
  socket.on("channels.typing", (t) => useChatStore.getState().setTyping(t.channel_id, t.user_id, t.user_name));
  // signals.receive and calls.update belong to the calls layer (client/src/calls), wired there.
}
