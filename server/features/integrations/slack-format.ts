// Slack's message formats turned into this app's (docs/integrations.md): mrkdwn into the Markdown
// messages are written in (docs/messages.md, "Writing"), Block Kit blocks into text, secondary
// attachments into the structured attachments the client draws. Nothing here produces HTML: the
// client renders Markdown without raw HTML and follows only http(s) and mailto links, so the
// worst a payload can do is look odd.
import type { z } from "zod";
import { LIMITS } from "@shared/constants";
import { ATTACHMENT_LIMITS, type MessageAttachment } from "@shared/entities/attachments";
import { attachmentsSummary } from "@shared/attachmentsSummary";
import type { slackAttachment, slackBlock, WebhookPayload } from "@shared/entities/incoming_webhooks";

type SlackBlock = z.infer<typeof slackBlock>;
type SlackAttachment = z.infer<typeof slackAttachment>;

export interface Converted {
  /** The sender shown: the payload's `username` (or native `name`), else the webhook's own name. */
  name: string;
  content: string;
  attachments: MessageAttachment[] | null;
}

export interface FormatOptions {
  /** Whether `<!channel>`/`<!here>` may notify everyone (the webhook's owner may say @channel, server/features/chat/mentions.ts). */
  mayMentionAll: boolean;
}

// Slack's named colours, as Slack paints them.
const NAMED_COLORS: Record<string, string> = { good: "#2eb886", warning: "#daa038", danger: "#a30200" };

/** A colour the client may paint, or null: Slack's names, #rgb/#rrggbb, or the same without the #. */
export function attachmentColor(color: string | null | undefined): string | null {
  const c = (color ?? "").trim().toLowerCase();
  if (NAMED_COLORS[c]) return NAMED_COLORS[c];
  const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/.exec(c);
  return hex ? `#${hex[1]}` : null;
}

/** An address a reader may follow (http, https, mailto), else null. */
export function safeUrl(url: string | null | undefined): string | null {
  const raw = (url ?? "").trim();
  // eslint-disable-next-line no-control-regex -- control characters are how "java\tscript:" slips past checks
  if (!raw || /[\s\u0000-\u001f\u007f]/.test(raw)) return null;
  try {
    const u = new URL(raw);
    if (u.protocol === "mailto:") return raw;
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname ? raw : null;
  } catch {
    return null;
  }
}

/** A Markdown link; the label is Markdown already, the address has the characters that would end it encoded. */
const link = (labelMd: string, url: string) => `[${labelMd}](${url.replace(/[()\\ <>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)})`;

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** Text that must read as it is: Markdown's own characters escaped. */
export function escapeMarkdown(text: string): string {
  // A # or a list marker only means something at a line's start.
  return escapeInline(text).replace(/^(\s*)(#|[-+]\s)/gm, "$1\\$2");
}

/** Text inside a line (a link's label, a name): emphasis, code and link characters escaped. */
const escapeInline = (text: string) => text.replace(/[\\`*_~[\]<>]/g, "\\$&");

// A word joiner after the @ keeps "@channel" readable without it being a mention (shared/mentions.ts).
const NO_MENTION = "@\u2060";


/** One `<...>` token of mrkdwn: a link, a mention of everyone, a user, channel or date reference. */
function token(inner: string, opts: FormatOptions): string {
  const bar = inner.indexOf("|");
  const target = bar < 0 ? inner : inner.slice(0, bar);
  const text = bar < 0 ? "" : inner.slice(bar + 1);
  if (target.startsWith("!")) {
    const name = target.slice(1).split("^")[0];
    if (name === "channel" || name === "here" || name === "everyone") return `${opts.mayMentionAll ? "@" : NO_MENTION}${name === "here" ? "here" : "channel"}`;
    // <!date^...|fallback>, <!subteam^ID|@team>: the fallback text.
    return escapeInline(text || name);
  }
  // People and channels are Slack ids here: their label, if any, is all we can show.
  if (target.startsWith("@") || target.startsWith("#")) return escapeInline(text ? `${target[0]}${text.replace(/^[@#]/, "")}` : target);
  const url = safeUrl(target.replace(/&amp;/g, "&"));
  if (!url) return escapeInline(unescapeEntities(text || target));
  return link(escapeInline(unescapeEntities(text || url)), url);
}

// Slack escapes these three in text; the rest is literal.
const unescapeEntities = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

// Emphasis in mrkdwn wraps words: a marker after a start or a space or punctuation, and before an end or the same.
const BEFORE = "(^|[\\s([{\"'>])";
const AFTER = "(?=$|[\\s)\\]}.,;:!?\"'])";
const BOLD = new RegExp(`${BEFORE}\\*(?!\\s)([^*\\n]+?)\\*${AFTER}`, "g");
const ITALIC = new RegExp(`${BEFORE}_(?!\\s)([^_\\n]+?)_${AFTER}`, "g");
const STRIKE = new RegExp(`${BEFORE}~(?!\\s)([^~\\n]+?)~${AFTER}`, "g");

/** mrkdwn outside code: tokens, then emphasis, then literal @channel/@here defused. */
function proseToMarkdown(text: string, opts: FormatOptions): string {
  // Literal "@channel" is no mention in Slack either (only <!channel> is).
  const parts = text.replace(/@(channel|here|everyone)\b/gi, `${NO_MENTION}$1`).split(/(<[^<>\n]{1,2500}>)/);
  return parts
    .map((p, i) => {
      if (i % 2 === 1) return token(p.slice(1, -1), opts);
      return unescapeEntities(p).replace(BOLD, "$1**$2**").replace(ITALIC, "$1_$2_").replace(STRIKE, "$1~~$2~~");
    })
    .join("");
}

/** Slack mrkdwn as this app's Markdown; code spans and blocks are kept as they are. */
export function mrkdwnToMarkdown(text: string | null | undefined, opts: FormatOptions): string {
  if (!text) return "";
  // Split on ``` blocks and `spans`: odd parts are code.
  return text
    .split(/(```[\s\S]*?```|`[^`\n]+`)/)
    // A single line break is a break in Slack but would join the lines in Markdown: it becomes a hard break.
    .map((p, i) => (i % 2 === 1 ? unescapeEntities(p) : proseToMarkdown(p, opts).replace(/([^\n])\n(?=[^\n])/g, "$1  \n")))
    .join("")
    .trim();
}

/** A Block Kit text object: mrkdwn converted, plain_text escaped. */
function blockText(t: { type?: string; text?: string | null } | null | undefined, opts: FormatOptions): string {
  if (!t?.text) return "";
  return t.type === "plain_text" ? escapeMarkdown(t.text) : mrkdwnToMarkdown(t.text, opts);
}

type Element = NonNullable<SlackBlock["elements"]>[number];
const elementText = (e: Element, opts: FormatOptions): string => {
  const t = typeof e.text === "string" ? { type: e.type, text: e.text } : e.text;
  const shown = blockText(t, opts);
  // A button with an address is a link (its action can't be answered here).
  const url = safeUrl(e.url);
  if (url && shown) return link(shown, url);
  return shown;
};

/** Blocks we show as Markdown, one paragraph each: section (text and fields), header, context, divider, actions' links. */
export function blocksToMarkdown(blocks: SlackBlock[] | null | undefined, opts: FormatOptions): string {
  const out: string[] = [];
  for (const b of blocks ?? []) {
    if (b.type === "header") out.push(`**${blockText(b.text, opts)}**`);
    else if (b.type === "section") out.push([blockText(b.text, opts), ...(b.fields ?? []).map((f) => blockText(f, opts))].filter(Boolean).join("\n\n"));
    else if (b.type === "context") out.push((b.elements ?? []).map((e) => elementText(e, opts)).filter(Boolean).join(" · "));
    else if (b.type === "divider") out.push("* * *");
    else if (b.type === "actions") out.push((b.elements ?? []).map((e) => elementText(e, opts)).filter((s) => s.startsWith("[")).join(" · "));
  }
  return out.filter((s) => s && s !== "****").join("\n\n");
}

/** A section field "*Title*\nvalue" (how Uptime Kuma and others write them) as a titled field. */
function splitField(md: string): { title: string; value: string } {
  const m = /^\*\*([^*\n]+)\*\* *\n([\s\S]*)$/.exec(md);
  return m ? { title: m[1], value: m[2] } : { title: "", value: md };
}

const orNull = (s: string, max: number) => (s ? clip(s, max) : null);

/** One Slack attachment as the structured attachment the client draws; null when nothing in it shows. */
export function convertAttachment(a: SlackAttachment, opts: FormatOptions): MessageAttachment | null {
  const fields = (a.fields ?? []).flatMap((f) => {
    const value = f.value == null ? "" : mrkdwnToMarkdown(String(f.value), opts);
    const title = f.title?.trim() ?? "";
    if (!title && !value) return [];
    return [{ title: clip(title, ATTACHMENT_LIMITS.short), value: clip(value, ATTACHMENT_LIMITS.text), short: f.short === true || f.short === "true" }];
  });
  let title = a.title?.trim() ?? "";
  let text = mrkdwnToMarkdown(a.text, opts);
  const footer: string[] = a.footer ? [mrkdwnToMarkdown(a.footer, opts)] : [];
  // Blocks inside an attachment (Uptime Kuma's rich message): a header titles it, sections add text and fields.
  for (const b of a.blocks ?? []) {
    if (b.type === "header" && !title) title = b.text?.text?.trim() ?? "";
    else if (b.type === "section") {
      const own = blockText(b.text, opts);
      if (own) text = text ? `${text}\n\n${own}` : own;
      for (const f of b.fields ?? []) {
        const { title: t, value } = splitField(blockText(f, opts));
        if (t || value) fields.push({ title: clip(t, ATTACHMENT_LIMITS.short), value: clip(value, ATTACHMENT_LIMITS.text), short: true });
      }
    } else if (b.type === "context") {
      const line = blocksToMarkdown([b], opts);
      if (line) footer.push(line);
    } else if (b.type === "actions") {
      const line = blocksToMarkdown([b], opts);
      if (line) text = text ? `${text}\n\n${line}` : line;
    }
  }
  // Buttons (Alertmanager's runbook and silence links) are links here: their actions can't be answered.
  const links = (a.actions ?? []).flatMap((b) => {
    const url = safeUrl(b.url);
    return url && b.text ? [link(escapeInline(b.text), url)] : [];
  });
  if (links.length) text = [text, links.join(" · ")].filter(Boolean).join("\n\n");
  const out: MessageAttachment = {
    color: attachmentColor(a.color),
    pretext: orNull(mrkdwnToMarkdown(a.pretext, opts), ATTACHMENT_LIMITS.text),
    title: orNull(title, ATTACHMENT_LIMITS.short),
    title_link: title ? safeUrl(a.title_link) : null,
    text: orNull(text, ATTACHMENT_LIMITS.text),
    fields: fields.slice(0, ATTACHMENT_LIMITS.fields),
    footer: orNull(footer.filter(Boolean).join(" · "), ATTACHMENT_LIMITS.short),
    fallback: orNull((a.fallback ?? "").trim(), ATTACHMENT_LIMITS.text),
  };
  const shows = out.pretext || out.title || out.text || out.fields.length || out.footer;
  return shows ? out : null;
}

/** A payload as the message it posts: who it is from, its text and its attachments. */
export function convertPayload(p: WebhookPayload, webhookName: string, opts: FormatOptions): Converted {
  // With blocks, Slack shows them and keeps `text` for notifications; so do we.
  const content = p.blocks?.length ? blocksToMarkdown(p.blocks, opts) : mrkdwnToMarkdown(p.text, opts);
  const attachments = (p.attachments ?? [])
    .map((a) => convertAttachment(a, opts))
    .filter((a): a is MessageAttachment => a !== null)
    .slice(0, ATTACHMENT_LIMITS.attachments);
  const name = (p.username ?? p.name ?? "").trim() || webhookName;
  return {
    name: clip(name, 80),
    // Attachments alone (an alert) still give search and notifications their words.
    content: content ? clip(content, LIMITS.messageMaxChars) : attachmentsSummary(attachments),
    attachments: attachments.length ? attachments : null,
  };
}
