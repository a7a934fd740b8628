// Incoming webhooks (docs/integrations.md): a channel's secret address that outside tools (Grafana,
// Alertmanager, CI, uptime monitors) post to in Slack's incoming-webhook format, or in the native
// form below. Created and revoked by those who manage the channel (`incoming_webhooks.create`,
// `incoming_webhooks.delete`); readable by the channel's readers, whom the list shows the name,
// who made it and when it was last used. The token is kept only as a hash, so its address is
// shown once, in the answer to its creation.
import { z } from "zod";
import { idRef, requiredText } from "./fields";
import { defineEntity, rowBase } from "./define";

export const WEBHOOK_NAME_MAX = 80;

export const incomingWebhooks = defineEntity({
  table: "incoming_webhooks",
  input: {
    channel_id: idRef,
    name: requiredText("name", WEBHOOK_NAME_MAX),
  },
  required: ["channel_id", "name"],
  nullable: [],
  serverSet: ["created_by", "last_used_at", "url"],
  createOnly: ["channel_id"],
  row: z.object({
    ...rowBase,
    channel_id: z.number().int(),
    /** The integration's name: the sender messages show unless the payload names itself (`username`). */
    name: z.string(),
    /** Who made it (an e-mail, as rows name people): the integration's owner. */
    created_by: z.string(),
    /** When it last posted (at most once a minute moves it); null if never. */
    last_used_at: z.string().nullable(),
    /**
     * The address to post to: only in the answer to `incoming_webhooks.create`, null everywhere
     * else (the server keeps its hash alone). Absolute when PUBLIC_URL is set, else a path.
     */
    url: z.string().nullable(),
  }),
  instants: ["last_used_at"],
  internal: z.object({ token_hash: z.string() }),
  filters: { id: "int", channel_id: "int", name: "text", created_by: "email" },
});

export type IncomingWebhook = z.infer<typeof incomingWebhooks.row>;

// What a webhook accepts (docs/integrations.md). Tools send many fields we have no use for
// (channel, icon_emoji, mrkdwn_in, ts, callback_id, actions...): they are ignored, never refused;
// what we read is typed, and a wrong type is a 400 that names the field.

const str = (max: number) => z.string({ error: "must be text" }).max(max, `must be at most ${max} characters`);
/** Tools leave optional text out, or send it as "" or null: all mean "none". */
const optStr = (max: number) => str(max).nullish();

/** A Block Kit text object ({type: "mrkdwn" | "plain_text", text}). */
const blockText = z.object({ type: z.string().max(40).optional(), text: str(3000).nullish() });

/** The blocks we show: section, header, context, divider (others, like actions or image, are skipped). */
export const slackBlock = z.object({
  type: str(40),
  text: blockText.nullish(),
  fields: z.array(blockText).max(20).nullish(),
  /** A context's texts, an actions block's buttons ({text: {text}, url}). */
  elements: z.array(z.object({ type: z.string().max(40).optional(), text: z.union([str(3000), blockText]).nullish(), url: optStr(3000) })).max(25).nullish(),
});

const slackField = z.object({
  title: optStr(500),
  value: z.union([str(8000), z.number(), z.boolean()]).nullish(),
  short: z.union([z.boolean(), z.literal("true"), z.literal("false")]).nullish(),
});

export const slackAttachment = z.object({
  color: optStr(40),
  pretext: optStr(8000),
  title: optStr(500),
  title_link: optStr(2000),
  text: optStr(8000),
  fields: z.array(slackField).max(50).nullish(),
  footer: optStr(500),
  fallback: optStr(8000),
  /** Buttons; an address among them is shown as a link. */
  actions: z.array(z.object({ type: optStr(40), text: optStr(200), url: optStr(3000) })).max(25).nullish(),
  /** Attachments may hold blocks too (Uptime Kuma's rich message). */
  blocks: z.array(slackBlock).max(50).nullish(),
});

/** Slack's incoming-webhook payload, and the native form (`name` in place of `username`). */
export const webhookPayload = z
  .object(
    {
      text: optStr(40_000),
      attachments: z.array(slackAttachment).max(100, "attachments: at most 100").nullish(),
      blocks: z.array(slackBlock).max(50, "blocks: at most 50").nullish(),
      username: optStr(80),
      /** The native form's name for the sender shown (the same as `username`). */
      name: optStr(80),
      icon_url: optStr(2000),
    },
    { error: "the body must be a JSON object" },
  )
  .refine((p) => !!(p.text?.trim() || p.attachments?.length || p.blocks?.length), "the message needs text, attachments or blocks");

export type WebhookPayload = z.infer<typeof webhookPayload>;
