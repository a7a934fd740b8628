// Calendar times on the client. The API sends 'YYYY-MM-DD HH:MM:SS' in the user's profile zone,
// or in UTC when they have none (then the browser's zone is shown). The views work on "wall"
// dates: Date objects whose local fields are the wall-clock time in the shown zone.
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

const TEXT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

export interface Zone {
  /** The profile's IANA zone, or null: texts are UTC and the browser's zone is shown. */
  profile: string | null;
}

export function toWall(text: string | null | undefined, zone: Zone): Date | null {
  if (!text) return null;
  const m = TEXT.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0)];
  return zone.profile ? new Date(y, mo, d, h, mi, s) : new Date(Date.UTC(y, mo, d, h, mi, s));
}

/** A wall date as the text the API reads (in the profile zone), or as ISO with its offset. */
export function fromWall(d: Date, zone: Zone): string {
  return zone.profile ? format(d, "yyyy-MM-dd HH:mm:ss") : d.toISOString();
}

/** An instant (ISO) as a wall date, and back: how exceptions, stored as instants, meet the views. */
export function instantToWall(iso: string, zone: Zone): Date {
  if (!zone.profile) return new Date(iso);
  const z = new TZDate(new Date(iso).getTime(), zone.profile);
  return new Date(z.getFullYear(), z.getMonth(), z.getDate(), z.getHours(), z.getMinutes(), z.getSeconds());
}

export function wallToInstant(d: Date, zone: Zone): string {
  if (!zone.profile) return d.toISOString();
  return new Date(new TZDate(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds(), zone.profile).getTime()).toISOString();
}

/** The browser's zone: the one wall dates are expanded in. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

export const REMINDER_OPTIONS = [
  { value: "5min", label: "5 minutes before", minutes: 5 },
  { value: "15min", label: "15 minutes before", minutes: 15 },
  { value: "30min", label: "30 minutes before", minutes: 30 },
  { value: "1hr", label: "1 hour before", minutes: 60 },
  { value: "2hr", label: "2 hours before", minutes: 120 },
  { value: "1day", label: "1 day before", minutes: 1440 },
] as const;

export const PREPARATION_OPTIONS = [
  { value: "none", label: "None", minutes: 0 },
  { value: "2hr", label: "2 hours before", minutes: 120 },
  { value: "4hr", label: "4 hours before", minutes: 240 },
  { value: "1day", label: "1 day before", minutes: 1440 },
  { value: "2days", label: "2 days before", minutes: 2880 },
  { value: "3days", label: "3 days before", minutes: 4320 },
  { value: "5days", label: "5 days before", minutes: 7200 },
] as const;

/** The option whose offset matches, else the fallback (the documented defaults). */
export function optionFor<T extends { value: string; minutes: number }>(options: readonly T[], start: Date | null, at: Date | null, fallback: T["value"]): T["value"] {
  if (!start || !at) return fallback;
  const minutes = Math.round((start.getTime() - at.getTime()) / 60_000);
  return options.find((o) => o.minutes === minutes)?.value ?? fallback;
}

/** The grid's hours: 6 AM to 11 PM. */
export const FIRST_HOUR = 6;
export const LAST_HOUR = 23;
export const HOUR_PX = 48;
