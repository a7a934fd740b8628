// Approved Time Off makes a user show as away on the days it covers (start_date to end_date,
// inclusive; a request without an end date covers its start day). Presence is computed when it is
// read or pushed, so a Time Off takes effect by itself for anyone who asks; subscribers already
// watching hear of it when the day turns (takeTimeOffTurn), or when a decision changes it
// (time-off-sync.ts).
import { format, subDays } from "date-fns";
import type { Db } from "../../db";
import { claimTimeOffDay, findTimeOffTurnUserIds } from "./repository";

/** The server's calendar day as YYYY-MM-DD, the form the request's dates are stored in. */
export const localDay = (now = new Date()) => format(now, "yyyy-MM-dd");

/**
 * On the first call of a new day across all nodes: the users whose Time Off starts today or ended
 * yesterday, whose presence must be pushed. Every other call (another node, the same day again)
 * gets nothing, so subscribers hear of each change once.
 */
export async function takeTimeOffTurn(db: Db, now = new Date()): Promise<number[]> {
  const today = localDay(now);
  if (!(await claimTimeOffDay(db, today))) return [];
  return findTimeOffTurnUserIds(db, today, localDay(subDays(now, 1)));
}
