// How rows leave the server, over REST and sockets alike: exactly the fields of the table's row
// schema in shared/entities, instants as ISO text, created_at/updated_at under the names
// clients use (created_date/updated_date). Internal columns never leave.
import { ENTITIES, type EntityRow, type EntityTable } from "@shared/entities";
import { maskStorageConfig } from "@shared/entities/org_storage_config";
import { EVENT_ZONED_FIELDS, zonedText } from "@shared/entities/calendar_events";
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
  VIEWS[table]?.(out, src, viewer);
  return out as EntityRow<T>;
}

type View = (out: Record<string, unknown>, src: Record<string, unknown>, viewer: Viewer) => void;

/** What a table's readers see differs from the stored row in these ways only. */
const VIEWS: { [T in EntityTable]?: View } = {
  users: userView,
  // Storage secrets never reach a browser, not even an admin's: the form sends the mask back to keep them.
  org_storage_config: (out) => {
    out.storage_config = maskStorageConfig(out.storage_config);
  },
  calendar_events: (out, src, viewer) => zoneFields(out, src, zoneOf(viewer)),
};

/** The zone a reader sees calendar times in: their profile's, or UTC. */
export const zoneOf = (viewer: Viewer): string | null => (viewer as { time_zone?: string | null } | null | undefined)?.time_zone ?? null;

// Calendar times are instants shown as the documented wall-clock text in the reader's zone.
function zoneFields(out: Record<string, unknown>, src: Record<string, unknown>, zone: string | null): void {
  for (const f of EVENT_ZONED_FIELDS) {
    const v = src[f];
    const d = v instanceof Date ? v : typeof v === "string" && v ? new Date(/[zZ]|[+-]\d\d(:?\d\d)?$/.test(v) ? v : `${v.replace(" ", "T")}Z`) : null;
    out[f] = d && !Number.isNaN(d.getTime()) ? zonedText(d, zone) : null;
  }
}

export const presentUser = (u: User, viewer?: Viewer) => present("users", u, viewer);
export const presentMessage = (m: object) => present("messages", m);
