// Field schemas that accept what the spec's clients send: form bodies carry every value as
// text, lists arrive as arrays, JSON text or comma text, flags as 0/1. Each one normalises
// to the stored representation before zod checks it.
import { z } from "zod";

export function toBool(v: unknown): unknown {
  if (v === true || v === 1 || v === "1" || v === "true") return true;
  if (v === false || v === 0 || v === "0" || v === "false") return false;
  return v;
}

export const boolish = z.preprocess(toBool, z.boolean({ error: "must be true, false, 1 or 0" }));

/** A list from an array, JSON text of an array, comma text or one value; trimmed, no empties, no repeats. */
export function toList(v: unknown, lower = false): unknown {
  let items: unknown[];
  if (Array.isArray(v)) items = v;
  else if (typeof v === "string") {
    const t = v.trim();
    let parsed: unknown = undefined;
    if (t.startsWith("[")) {
      try {
        parsed = JSON.parse(t);
      } catch {
        /* a value that merely starts with '[' is comma text */
      }
    }
    items = Array.isArray(parsed) ? parsed : t.split(",");
  } else if (typeof v === "number") items = [String(v)];
  else return v;
  const out: string[] = [];
  for (const item of items) {
    if (typeof item !== "string" && typeof item !== "number") return v; // let zod report it
    let s = String(item).trim();
    if (lower) s = s.toLowerCase();
    if (s && !out.includes(s)) out.push(s);
  }
  return out;
}

export const textList = (maxItemChars = 100, maxItems = 200) =>
  z.preprocess((v) => toList(v), z.array(z.string().max(maxItemChars), { error: "must be a list of text" }).max(maxItems));

const EMAIL_RE = /^[^\s@,;]+@[^\s@,;]+$/;
export const email = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
  z.string({ error: "must be an e-mail address" }).max(320).regex(EMAIL_RE, "must be an e-mail address"),
);
export const emailList = z.preprocess(
  (v) => toList(v, true),
  z.array(z.string().max(320).regex(EMAIL_RE, "must be an e-mail address"), { error: "must be a list of e-mail addresses" }).max(1000),
);

const numericText = (v: unknown) => (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : v);
export const number = z.preprocess(numericText, z.number({ error: "must be a number" }).finite());
export const integer = z.preprocess(numericText, z.number({ error: "must be a whole number" }).int("must be a whole number").min(0).max(2 ** 53));
export const idRef = z.preprocess(numericText, z.number({ error: "must be an id" }).int("must be an id").positive("must be an id").max(2 ** 31 - 1));

export const text = (max: number) => z.string({ error: "must be text" }).trim().max(max, `must be at most ${max} characters`);
export const requiredText = (name: string, max: number, message = `${name} is required`) => text(max).min(1, message);

/** Text dates as the spec stores them: YYYY-MM-DD (the date part of an ISO time is taken). */
export const dateOnly = z.preprocess(
  (v) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}([T ].*)?$/.test(v.trim()) ? v.trim().slice(0, 10) : v),
  z.string({ error: "must be a date YYYY-MM-DD" }).refine(isCalendarDate, "must be a date YYYY-MM-DD"),
);

function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * 'YYYY-MM-DD HH:MM:SS' from that form or ISO. A time with a zone is converted to UTC;
 * one without keeps its wall-clock value, as the spec's clients send local times.
 */
export function normaliseDateTime(v: unknown): unknown {
  if (v instanceof Date) v = v.toISOString();
  if (typeof v !== "string") return v;
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(v.trim());
  if (!m || !isCalendarDate(m[1])) return v;
  const [, date, hh = "00", mm = "00", ss = "00", zone] = m;
  if (+hh > 23 || +mm > 59 || +ss > 59) return v;
  if (!zone) return `${date} ${hh}:${mm}:${ss}`;
  const d = new Date(v.trim().replace(" ", "T"));
  if (Number.isNaN(d.getTime())) return v;
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

function isDateTime(s: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(s);
  return !!m && isCalendarDate(m[1]) && +m[2] <= 23 && +m[3] <= 59 && +m[4] <= 59;
}

export const dateTime = z.preprocess(
  normaliseDateTime,
  z.string({ error: "must be a date and time (YYYY-MM-DD HH:MM:SS)" }).refine(isDateTime, "must be a date and time (YYYY-MM-DD HH:MM:SS)"),
);

/** An instant (ISO text or epoch milliseconds) for timestamptz columns. */
export const instant = z.preprocess((v) => {
  if (typeof v === "string" || typeof v === "number") {
    const d = new Date(typeof v === "string" && /^\d{4}-\d{2}-\d{2} \d/.test(v) ? v.replace(" ", "T") : v);
    return Number.isNaN(d.getTime()) ? v : d;
  }
  return v;
}, z.date({ error: "must be a date and time" }));

/** An object, or JSON text of one (the spec's clients send objects as JSON text). */
export const jsonObject = z.preprocess((v) => {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}, z.record(z.string(), z.unknown(), { error: "must be an object or JSON text of one" }));

const SCRIPT_SCHEME = /^\s*(javascript|vbscript|data):/i;
/** A link shown to other users: never a script URL. */
export const safeLink = text(2000).refine((u) => !SCRIPT_SCHEME.test(u), "must not be a script or data URL");

export const httpUrl = text(2000).refine((u) => {
  try {
    const url = new URL(u);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}, "must be a valid http(s) URL");
