// The shape of a committed change, on its own so the app context can name it without importing
// the feed (which imports the policies, which import the context).
import type { EntityTable } from "@shared/entities";

export type EntityOp = "create" | "update" | "delete";

/** A change as it committed: its record's sequence number, the rows, and who may see it. */
export interface CommittedChange {
  seq: number;
  table: EntityTable;
  op: EntityOp;
  id: number;
  /** The stored row after the change (null for a delete). */
  row: Record<string, unknown> | null;
  /** The stored row before an update or delete. */
  before: Record<string, unknown> | null;
  /** Rooms that may see the row after the change. */
  after: string[];
  /** Rooms that could see it before and no longer can: for them it is as good as deleted. */
  lost: string[];
}
