// A message's attachments (docs/integrations.md): Slack's "secondary attachments" as an
// integration sent them, already converted to this app's Markdown by the server, stored as data
// and drawn by the client (a coloured border, a linked title, a grid of fields). Never HTML.
import { z } from "zod";

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
