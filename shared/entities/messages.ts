import { z } from "zod";
import { boolish, idRef, safeLink, text } from "./fields";
import { defineEntity, rowBase } from "./define";
import { LIMITS } from "../constants";
import { messageAttachments } from "./attachments";

export const MESSAGE_TYPES = ["text", "file", "image"] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const fields = {
  channel_id: idRef,
  content: text(LIMITS.messageMaxChars),
  message_type: z.enum(MESSAGE_TYPES, { error: "must be text, file or image" }),
  file_url: safeLink,
  file_name: text(500),
  /** A reply names its thread's root message (docs/threads.md); null for a message of the channel. */
  thread_root_id: idRef,
  /** A reply also shown in the channel's main list ("Also send to #channel"). */
  also_to_channel: boolish,
  /**
   * The sender's own id for the message, a UUID made once per message: the same sender sending it
   * again is answered the message already stored (docs/messages.md, "Sent when back online").
   */
  client_id: z.preprocess((v) => (typeof v === "string" ? v.toLowerCase() : v), z.string({ error: "must be a UUID" }).regex(UUID, "must be a UUID")),
};

export const messages = defineEntity({
  table: "messages",
  // The chat feature applies pushed rows to its store (client/src/features/chat/socket.ts).
  sync: "in-place",
  input: fields,
  required: ["channel_id"],
  nullable: ["file_url", "file_name", "thread_root_id"],
  // A root's thread counters move with its replies; deleted_at marks a deleted root kept for its replies.
  serverSet: ["sender_id", "sender_name", "sender_email", "edited_at", "mentions", "mentions_all", "reply_count", "last_reply_at", "repliers", "deleted_at", "resolved_at", "resolved_by", "pinned_at", "pinned_by", "webhook_id", "attachments"],
  createOnly: ["channel_id", "thread_root_id", "also_to_channel", "client_id"],
  row: z.object({
    ...rowBase,
    channel_id: z.number().int(),
    content: z.string(),
    sender_name: z.string(),
    sender_email: z.string(),
    message_type: z.enum(MESSAGE_TYPES),
    file_url: z.string().nullable(),
    file_name: z.string().nullable(),
    /** When the text was last changed after posting (docs/messages.md, "Reactions and edits"); null if never. */
    edited_at: z.string().nullable(),
    /**
     * The people the text mentions who may read the channel (lower-case e-mails), worked out by
     * the server from the content on every create and edit (docs/messages.md, "Mentions and read receipts").
     */
    mentions: z.array(z.string()),
    /** The text says @channel or @here: everyone in the channel is mentioned. */
    mentions_all: z.boolean(),
    /** The thread's root message for a reply; null for a message of the channel (docs/threads.md). */
    thread_root_id: z.number().int().nullable(),
    /** A reply also shown in the channel's main list. */
    also_to_channel: z.boolean(),
    /** A root's replies: how many, when the newest came, and who wrote the latest (up to 3 e-mails, newest first). */
    reply_count: z.number().int(),
    last_reply_at: z.string().nullable(),
    repliers: z.array(z.string()),
    /** A deleted root whose replies remain: its text is gone and it shows as "Message deleted". */
    deleted_at: z.string().nullable(),
    /** A root's thread marked resolved: when and by whom (an e-mail); null while open (`messages.resolve`). */
    resolved_at: z.string().nullable(),
    resolved_by: z.string().nullable(),
    /** Pinned in its channel: when and by whom (an e-mail); null when not pinned (`messages.pin`, docs/messages.md "Pinned"). */
    pinned_at: z.string().nullable(),
    pinned_by: z.string().nullable(),
    /**
     * The incoming webhook that posted it (docs/integrations.md): the sender is that integration,
     * shown with a bot badge; null for a person's message. Kept after the webhook is revoked.
     */
    webhook_id: z.number().int().nullable(),
    /** An integration's Slack-style attachments, as data the client draws; null for a person's message. */
    attachments: messageAttachments.nullable(),
    /** The sender's own id for the message (`client_id` of the input), null when it sent none. */
    client_id: z.string().nullable(),
  }),
  instants: ["edited_at", "last_reply_at", "deleted_at", "resolved_at", "pinned_at"],
  // The sender's account; clients identify senders by e-mail.
  internal: z.object({ sender_id: z.number().int().nullable() }),
  filters: {
    id: "int",
    channel_id: "int",
    content: "text",
    sender_name: "text",
    sender_email: "email",
    message_type: "text",
    file_url: "text",
    file_name: "text",
    thread_root_id: "int",
    also_to_channel: "bool",
    webhook_id: "int",
  },
});

export type ChatMessage = z.infer<typeof messages.row>;

/**
 * A new message, over REST (POST /entities/messages) and the socket (`messages.create`) alike:
 * the table's own field rules, so both refuse the same input with the same words.
 */
export const messageCreateInput = z.object({
  channel_id: fields.channel_id,
  content: fields.content.default(""),
  message_type: fields.message_type.optional(),
  file_url: fields.file_url.optional(),
  file_name: fields.file_name.optional(),
  thread_root_id: fields.thread_root_id.nullable().optional(),
  also_to_channel: fields.also_to_channel.optional(),
  client_id: fields.client_id.optional(),
});
export type MessageCreateInput = z.input<typeof messageCreateInput>;


/**
 * `messages.resolve` and POST /api/chat/threads/resolve (docs/threads.md): mark a thread resolved
 * (`resolved: true`) or reopen it, by its root's id.
 */
export const messagesResolveInput = z.strictObject(
  {
    thread_root_id: idRef,
    resolved: z.boolean({ error: "resolved must be true or false" }),
  },
  { error: "the body must be an object" },
);
export type MessagesResolveInput = z.input<typeof messagesResolveInput>;
