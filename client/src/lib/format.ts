import { format, isToday, isYesterday, isSameYear } from "date-fns";

export function initials(name: string | null | undefined, fallback = "?"): string {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return fallback;
  const first = parts[0][0] ?? "";
  const last = parts.length > 1 ? (parts[parts.length - 1][0] ?? "") : "";
  return (first + last).toUpperCase();
}

export function firstName(name: string | null | undefined): string {
  return (name ?? "").trim().split(/\s+/)[0] ?? "";
}

// The server stores timestamps without a zone in some rows; treat zone-less text as UTC.
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const text = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(" ", "T")}Z`;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatTime(value: string | null | undefined): string {
  const d = parseDate(value);
  return d ? format(d, "h:mm a") : "";
}

export function formatDayLabel(d: Date): string {
  if (isToday(d)) return "Today";
  if (isYesterday(d)) return "Yesterday";
  return isSameYear(d, new Date()) ? format(d, "EEEE, MMMM d") : format(d, "MMMM d, yyyy");
}

export function formatShortWhen(value: string | null | undefined): string {
  const d = parseDate(value);
  if (!d) return "";
  if (isToday(d)) return format(d, "h:mm a");
  if (isYesterday(d)) return "Yesterday";
  return isSameYear(d, new Date()) ? format(d, "MMM d") : format(d, "MMM d, yyyy");
}

export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes)) return "";
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

// A stable hue per person so avatars are recognisable at a glance. Each shade is the lightest of
// its hue that keeps the white initials (12px) at 4.5:1, so the light hues go a step or two darker.
const AVATAR_COLORS = [
  "bg-indigo-600",
  "bg-violet-600",
  "bg-sky-700",
  "bg-emerald-700",
  "bg-amber-700",
  "bg-rose-600",
  "bg-teal-700",
  "bg-fuchsia-600",
  "bg-orange-700",
  "bg-cyan-700",
];

export function avatarColor(key: string | null | undefined): string {
  let hash = 0;
  for (const ch of key ?? "") hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return AVATAR_COLORS[Math.abs(hash) % AVATAR_COLORS.length];
}
