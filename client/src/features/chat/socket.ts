import type { EntityChange } from "@shared/realtime";
import type { Channel, ChatMessage, EntityTable } from "@shared/entities";
import { addSocketHandlers } from "../../realtime/socket";
import { resyncAfterReconnect, resyncSnapshot } from "./actions";
import type { ResyncSnapshot } from "@shared/resync";
import { invalidateChannels, removeChannelFromCache, upsertChannelInCache } from "./api";
import { useChatStore } from "./store";

/** Tables whose changes chat applies in place; the generic entity sync leaves them alone. */
export const CHAT_SYNCED_TABLES: readonly EntityTable[] = ["channels", "messages"];

function applyChatChange(change: EntityChange): void {
  switch (change.table) {
    case "channels":
      if (change.op === "delete") {
        removeChannelFromCache(change.id);
        useChatStore.getState().removeChannel(change.id);
      } else if (change.row) {
        upsertChannelInCache(change.row as unknown as Channel);
      } else {
        invalidateChannels();
      }
      return;
    case "messages": {
      const row = change.row as unknown as ChatMessage | null;
      if (change.op === "delete" && row) useChatStore.getState().removeMessage(row.channel_id, change.id);
      else if (change.op === "update" && row) useChatStore.getState().mergeMessages(row.channel_id, [row]);
      return;
    }
  }
}

/** Chat's socket handlers: they only translate events into chat store actions. */
export function registerChatSocket(): () => void {
  return addSocketHandlers((socket) => {
    // Per socket: a fresh socket (after sign-in) has nothing to resync.
    let connectedBefore = false;
    // Where the channels stood when the socket dropped (the first drop, if it failed to come back
    // in between): messages that arrive before session.ready must not move the resync point.
    let dropped: ResyncSnapshot | null = null;
    socket.on("disconnect", () => {
      dropped ??= resyncSnapshot();
    });
    // Sent once the server has joined the socket to its rooms, so a resync cannot race the room joins.
    socket.on("session.ready", (s) => {
      const snapshot = dropped;
      dropped = null;
      // A reconnect the server could not recover from may have dropped messages: fetch what we missed.
      if (connectedBefore && !s.recovered && snapshot) void resyncAfterReconnect(snapshot);
      connectedBefore = true;
    });
    socket.on("messages.create", (m) => useChatStore.getState().receive(m));
    socket.on("channels.typing", (t) => useChatStore.getState().setTyping(t.channel_id, t.user_id, t.user_name));
    socket.on("entities.change", applyChatChange);
  });
}
