// The `[until]` of `/status <text> [until]` (docs/integrations.md, "Slash commands"): a span from
// now (30m, 1h, 2d) or the end of a day in the person's zone (today, tomorrow).
import { TZDate } from "@date-fns/tz";

const SPAN = /^(\d{1,4})\s*(m|min|mins|minutes?|h|hr|hrs|hours?|d|days?)$/i;
const MAX_MS = 30 * 24 * 3600_000;

/** The instant a word names, or null when it names none (then it is part of the status text). */
export function parseUntil(word: string, now: Date, timeZone: string): Date | null {
  const w = word.trim().toLowerCase();
  const span = SPAN.exec(w);
  if (span) {
    const n = Number(span[1]);
    const unit = span[2][0];
    const ms = n * (unit === "m" ? 60_000 : unit === "h" ? 3600_000 : 86_400_000);
    if (n <= 0 || ms > MAX_MS) return null;
    return new Date(now.getTime() + ms);
  }
  if (w === "today" || w === "tomorrow") {
    const local = new TZDate(now.getTime(), timeZone);
    // Midnight at the end of the day, in that zone.
    const end = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + (w === "today" ? 1 : 2), 0, 0, 0, 0, timeZone);
    return new Date(end.getTime());
  }
  return null;
}
