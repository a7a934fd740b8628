// How rows leave the server, over REST and sockets alike: exactly the fields of the table's row
// schema in shared/entities, instants as ISO text, created_at/updated_at under the names
// clients use (created_date/updated_date). Internal columns never leave.
import { ENTITIES, type EntityRow, type EntityTable } from "@shared/entities";
import { maskStorageConfig } from "@shared/entities/org_storage_config";
import type { User } from "../db/schema";
import { userView, type Viewer } from "../features/users/view";

export type { Viewer };

const SOURCE: Record<string, string> = { created_date: "created_at", updated_date: "updated_at" };
const FIELDS = Object.fromEntries(Object.entries(ENTITIES).map(([t, def]) => [t, Object.keys(def.row.shape)])) as Record<EntityTable, string[]>;

function outValue(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "bigint") return Number(v);
  return v ?? null;
}

/** A row as `viewer` sees it; without a viewer, as anyone who may read it sees it. */
export function present<T extends EntityTable>(table: T, row: object, viewer?: Viewer): EntityRow<T> {
  const src = row as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of FIELDS[table]) out[field] = outValue(src[SOURCE[field] ?? field]);
  if (table === "users") userView(out, src, viewer);
  // Storage secrets never reach a browser, not even an admin's: the form sends the mask back to keep them.
  if (table === "org_storage_config") out.storage_config = maskStorageConfig(out.storage_config);
  return out as EntityRow<T>;
}

export const presentUser = (u: User, viewer?: Viewer) => present("users", u, viewer);
export const presentMessage = (m: object) => present("messages", m);
