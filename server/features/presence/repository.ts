// Presence's SQL: the status columns of the users table.
import type { Db } from "../../db";
import type { UserStatus } from "@shared/realtime";

export interface PresenceRow {
  id: number;
  user_status: UserStatus;
  show_online_status: boolean;
  /** A deactivated user is offline whatever sockets they had a moment ago. */
  is_active: boolean;
}

export function findPresenceRows(db: Db, userIds: number[]): Promise<PresenceRow[]> {
  return db.selectFrom("users").select(["id", "user_status", "show_online_status", "is_active"]).where("id", "in", userIds).execute();
}

export async function saveUserStatus(db: Db, userId: number, status: UserStatus): Promise<void> {
  await db.updateTable("users").set({ user_status: status, updated_at: new Date() }).where("id", "=", userId).execute();
}

export async function markLastSeen(db: Db, userIds: number[], at: Date): Promise<void> {
  await db.updateTable("users").set({ last_seen_at: at }).where("id", "in", userIds).execute();
}
