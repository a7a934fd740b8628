// Approved Time Off makes a user show as away on the days it covers (start_date to end_date,
// inclusive; a request without an end date covers its start day).
import { format } from "date-fns";
import type { Db } from "../../db";
import { findUserIdsOnTimeOff } from "./repository";

/** The server's calendar day as YYYY-MM-DD, the form the request's dates are stored in. */
export const localDay = (now = new Date()) => format(now, "yyyy-MM-dd");

/** Which of these users have approved Time Off covering `day`. */
export async function usersOnTimeOff(db: Db, userIds: number[], day: string): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await findUserIdsOnTimeOff(db, userIds, day);
  return new Set(rows.map((r) => r.id));
}
