import type { EntityTable } from "@shared/entities";
import { CHAT_SYNCED_TABLES } from "../features/chat/socket";
import { addSocketHandlers } from "../realtime/socket";
import { queryClient } from "./queryClient";

// Tables a feature keeps current in place from the pushed row; every other table's cached
// queries (keyed by table name first) are refetched by whoever shows them.
const IN_PLACE = new Set<EntityTable>(CHAT_SYNCED_TABLES);

/** Applies server `entities.change` pushes to the query cache for tables no feature handles itself. */
export function registerEntitySync(): () => void {
  return addSocketHandlers((socket) => {
    // Per socket: a fresh socket (after sign-in) fetches everything anyway.
    let connectedBefore = false;
    socket.on("session.ready", (s) => {
      // Back after a drop the server could not recover from: changes made meanwhile were never
      // pushed, so whatever is on screen is fetched again (chat resyncs its messages itself).
      if (connectedBefore && !s.recovered) void queryClient.invalidateQueries({ predicate: (q) => !IN_PLACE.has(q.queryKey[0] as EntityTable) });
      connectedBefore = true;
    });
    socket.on("entities.change", (change) => {
      if (IN_PLACE.has(change.table)) return;
      void queryClient.invalidateQueries({ queryKey: [change.table] });
    });
  });
}
