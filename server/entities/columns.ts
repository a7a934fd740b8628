// The columns a list query may filter and sort on, by the name clients use: each table's
// `filters` in shared/entities. Anything else is refused by name, so a `where` or `sort` can
// only ever touch these columns.
import { ENTITIES, type ColumnKind, type EntityTable } from "@shared/entities";

export type { ColumnKind };

export interface ColumnInfo {
  column: string;
  kind: ColumnKind;
}

// Clients call the timestamps created_date/updated_date; the documented message list also sorts by created_at.
const STAMPS: Record<string, ColumnKind> = { created_date: "timestamp", updated_date: "timestamp", created_at: "timestamp", updated_at: "timestamp" };
const ALIASES: Record<string, string> = { created_date: "created_at", updated_date: "updated_at" };

/** The column a client-facing name stands for on a table, or undefined if it is not queryable. */
export function columnOf(table: EntityTable, name: string): ColumnInfo | undefined {
  const spec: Record<string, ColumnKind> = ENTITIES[table].filters;
  const kind = Object.hasOwn(spec, name) ? spec[name] : Object.hasOwn(STAMPS, name) ? STAMPS[name] : undefined;
  if (!kind) return undefined;
  return { column: ALIASES[name] ?? name, kind };
}
