// Presence's SQL: the status columns of the users table, and the approved Time Off that shows users as away.
import { sql, type ExpressionBuilder } from "kysely";
import type { Db } from "../../db";
import type { Database } from "../../db/schema";
import type { UserStatus } from "@shared/realtime";
import { TIME_OFF } from "@shared/entities/approval_requests";

export interface PresenceRow {
  id: number;
  user_status: UserStatus;
  show_online_status: boolean;
  /** A deactivated user is offline whatever sockets they had a moment ago. */
  is_active: boolean;
  /** Approved Time Off covers the day asked for: the user shows as away. */
  on_time_off: boolean;
}

/** Presence fields of these users, with whether approved Time Off covers `day` (YYYY-MM-DD): one statement. */
export async function findPresenceRows(db: Db, userIds: number[], day: string): Promise<PresenceRow[]> {
  const rows = await db
    .selectFrom("users")
    .select(["id", "user_status", "show_online_status", "is_active"])
    .select((eb) => onTimeOff(eb, day).as("on_time_off"))
    .where("id", "in", userIds)
    .execute();
  return rows.map((r) => ({ ...r, on_time_off: !!r.on_time_off }));
}

export async function saveUserStatus(db: Db, userId: number, status: UserStatus): Promise<void> {
  await db.updateTable("users").set({ user_status: status, updated_at: new Date() }).where("id", "=", userId).execute();
}

export async function markLastSeen(db: Db, userIds: number[], at: Date): Promise<void> {
  await db.updateTable("users").set({ last_seen_at: at }).where("id", "in", userIds).execute();
}

/** Approved Time Off of the user in scope (`users`) covers `day`; a request without an end date covers its start day. */
function onTimeOff(eb: ExpressionBuilder<Database, "users">, day: string) {
  return eb.exists(
    eb
      .selectFrom("approval_requests")
      .select(sql.lit(1).as("one"))
      .where((w) => w(w.ref("approval_requests.created_by"), "=", w.fn<string>("lower", ["users.email"])))
      .where("approval_requests.category", "=", TIME_OFF)
      .where("approval_requests.status", "=", "approved")
      .where("approval_requests.start_date", "<=", day)
      .where((w) => w.or([w("approval_requests.end_date", ">=", day), w.and([w("approval_requests.end_date", "is", null), w("approval_requests.start_date", "=", day)])])),
  );
}

export function findUserIdByEmail(db: Db, email: string): Promise<{ id: number } | undefined> {
  return db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
}

/**
 * Takes the turn of the day `day` (YYYY-MM-DD) for this node: true for exactly one caller across
 * every node, the first to ask once the stored day is older. The row is made by a migration.
 */
export async function claimTimeOffDay(db: Db, day: string): Promise<boolean> {
  const r = await sql<{ key: string }>`
    update app_settings set value = to_jsonb(${day}::text), updated_at = now()
    where key = 'time_off_presence_day' and value #>> '{}' < ${day}
    returning key`.execute(db);
  return r.rows.length > 0;
}

/**
 * Users whose approved Time Off starts on `day` or ended the day before (`yesterday`): the people
 * whose presence the turn of the day changes.
 */
export async function findTimeOffTurnUserIds(db: Db, day: string, yesterday: string): Promise<number[]> {
  const rows = await db
    .selectFrom("users")
    .innerJoin("approval_requests", (j) => j.on((eb) => eb(eb.ref("approval_requests.created_by"), "=", eb.fn<string>("lower", ["users.email"]))))
    .select("users.id")
    .distinct()
    .where("approval_requests.category", "=", TIME_OFF)
    .where("approval_requests.status", "=", "approved")
    .where((w) =>
      w.or([
        w("approval_requests.start_date", "=", day),
        w("approval_requests.end_date", "=", yesterday),
        w.and([w("approval_requests.end_date", "is", null), w("approval_requests.start_date", "=", yesterday)]),
      ]),
    )
    .execute();
  return rows.map((r) => r.id);
}
