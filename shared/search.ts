// Search (docs/search.md): how a query is read, shared by the server (which runs it) and the
// client (which shows its filters as chips), and the highlighted snippets both sides agree on:
// plain text cut into segments, some marked, so a client renders highlights without any HTML.
import { z } from "zod";

/** A word is found by the full-text index (stem or prefix), a phrase as consecutive words, a substring anywhere. */
export type SearchTerm = { kind: "word" | "phrase" | "substring"; text: string };

export interface SearchFilters {
  /** Channel names (lower case, without "#"), any of them. */
  in: string[];
  /** People: an e-mail address, its local part, or part of a name (lower case, without "@"), any of them. */
  from: string[];
  /** YYYY-MM-DD (UTC): messages before the start of that day. */
  before: string | null;
  /** YYYY-MM-DD (UTC): messages after the end of that day. */
  after: string | null;
  hasFile: boolean;
}

export interface ParsedSearch {
  terms: SearchTerm[];
  filters: SearchFilters;
}

export const SEARCH_MAX_TERMS = 10;
export const SEARCH_GROUP_LIMIT = 20;

/**
 * Chinese, Japanese and Korean characters: Hangul Jamo, kana, Hangul compatibility Jamo, CJK
 * ideographs (extension A, the main block, compatibility, extensions B-F), Hangul syllables and
 * half-width katakana. The server indexes runs of them as character pairs with the same ranges
 * (migrations/202611280900_search_at_scale.ts).
 */
export const CJK_RANGES = "\\u1100-\\u11ff\\u3040-\\u30ff\\u3130-\\u318f\\u31f0-\\u31ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff\\uff66-\\uff9f\\u{20000}-\\u{2fa1f}";
const CJK = new RegExp(`[${CJK_RANGES}]`, "u");
/** The runs of CJK characters in a text, in order ("会议 at 9 的记录" gives 会议, 的记录). */
export const cjkRuns = (text: string): string[] => text.match(new RegExp(`[${CJK_RANGES}]+`, "gu")) ?? [];
const WORD_CHARS = /[\p{L}\p{N}]+/gu;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Thrown for a query that cannot be run; its message is the 400's. */
export class SearchSyntaxError extends Error {}

function validDay(key: string, value: string): string {
  const d = new Date(`${value}T00:00:00Z`);
  if (!DAY.test(value) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) {
    throw new SearchSyntaxError(`${key}: needs a date as YYYY-MM-DD, like ${key}:2026-01-31`);
  }
  return value;
}

/** Strips punctuation around a token ("hello," or "(example.com/x)") but keeps it inside. */
const trimPunctuation = (s: string) => s.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}/]+$/gu, "");

/**
 * A symbol between letters or digits ("example.com", "v1.2", "a@b.c", "don't"): a token holding
 * one is found as written, through the index of such tokens (docs/search.md); punctuation only
 * around words ("hello," or "(see") is not part of what is searched.
 */
export const INNER_SYMBOL = /[\p{L}\p{N}][^\p{L}\p{N}\s]+[\p{L}\p{N}]/u;

function termsOf(raw: string, quoted: boolean): SearchTerm[] {
  const text = raw.trim().toLowerCase();
  if (!text) return [];
  const words = text.match(WORD_CHARS) ?? [];
  if (words.length === 0) return [];
  if (CJK.test(text)) return [{ kind: "substring", text: quoted ? text : trimPunctuation(text) }];
  const asWords = (): SearchTerm[] => (words.length === 1 ? [{ kind: "word", text: words[0] }] : [{ kind: "phrase", text: words.join(" ") }]);
  if (quoted) {
    // A quoted phrase is matched as consecutive words, punctuation between them aside ("hello,
    // world"); one holding a symbol inside a token ("v1.2 release") as it is written.
    return text.split(/\s+/).some((t) => INNER_SYMBOL.test(t)) ? [{ kind: "substring", text }] : asWords();
  }
  const token = trimPunctuation(text);
  // URLs and their parts ("example.com/path"), versions, addresses: found as written; "a/" is the word a.
  return INNER_SYMBOL.test(token) ? [{ kind: "substring", text: token }] : asWords();
}

/** Reads a query: words, "quoted phrases", substrings and the filters in:, from:, before:, after:, has:. */
export function parseSearch(q: string): ParsedSearch {
  const filters: SearchFilters = { in: [], from: [], before: null, after: null, hasFile: false };
  const terms: SearchTerm[] = [];
  for (const m of q.matchAll(/"([^"]*)"?|(\S+)/g)) {
    if (m[1] !== undefined) {
      terms.push(...termsOf(m[1], true));
      continue;
    }
    const token = m[2];
    const filter = /^(in|from|before|after|has):(.*)$/i.exec(token);
    if (!filter) {
      terms.push(...termsOf(token, false));
      continue;
    }
    const key = filter[1].toLowerCase();
    const value = filter[2].trim().toLowerCase();
    if (key === "in") {
      const name = value.replace(/^#/, "");
      if (!name) throw new SearchSyntaxError("in: needs a channel name, like in:#general");
      filters.in.push(name);
    } else if (key === "from") {
      const who = value.replace(/^@/, "");
      if (!who) throw new SearchSyntaxError("from: needs a person, like from:@ann");
      filters.from.push(who);
    } else if (key === "before") filters.before = validDay("before", value);
    else if (key === "after") filters.after = validDay("after", value);
    else if (value === "file") filters.hasFile = true;
    else throw new SearchSyntaxError("has: knows only has:file");
  }
  const seen = new Set<string>();
  const unique = terms.filter((t) => !seen.has(`${t.kind}:${t.text}`) && seen.add(`${t.kind}:${t.text}`));
  if (unique.length > SEARCH_MAX_TERMS) throw new SearchSyntaxError(`A search may hold at most ${SEARCH_MAX_TERMS} words, phrases or fragments`);
  return { terms: unique, filters };
}

export const hasFilters = (f: SearchFilters) => f.in.length > 0 || f.from.length > 0 || f.before != null || f.after != null || f.hasFile;

// ---- Highlighting ----

export const snippetSegment = z.object({ text: z.string(), match: z.boolean() });
export type SnippetSegment = z.infer<typeof snippetSegment>;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A word is highlighted where a word starts with it, or (for a stem match) with most of it. */
function patternOf(term: SearchTerm): string {
  if (term.kind === "substring") return escapeRe(term.text);
  const words = term.text.split(" ");
  const last = words.length - 1;
  return words
    .map((w, i) => {
      const stem = i === last && w.length > 5 ? w.slice(0, Math.max(5, w.length - 3)) : w;
      return i === last ? `${escapeRe(stem)}[\\p{L}\\p{N}]*` : escapeRe(w);
    })
    .join("[^\\p{L}\\p{N}]+")
    .replace(/^/, "(?<![\\p{L}\\p{N}])");
}

/** Where the terms occur in text, as [start, end) ranges, sorted and merged. */
export function matchRanges(text: string, terms: SearchTerm[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const term of terms) {
    for (const m of text.matchAll(new RegExp(patternOf(term), "giu"))) {
      if (m[0].length > 0) ranges.push([m.index, m.index + m[0].length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const prev = merged[merged.length - 1];
    if (prev && r[0] <= prev[1]) prev[1] = Math.max(prev[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/** The text around the first match (at most `max` characters) as segments, matches marked. */
export function snippet(text: string, terms: SearchTerm[], max = 240): SnippetSegment[] {
  const ranges = matchRanges(text, terms);
  let start = 0;
  if (text.length > max && ranges.length > 0) start = Math.max(0, Math.min(ranges[0][0] - 60, text.length - max));
  const end = Math.min(text.length, start + max);
  const out: SnippetSegment[] = [];
  if (start > 0) out.push({ text: "…", match: false });
  let at = start;
  for (const [a, b] of ranges) {
    if (b <= start || a >= end) continue;
    const from = Math.max(a, start);
    if (from > at) out.push({ text: text.slice(at, from), match: false });
    out.push({ text: text.slice(from, Math.min(b, end)), match: true });
    at = Math.min(b, end);
  }
  if (at < end) out.push({ text: text.slice(at, end), match: false });
  if (end < text.length) out.push({ text: "…", match: false });
  return out;
}

// ---- The answer of GET /api/search ----

export const messageHit = z.object({
  id: z.number(),
  channel_id: z.number(),
  channel_name: z.string(),
  channel_type: z.string(),
  sender_name: z.string(),
  sender_email: z.string(),
  created_date: z.string(),
  message_type: z.string(),
  file_name: z.string().nullable(),
  snippet: z.array(snippetSegment),
});
export const taskHit = z.object({ id: z.number(), title: z.string(), status: z.string(), snippet: z.array(snippetSegment) });
export const noteHit = z.object({ id: z.number(), topic: z.string(), snippet: z.array(snippetSegment) });
export const fileHit = z.object({ id: z.number(), name: z.string(), file_url: z.string().nullable(), snippet: z.array(snippetSegment) });

export const searchSort = z.enum(["newest", "relevance"]);
export type SearchSort = z.infer<typeof searchSort>;

export const searchAnswer = z.object({
  /** newest: newest first; relevance: the most relevant of the newest 200 matches first. */
  sort: searchSort,
  query: z.object({
    terms: z.array(z.object({ kind: z.enum(["word", "phrase", "substring"]), text: z.string() })),
    filters: z.object({ in: z.array(z.string()), from: z.array(z.string()), before: z.string().nullable(), after: z.string().nullable(), hasFile: z.boolean() }),
  }),
  messages: z.array(messageHit),
  tasks: z.array(taskHit),
  notes: z.array(noteHit),
  files: z.array(fileHit),
});
export type SearchAnswer = z.infer<typeof searchAnswer>;
export type MessageHit = z.infer<typeof messageHit>;
