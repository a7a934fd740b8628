// A message's attachments (docs/integrations.md): Slack's "secondary attachments" as an
// integration sent them, already converted to this app's Markdown by the server, stored as data
// and drawn by the client (a coloured border, a linked title, a grid of fields). Never HTML.
import { z } from "zod";
import { LIMITS } from "../constants";

/** How many attachments and fields a message keeps; Slack's own cap is 100, no real tool sends that many. */
export const ATTACHMENT_LIMITS = { attachments: 20, fields: 30, text: 8000, short: 500 } as const;

/** A colour the client may paint: #rgb or #rrggbb (Slack's good/warning/danger are turned into these). */
export const attachmentColor = z.string().regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, "must be a #rrggbb colour");

export const attachmentField = z.object({
  title: z.string().max(ATTACHMENT_LIMITS.short),
  value: z.string().max(ATTACHMENT_LIMITS.text),
  short: z.boolean(),
});

export const messageAttachment = z.object({
  color: attachmentColor.nullable(),
  pretext: z.string().max(ATTACHMENT_LIMITS.text).nullable(),
  title: z.string().max(ATTACHMENT_LIMITS.short).nullable(),
  /** Only an http(s) address (checked by the server and again by the client's link rule). */
  title_link: z.string().max(2000).nullable(),
  text: z.string().max(ATTACHMENT_LIMITS.text).nullable(),
  fields: z.array(attachmentField).max(ATTACHMENT_LIMITS.fields),
  footer: z.string().max(ATTACHMENT_LIMITS.short).nullable(),
  /** What the attachment says in one line, for a notification or a client that draws no attachments. */
  fallback: z.string().max(ATTACHMENT_LIMITS.text).nullable(),
});

export type MessageAttachment = z.infer<typeof messageAttachment>;
export type AttachmentField = z.infer<typeof attachmentField>;

export const messageAttachments = z.array(messageAttachment).max(ATTACHMENT_LIMITS.attachments);

/**
 * The words of an integration's message that has no text of its own (Grafana's and Alertmanager's
 * alerts are attachments only): each attachment's fallback, Slack's own notification text, else
 * its title or text, one a line. The server stores it as the message's content so that search and
 * notifications have the alert's words; the client draws the attachments in its place
 * (docs/integrations.md). A typed @channel in it is no mention (a word joiner after the @).
 */
export function attachmentsSummary(list: readonly Pick<MessageAttachment, "fallback" | "title" | "pretext" | "text">[]): string {
  const lines = list.map((a) => a.fallback || a.title || a.pretext || a.text || "").filter(Boolean);
  const text = lines.join("\n").replace(/@(channel|here|everyone)\b/gi, "@\u2060$1");
  return text.length > LIMITS.messageMaxChars ? `${text.slice(0, LIMITS.messageMaxChars - 1)}…` : text;
}
