// Field schemas that accept what existing clients send: form bodies carry every value as
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

/**
 * Postgres text cannot hold U+0000 (error 22021), so a NUL is refused where text enters,
 * with the field's name, rather than failing in the database.
 */
export const NUL_MESSAGE = "must not contain a NUL character";
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const NO_NUL = /^[^\u0000]*$/;
export const hasNul = (s: string) => s.includes("\u0000");
/** Any string, without NUL. */
export const plainString = () => z.string({ error: "must be text" }).regex(NO_NUL, NUL_MESSAGE);

export const textList = (maxItemChars = 100, maxItems = 200) =>
  z.preprocess((v) => toList(v), z.array(plainString().max(maxItemChars), { error: "must be a list of text" }).max(maxItems));

// eslint-disable-next-line no-control-regex -- NUL is refused in e-mail addresses too
const EMAIL_RE = /^[^\s@,;\u0000]+@[^\s@,;\u0000]+$/;
export const email = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
  z.string({ error: "must be an e-mail address" }).max(320).regex(EMAIL_RE, "must be an e-mail address"),
);
export const emailList = z.preprocess(
  (v) => toList(v, true),
  z.array(z.string().max(320).regex(EMAIL_RE, "must be an e-mail address"), { error: "must be a list of e-mail addresses" }).max(1000),
);

// Only decimal text is a number: Number() would also take "0x1", "1e3" written as hex, " " or "Infinity".
const DECIMAL = /^\s*-?\d+(\.\d+)?\s*$/;
const numericText = (v: unknown) => (typeof v === "string" && DECIMAL.test(v) ? Number(v) : v);
export const number = z.preprocess(numericText, z.number({ error: "must be a number" }).finite());
export const integer = z.preprocess(numericText, z.number({ error: "must be a whole number" }).int("must be a whole number").min(0).max(2 ** 53));

export const ID_MAX = 2 ** 31 - 1;
/**
 * An id: a whole number or its decimal text, 1 to 2^31-1; nothing else (not true, [1], "0x1",
 * "1e0" or " 1"), since a loose coercion would turn any of those into row 1.
 */
export const idRef = z.preprocess(
  (v) => (typeof v === "string" && /^\d{1,10}$/.test(v) ? Number(v) : v),
  z.number({ error: "must be an id (a whole number)" }).int("must be an id (a whole number)").positive("must be an id (a whole number)").max(ID_MAX, "must be an id (a whole number)"),
);

export const text = (max: number) => plainString().trim().max(max, `must be at most ${max} characters`);
export const requiredText = (name: string, max: number, message = `${name} is required`) => text(max).min(1, message);

/** Text dates as they are stored: YYYY-MM-DD (the date part of an ISO time is taken). */
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
 * one without keeps its wall-clock value, as existing clients send local times.
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

/** Bounds of free-form JSON input (signal payloads, storage settings): depth and serialised size. */
export const JSON_LIMITS = { maxDepth: 32, maxBytes: 64 * 1024 } as const;

/**
 * Why a free-form JSON value is refused, or null: nested deeper than maxDepth, larger than
 * maxBytes once serialised, or holding a NUL (jsonb refuses \u0000). Walks iteratively and stops
 * at the depth bound, so a value nested thousands deep costs no more than one of depth 33.
 */
export function jsonProblem(value: unknown, maxDepth: number = JSON_LIMITS.maxDepth, maxBytes: number = JSON_LIMITS.maxBytes): string | null {
  const stack: Array<[unknown, number]> = [[value, 0]];
  let budget = maxBytes;
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v === "string") {
      if (hasNul(v)) return NUL_MESSAGE;
      budget -= v.length + 2;
    } else if (v !== null && typeof v === "object") {
      if (depth >= maxDepth) return `must not be nested deeper than ${maxDepth} levels`;
      const entries = Array.isArray(v) ? v.map((x) => ["", x] as const) : Object.entries(v);
      for (const [k, x] of entries) {
        if (hasNul(k)) return NUL_MESSAGE;
        budget -= k.length + 4;
        stack.push([x, depth + 1]);
      }
      budget -= 2;
    } else {
      budget -= 8;
    }
    if (budget < 0) return `must be at most ${Math.round(maxBytes / 1024)} KB`;
  }
  return null;
}

/** Free-form JSON (any shape) within JSON_LIMITS. */
export const boundedJson = <S extends z.ZodType>(schema: S, maxDepth: number = JSON_LIMITS.maxDepth, maxBytes: number = JSON_LIMITS.maxBytes) =>
  schema.superRefine((v, ctx) => {
    const problem = jsonProblem(v, maxDepth, maxBytes);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** An object, or JSON text of one (existing clients send objects as JSON text). */
export const jsonObject = z.preprocess((v) => {
  if (typeof v !== "string") return v;
  if (v.length > JSON_LIMITS.maxBytes) return v; // refused below without parsing it
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}, boundedJson(z.record(z.string(), z.unknown(), { error: "must be an object or JSON text of one" })));

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
