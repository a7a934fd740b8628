// Which links of a message get previews (docs/integrations.md, "Link previews"): its first three
// distinct http(s) links, in the order they appear, leaving out code (fenced blocks and `inline`).
import { LINK_PREVIEWS_PER_MESSAGE } from "@shared/entities/message_link_previews";

const FENCED = /```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)/g;
const INLINE_CODE = /`[^`\n]*`/g;
// A link runs to white space or a character that cannot end one in running text.
const LINK = /\bhttps?:\/\/[^\s<>"'`|\\^{}]+/gi;
const URL_MAX = 2000;

/** Trailing punctuation belongs to the sentence, and a ")" to the parenthesis it closes unless the link opened one. */
function trim(link: string): string {
  let s = link;
  for (;;) {
    const last = s[s.length - 1];
    if (/[.,;:!?*_~'"\]]/.test(last)) s = s.slice(0, -1);
    else if (last === ")" && (s.match(/\(/g)?.length ?? 0) < (s.match(/\)/g)?.length ?? 0)) s = s.slice(0, -1);
    else return s;
  }
}

export function previewLinks(text: string, max = LINK_PREVIEWS_PER_MESSAGE): string[] {
  const prose = text.replace(FENCED, " ").replace(INLINE_CODE, " ");
  const out: string[] = [];
  for (const m of prose.matchAll(LINK)) {
    const raw = trim(m[0]);
    if (raw.length > URL_MAX) continue;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      continue;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") continue;
    url.hash = "";
    const s = url.toString();
    if (!out.includes(s)) out.push(s);
    if (out.length >= max) break;
  }
  return out;
}
