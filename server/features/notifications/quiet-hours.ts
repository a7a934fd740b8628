// Quiet hours (docs/notifications.md): a daily window of wall-clock times in the person's time
// zone (UTC when they set none) in which nothing is pushed. A window whose start is after its end
// spans midnight (22:00-07:00); start equal to end is no window at all.
import { TZDate } from "@date-fns/tz";

const minutes = (hhmm: string): number | null => {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/** Minutes since local midnight at `now` in `zone`. */
function localMinutes(now: Date, zone: string | null): number {
  let local = new TZDate(now.getTime(), zone || "UTC");
  // A zone the runtime does not know (time_zone is checked on input, but runtimes differ) reads as UTC.
  if (Number.isNaN(local.getHours())) local = new TZDate(now.getTime(), "UTC");
  return local.getHours() * 60 + local.getMinutes();
}

export function inQuietHours(now: Date, zone: string | null, start: string, end: string): boolean {
  const s = minutes(start);
  const e = minutes(end);
  if (s === null || e === null || s === e) return false;
  const t = localMinutes(now, zone);
  return s < e ? t >= s && t < e : t >= s || t < e;
}

/**
 * How long until the window ends, in ms from `now` (0 outside it). Counted on the wall clock, so
 * on a day the clocks change it is off by the change; whoever waits on it checks again then.
 */
export function msUntilQuietHoursEnd(now: Date, zone: string | null, start: string, end: string): number {
  if (!inQuietHours(now, zone, start, end)) return 0;
  const e = minutes(end)!;
  const t = localMinutes(now, zone);
  const left = (e - t + 1440) % 1440 || 1440;
  return left * 60_000 - now.getUTCSeconds() * 1000 - now.getUTCMilliseconds();
}
