// @mentions in a message's text (docs/messages.md, "Mentions and read receipts"), one copy for the server,
// which works out `messages.mentions` and `messages.mentions_all` from the content on every create
// and edit (never from the body), and the web client, which writes, highlights and counts them.
//
// A person is mentioned with the token `@[Full Name](email)`: the e-mail names them without doubt
// (names repeat and contain spaces), the name is what readers see. The composer writes the token
// when a person is picked from the autocomplete; typing it by hand works too. `@channel` and
// `@here` (a whole word) notify everyone in the channel. A user group is mentioned by its handle,
// `@design` (docs/groups.md): the server expands it to the group's members who may read the
// channel, so the text keeps the handle and the stored mentions hold the people.

/** The longest name and address a token may carry (longer ones are plain text). */
const NAME_MAX = 200;
const EMAIL_MAX = 320;

// `@[name](email)`: a name without brackets or line breaks, an address without spaces or brackets.
const PERSON = /@\[([^\]\n]{1,200})\]\(([^()\s@]+@[^()\s@]+)\)/g;
// `@channel` / `@here`, not inside a word or an address (a@here.com is no mention).
const EVERYONE = /(^|[^\w@.\-[])@(channel|here)(?![\w@-])/gi;

export const EVERYONE_TOKENS = ["channel", "here"] as const;

/** A group's handle: 2 to 40 letters, digits, `-` or `_`, starting and ending with a letter or digit (stored lower case). */
export const GROUP_HANDLE = /^[a-z0-9][a-z0-9_-]{0,38}[a-z0-9]$/;
/** Handles no group may take: they already mean everyone. */
export const RESERVED_HANDLES = ["channel", "here", "everyone", "all"] as const;
// `@handle` as a whole word, not inside a word, an address or a person token's brackets.
const HANDLE = /(^|[^\w@.\-[\]/])@([a-z0-9][a-z0-9_-]{0,38}[a-z0-9])(?![\w@-])/gi;

/** The group handles a text may mention (lower case, once each, in order; @channel/@here and person tokens aside). */
export function parseHandles(content: string | null | undefined): string[] {
  const rest = (content ?? "").replace(PERSON, " ");
  const out: string[] = [];
  for (const m of rest.matchAll(HANDLE)) {
    const h = m[2].toLowerCase();
    if (!(RESERVED_HANDLES as readonly string[]).includes(h) && !out.includes(h)) out.push(h);
  }
  return out;
}

/** What `parseMentions` finds: the addresses named (lower case, each once) and whether @channel/@here is there. */
export interface ParsedMentions {
  emails: string[];
  all: boolean;
}

/** The addresses a text mentions (lower case, once each, in order) and whether it mentions everyone. */
export function parseMentions(content: string | null | undefined): ParsedMentions {
  const text = content ?? "";
  const emails: string[] = [];
  for (const m of text.matchAll(PERSON)) {
    const email = m[2].toLowerCase();
    if (m[1].trim() && email.length <= EMAIL_MAX && !emails.includes(email)) emails.push(email);
  }
  // A person token's name may say "@here"; it is a name, not a mention of everyone.
  const rest = text.replace(PERSON, " ");
  EVERYONE.lastIndex = 0;
  return { emails, all: EVERYONE.test(rest) };
}

/** The token for a person, as the composer inserts it (brackets in a name would end it early). */
export function mentionToken(name: string, email: string): string {
  const clean = name.replace(/[[\]()\n]/g, " ").replace(/\s+/g, " ").trim().slice(0, NAME_MAX) || email;
  return `@[${clean}](${email})`;
}

/**
 * The text as readers see it where it cannot be rendered with chips (notification items, pushes,
 * mail, search snippets, previews): each person's token becomes `@Name`, never the markup.
 */
export function mentionsAsText(content: string, groups?: ReadonlyMap<string, string>): string {
  // A group's handle is followed by its name: `@design (Design team)` (never inside a person's name).
  const withNames = (text: string) =>
    groups?.size
      ? text.replace(HANDLE, (whole, before: string, handle: string) => {
          const name = groups.get(handle.toLowerCase());
          return name ? `${before}@${handle} (${name})` : whole;
        })
      : text;
  let out = "";
  let last = 0;
  for (const m of content.matchAll(PERSON)) {
    const at = m.index ?? 0;
    out += withNames(content.slice(last, at)) + (m[1].trim() ? `@${m[1].trim()}` : m[0]);
    last = at + m[0].length;
  }
  return out + withNames(content.slice(last));
}

/** A piece of a message's text for display: plain text, a person, or @channel/@here. */
export type MentionPart =
  | { kind: "text"; text: string }
  | { kind: "person"; name: string; email: string }
  | { kind: "everyone"; text: string }
  | { kind: "group"; handle: string; text: string };

/**
 * Splits a text into plain text and mentions, in order, for rendering mentions as chips. `groups`
 * (lower-case handles the reader knows) makes those `@handle`s parts of their own.
 */
export function splitMentions(content: string, groups?: ReadonlySet<string>): MentionPart[] {
  const parts: MentionPart[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    if (!groups?.size) return void parts.push({ kind: "text", text });
    let last = 0;
    for (const m of text.matchAll(HANDLE)) {
      const handle = m[2].toLowerCase();
      if (!groups.has(handle)) continue;
      const at = (m.index ?? 0) + m[1].length;
      if (at > last) parts.push({ kind: "text", text: text.slice(last, at) });
      parts.push({ kind: "group", handle, text: `@${m[2]}` });
      last = at + 1 + m[2].length;
    }
    if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  };
  const push = (text: string) => {
    if (!text) return;
    // Within plain text, @channel and @here become their own parts.
    let last = 0;
    for (const m of text.matchAll(EVERYONE)) {
      const at = (m.index ?? 0) + m[1].length;
      if (at > last) pushText(text.slice(last, at));
      parts.push({ kind: "everyone", text: `@${m[2]}` });
      last = at + 1 + m[2].length;
    }
    if (last < text.length) pushText(text.slice(last));
  };
  let last = 0;
  for (const m of content.matchAll(PERSON)) {
    const at = m.index ?? 0;
    push(content.slice(last, at));
    parts.push({ kind: "person", name: m[1].trim(), email: m[2].toLowerCase() });
    last = at + m[0].length;
  }
  push(content.slice(last));
  return parts;
}

/** What a message needs to say whether it mentions someone. */
export interface Mentioning {
  mentions?: readonly string[] | null;
  mentions_all?: boolean | null;
}

/** Whether a stored message mentions `me` (by address, or everyone). */
export function mentionsMe(m: Mentioning, me: string | null | undefined): boolean {
  if (!me) return false;
  if (m.mentions_all) return true;
  const mine = me.toLowerCase();
  return !!m.mentions?.some((e) => e.toLowerCase() === mine);
}

/**
 * The `@query` being typed just before the caret, for the composer's autocomplete: the text
 * after an `@` that starts a word, up to the caret, without spaces (null when there is none).
 */
export function activeMentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const m = /(^|[\s(])@([^\s@[\]()]{0,40})$/.exec(before);
  if (!m) return null;
  return { start: before.length - m[2].length - 1, query: m[2] };
}

/** People whose name or address starts (by word) with the query, best first, at most `limit`. */
export function matchPeople<P extends { full_name: string; email: string }>(people: readonly P[], query: string, limit = 8): P[] {
  const q = query.toLowerCase();
  const score = (p: P) => {
    const name = p.full_name.toLowerCase();
    const email = p.email.toLowerCase();
    if (!q) return 1;
    if (name.startsWith(q) || email.startsWith(q)) return 3;
    if (name.split(/\s+/).some((w) => w.startsWith(q))) return 2;
    return name.includes(q) || email.split("@")[0].includes(q) ? 1 : 0;
  };
  return people
    .map((p) => ({ p, s: score(p) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || a.p.full_name.localeCompare(b.p.full_name))
    .slice(0, limit)
    .map((x) => x.p);
}
