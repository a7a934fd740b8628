// Approved Time Off makes a user show as away on the days it covers (start_date to end_date,
// inclusive; a request without an end date covers its start day).
import { format } from "date-fns";
import type { Db } from "../../db";
import type { PresenceState } from "@shared/realtime";
import { TIME_OFF } from "@shared/entities/approval_requests";

/** The server's calendar day as YYYY-MM-DD, the form the request's dates are stored in. */
export const localDay = (now = new Date()) => format(now, "yyyy-MM-dd");

/** Which of these users have approved Time Off covering `day`. */
export async function usersOnTimeOff(db: Db, userIds: number[], day: string): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("approval_requests")
    .innerJoin("users", (j) => j.on((eb) => eb(eb.fn("lower", ["users.email"]), "=", eb.ref("approval_requests.created_by"))))
    .select("users.id")
    .where("users.id", "in", userIds)
    .where("approval_requests.category", "=", TIME_OFF)
    .where("approval_requests.status", "=", "approved")
    .where("approval_requests.start_date", "<=", day)
    .where((eb) => eb.or([eb("approval_requests.end_date", ">=", day), eb.and([eb("approval_requests.end_date", "is", null), eb("approval_requests.start_date", "=", day)])]))
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Shows users on Time Off today as away, whatever status they set. */
export async function applyTimeOff(db: Db, states: PresenceState[], day = localDay()): Promise<PresenceState[]> {
  const away = await usersOnTimeOff(db, states.map((s) => s.user_id), day);
  return away.size === 0 ? states : states.map((s) => (away.has(s.user_id) ? { ...s, user_status: "away" } : s));
}
