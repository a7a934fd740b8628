import type { EntityTable } from "@shared/entities";
import { IN_PLACE_TABLES } from "@shared/entities/sync";
import { onAnyChange, onFeedReset } from "../realtime/feed";
import { refetchAfterChange } from "./queryClient";

// Tables a feature keeps current in place from the pushed row (their definitions' `sync: "in-place"`,
// shared/entities/define.ts); every other table's cached queries (keyed by table name first) are
// refetched by whoever shows them. Read from the zod-free list so the definitions stay out of the
// first screen's JavaScript (docs/benchmarks.md, "Cold load").
const IN_PLACE = new Set<EntityTable>(IN_PLACE_TABLES);

/** Whether a change of `table` leaves cached queries alone (a feature applies it to its store). */
export const keptInPlace = (table: EntityTable): boolean => IN_PLACE.has(table);

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
    if (keptInPlace(change.table)) return;
    if (!dirty.size) queueMicrotask(flush);
    dirty.add(change.table);
  });
  // The feed no longer reaches back to where this client stood: whatever is on screen is fetched again.
  const offReset = onFeedReset(() => void refetchAfterChange({ predicate: (q) => !keptInPlace(q.queryKey[0] as EntityTable) }));
  return () => {
    offChange();
    offReset();
  };
}
