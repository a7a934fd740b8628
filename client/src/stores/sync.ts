import type { EntityChange } from "@shared/realtime";
import { queryClient } from "../api/queryClient";
import { removeChannelFromCache, upsertChannelInCache } from "../api/channels";
import type { Channel, ChatMessage } from "../api/types";
import { useChatStore } from "./chat";

/**
 * Applies a server `entities.change` push. Channels and messages update in place; for other
 * tables the cached queries (keyed by table name first) are refetched by whoever shows them.
 */
export function applyEntityChange(change: EntityChange): void {
  switch (change.table) {
    case "channels":
      if (change.op === "delete") {
        removeChannelFromCache(change.id);
        useChatStore.getState().removeChannel(change.id);
      } else if (change.row) {
        upsertChannelInCache(change.row as unknown as Channel);
      } else {
        void queryClient.invalidateQueries({ queryKey: ["channels"] });
      }
      return;
    case "messages": {
      const row = change.row as unknown as ChatMessage | null;
      if (change.op === "delete" && row) useChatStore.getState().removeMessage(row.channel_id, change.id);
      else if (change.op === "update" && row) useChatStore.getState().mergeMessages(row.channel_id, [row]);
      return;
    }
    default:
      void queryClient.invalidateQueries({ queryKey: [change.table] });
  }
}
