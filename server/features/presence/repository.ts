// Presence's SQL: the status columns of the users table, and the approved Time Off that shows users as away.
import type { Db } from "../../db";
import type { UserStatus } from "@shared/realtime";
import { TIME_OFF } from "@shared/entities/approval_requests";

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

/** Which of these users have approved Time Off covering `day` (YYYY-MM-DD). */
export function findUserIdsOnTimeOff(db: Db, userIds: number[], day: string): Promise<{ id: number }[]> {
  return db
    .selectFrom("approval_requests")
    .innerJoin("users", (j) => j.on((eb) => eb(eb.fn("lower", ["users.email"]), "=", eb.ref("approval_requests.created_by"))))
    .select("users.id")
    .where("users.id", "in", userIds)
    .where("approval_requests.category", "=", TIME_OFF)
    .where("approval_requests.status", "=", "approved")
    .where("approval_requests.start_date", "<=", day)
    .where((eb) => eb.or([eb("approval_requests.end_date", ">=", day), eb.and([eb("approval_requests.end_date", "is", null), eb("approval_requests.start_date", "=", day)])]))
    .execute();
}

export function findUserIdByEmail(db: Db, email: string): Promise<{ id: number } | undefined> {
  return db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
}
