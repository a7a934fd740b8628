// When a reminder or a scheduled message is due, from words a person types (`/remind`,
// docs/messages.md "Reminders"): read in the person's time zone, answered as an instant.
// Forms (case-insensitive):
//   in 20 minutes | in 1 hour | in 3 hours | in 2 days | in 1 week | 20m | 1h | 90 min | in 1h30m
//   tomorrow (9:00) | tomorrow 9am | tomorrow at 15:00 | today at 17:30
//   at 15:00 | at 3pm | 15:00 | 3:30pm       (today if still ahead, else tomorrow)
//   on Monday | Monday 9am | next Monday at 14:00 | on Fri at 8:15   (the next such day; 9:00 unless a time is given)
//   on 2026-12-01 | 2026-12-01 10:00 | on 2026-12-01 at 10:00
import { TZDate } from "@date-fns/tz";
import { addDays, addMinutes, isAfter, set } from "date-fns";

/** The hour a day-only form (tomorrow, on Monday) means. */
export const DEFAULT_HOUR = 9;

const UNIT_MINUTES: Record<string, number> = { m: 1, min: 1, mins: 1, minute: 1, minutes: 1, h: 60, hr: 60, hrs: 60, hour: 60, hours: 60, d: 1440, day: 1440, days: 1440, w: 10080, week: 10080, weeks: 10080 };
const DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
const WEEKDAY = "(sun|mon|tue|tues|wed|thu|thur|thurs|fri|sat)(?:day|nesday|rsday|urday)?";
const TIME = "(\\d{1,2})(?::(\\d{2}))?\\s*(am|pm)?";

/** A time of day typed as 9, 9am, 9:30, 15:00, 3:30pm; null when it is not one. */
function timeOfDay(h: string, m: string | undefined, ampm: string | undefined): { hours: number; minutes: number } | null {
  let hours = Number(h);
  const minutes = m ? Number(m) : 0;
  if (minutes > 59) return null;
  if (ampm) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (ampm === "pm" ? 12 : 0);
  } else if (hours > 23) return null;
  return { hours, minutes };
}

const at = (day: TZDate, t: { hours: number; minutes: number }) => set(day, { hours: t.hours, minutes: t.minutes, seconds: 0, milliseconds: 0 });

/**
 * The instant the words mean, read at `now` in `zone` (an IANA zone; null or empty is UTC), or
 * null when they are not one of the forms above. The answer may be in the past only for an
 * explicit date; callers refuse that.
 */
export function parseWhen(input: string, zone: string | null | undefined, now: Date = new Date()): Date | null {
  const s = input.trim().toLowerCase().replace(/\s+/g, " ");
  if (!s || s.length > 60) return null;
  const local = new TZDate(now.getTime(), zone || "UTC");

  // in 20 minutes, 1h, in 1h30m, 90 min
  const rel = /^(?:in )?((?:\d{1,4} ?[a-z]+ ?(?:and )?){1,3})$/.exec(s);
  if (rel) {
    let total = 0;
    const parts = rel[1].trim().split(/ ?and ?|(?<=[a-z]) ?(?=\d)/).filter(Boolean);
    for (const part of parts) {
      const p = /^(\d{1,4}) ?([a-z]+)$/.exec(part.trim());
      const unit = p ? UNIT_MINUTES[p[2]] : undefined;
      // Not a duration ("3pm"): one of the forms below may read it.
      if (!p || !unit) {
        total = -1;
        break;
      }
      total += Number(p[1]) * unit;
    }
    if (total > 366 * 1440 || total === 0) return null;
    if (total > 0) return new Date(addMinutes(now, total).getTime());
  }
  if (s === "in an hour" || s === "in a hour") return new Date(now.getTime() + 3_600_000);

  // tomorrow / today, with an optional time
  const dayWord = new RegExp(`^(today|tomorrow)(?: (?:at )?${TIME})?$`).exec(s);
  if (dayWord) {
    const t = dayWord[2] ? timeOfDay(dayWord[2], dayWord[3], dayWord[4]) : { hours: DEFAULT_HOUR, minutes: 0 };
    if (!t) return null;
    const day = dayWord[1] === "tomorrow" ? addDays(local, 1) : local;
    return new Date(at(day, t).getTime());
  }

  // at 15:00 / 3pm: the next such time
  const timeOnly = new RegExp(`^(?:at )?${TIME}$`).exec(s);
  if (timeOnly && (timeOnly[2] || timeOnly[3] || s.startsWith("at "))) {
    const t = timeOfDay(timeOnly[1], timeOnly[2], timeOnly[3]);
    if (!t) return null;
    const today = at(local, t);
    return new Date((isAfter(today, local) ? today : addDays(today, 1)).getTime());
  }

  // on Monday, next Monday at 14:00
  const weekday = new RegExp(`^(?:on |next )?${WEEKDAY}(?: (?:at )?${TIME})?$`).exec(s);
  if (weekday) {
    const target = DAYS.indexOf(weekday[1].slice(0, 3));
    const t = weekday[2] ? timeOfDay(weekday[2], weekday[3], weekday[4]) : { hours: DEFAULT_HOUR, minutes: 0 };
    if (target < 0 || !t) return null;
    let ahead = (target - local.getDay() + 7) % 7;
    // "on Monday" said on a Monday means the next one.
    if (ahead === 0) ahead = 7;
    return new Date(at(addDays(local, ahead), t).getTime());
  }

  // on 2026-12-01 (at 10:00)
  const date = new RegExp(`^(?:on )?(\\d{4})-(\\d{2})-(\\d{2})(?:(?: at | |t)${TIME})?$`).exec(s);
  if (date) {
    const [y, mo, d] = [Number(date[1]), Number(date[2]), Number(date[3])];
    const t = date[4] ? timeOfDay(date[4], date[5], date[6]) : { hours: DEFAULT_HOUR, minutes: 0 };
    if (!t || mo < 1 || mo > 12 || d < 1 || d > 31) return null;
    const when = new TZDate(y, mo - 1, d, t.hours, t.minutes, 0, zone || "UTC");
    // 2026-02-31 rolls into March: not a date.
    if (when.getMonth() !== mo - 1) return null;
    return new Date(when.getTime());
  }
  return null;
}

/**
 * `/remind` text after its target: the `<when>` words first (the longest run of up to six words
 * that is one of the forms) then `<what>`, or `<what>` then `<when>` at the end. A leading "to"
 * of `<what>` is dropped ("in 1h to call Sam"). Null when no form is found.
 */
export function splitWhenWhat(text: string, zone: string | null | undefined, now: Date = new Date()): { at: Date; what: string } | null {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const tidy = (w: string[]) => w.join(" ").replace(/^to\s+/i, "").trim();
  for (let n = Math.min(6, words.length); n >= 1; n--) {
    const when = parseWhen(words.slice(0, n).join(" "), zone, now);
    if (when) return { at: when, what: tidy(words.slice(n)) };
  }
  for (let n = Math.min(6, words.length - 1); n >= 1; n--) {
    const when = parseWhen(words.slice(words.length - n).join(" "), zone, now);
    if (when) return { at: when, what: tidy(words.slice(0, words.length - n)) };
  }
  return null;
}

/** The menu choices of "Remind me" and "Schedule for later" (client and server agree on them). */
export function presetTime(choice: "20m" | "1h" | "3h" | "tomorrow" | "monday", zone: string | null | undefined, now: Date = new Date()): Date {
  const words = { "20m": "in 20 minutes", "1h": "in 1 hour", "3h": "in 3 hours", tomorrow: "tomorrow at 9:00", monday: "on monday at 9:00" }[choice];
  return parseWhen(words, zone, now)!;
}
