import type { EntityTable } from "@shared/entities";
import { onAnyChange, onFeedReset } from "../realtime/feed";
import { refetchAfterChange } from "./queryClient";

// Tables a feature keeps current in place from the pushed row (chat's channels, messages and reactions);
// every other table's cached queries (keyed by table name first) are refetched by whoever shows them.
const IN_PLACE = new Set<EntityTable>(["channels", "messages", "message_reactions"]);

/**
 * Refetches the cached queries of the tables that changed: once per table however many of its
 * changes arrive together (a catch-up delivers them in one go).
 */
export function registerEntitySync(): () => void {
  const dirty = new Set<EntityTable>();
  const flush = () => {
    for (const table of dirty) void refetchAfterChange({ queryKey: [table] });
    dirty.clear();
  };
  const offChange = onAnyChange((change) => {
    if (IN_PLACE.has(change.table)) return;
    if (!dirty.size) queueMicrotask(flush);
    dirty.add(change.table);
  });
  // The feed no longer reaches back to where this client stood: whatever is on screen is fetched again.
  const offReset = onFeedReset(() => void refetchAfterChange({ predicate: (q) => !IN_PLACE.has(q.queryKey[0] as EntityTable) }));
  return () => {
    offChange();
    offReset();
  };
}
