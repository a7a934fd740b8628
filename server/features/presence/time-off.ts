// Approved Time Off makes a user show as away on the days it covers (start_date to end_date,
// inclusive; a request without an end date covers its start day).
import { format } from "date-fns";

/** The server's calendar day as YYYY-MM-DD, the form the request's dates are stored in. */
export const localDay = (now = new Date()) => format(now, "yyyy-MM-dd");
