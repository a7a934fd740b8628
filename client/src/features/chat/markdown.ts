// Messages in Markdown (docs/messages.md, "Writing"). These are the cheap parts that plain chat runs: the
// check that decides whether a message needs the Markdown renderer at all (the renderer and the
// highlighter are loaded only then, so the initial JavaScript stays within its budget,
// docs/benchmarks.md, "Cold load", and scripts/bundle-size.mjs), and the rules the renderer applies to links.
import { splitMentions } from "@shared/mentions";

// Syntax the renderer would change: emphasis (*, _, ~~), code (`), a list, quote or heading at a
// line's start, a link or a bare web address. A false positive only costs loading the renderer.
const MARKDOWN_HINTS = [
  /(\*\*|__)\S/, // bold
  /(^|[\s(])[*_][^\s*_]/, // italics
  /~~\S/, // strikethrough
  /`/, // inline code or a fence
  /^\s{0,3}([-*+]|\d{1,9}[.)])\s+\S/m, // a list item
  /^\s{0,3}>/m, // a block quote
  /^\s{0,3}#{1,6}\s/m, // a heading
  /\]\(/, // [text](url)
  /\b(https?:\/\/|www\.)\S/i, // an address GFM turns into a link
  /\bmailto:/i,
];

/** Whether the text may contain Markdown (mention tokens, which look like links, do not count). */
export function looksLikeMarkdown(content: string): boolean {
  if (!content) return false;
  const text = content.includes("@[") ? withoutPersonTokens(content) : content;
  return MARKDOWN_HINTS.some((re) => re.test(text));
}

function withoutPersonTokens(content: string): string {
  return splitMentions(content)
    .map((p) => (p.kind === "person" ? " " : p.kind === "text" ? p.text : p.text))
    .join("");
}

const SAFE_SCHEMES = new Set(["http:", "https:", "mailto:"]);

/**
 * A link's target if it may be followed, else null: only absolute http, https and mailto
 * addresses (no javascript:, data:, relative or protocol-relative links).
 */
export function safeHref(url: string | null | undefined): string | null {
  const raw = (url ?? "").trim();
  // Control characters and spaces inside a scheme are how "java\tscript:" slips past checks.
  if (!raw || [...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw)?.[1]?.toLowerCase();
  if (!scheme || !SAFE_SCHEMES.has(`${scheme}:`)) return null;
  try {
    const parsed = new URL(raw);
    if (!SAFE_SCHEMES.has(parsed.protocol)) return null;
    if (parsed.protocol !== "mailto:" && !parsed.hostname) return null;
    return raw;
  } catch {
    return null;
  }
}

/** The link scheme the renderer uses for a mention, so the token survives Markdown as a link. */
export const MENTION_SCHEME = "x-mention:";

const escapeMarkdown = (text: string) => text.replace(/[\\`*_{}[\]()<>#+\-.!|~]/g, "\\$&");

/**
 * The text with each mention (`@[Name](email)`, `@channel`, `@here`; docs/messages.md, "Mentions and read receipts") turned into a link `[@Name](x-mention:email)`, which the renderer shows as a chip.
 */
export function mentionsAsLinks(content: string, groups?: ReadonlyMap<string, string>): string {
  return splitMentions(content, groups?.size ? new Set(groups.keys()) : undefined)
    .map((p) => {
      if (p.kind === "text") return p.text;
      if (p.kind === "person") return `[@${escapeMarkdown(p.name)}](${MENTION_SCHEME}${encodeURIComponent(p.email)})`;
      // A user group (docs/groups.md): `@handle (Name)`, its target `group:handle`.
      if (p.kind === "group") return `[${escapeMarkdown(p.text)} (${escapeMarkdown(groups?.get(p.handle) ?? "")})](${MENTION_SCHEME}${GROUP_TARGET}${p.handle})`;
      return `[${p.text}](${MENTION_SCHEME}${p.text.slice(1)})`;
    })
    .join("");
}

/** The target prefix of a group mention's link (`x-mention:group:design`). */
export const GROUP_TARGET = "group:";

/** A mention link's address back ("channel"/"here" for everyone, "group:handle" for a group), or null for another link. */
export function mentionFromHref(href: string | null | undefined): string | null {
  if (!href?.startsWith(MENTION_SCHEME)) return null;
  try {
    return decodeURIComponent(href.slice(MENTION_SCHEME.length));
  } catch {
    return null;
  }
}

const MENTION_LINK = /\[@((?:\\.|[^\]\\])*)\]\(x-mention:([^)\s]*)\)/g;

/** Inside code, where no chip is drawn, the mention links back as the text that was written. */
export function mentionLinksAsText(code: string): string {
  return code.replace(MENTION_LINK, (whole, name: string, encoded: string) => {
    const target = mentionFromHref(`${MENTION_SCHEME}${encoded}`);
    if (target == null) return whole;
    const plain = name.replace(/\\(.)/g, "$1");
    if (target.startsWith(GROUP_TARGET)) return `@${target.slice(GROUP_TARGET.length)}`;
    return target.includes("@") ? `@[${plain}](${target})` : `@${target}`;
  });
}
