import { z } from "zod";
import { idRef, safeLink, text } from "./fields";
import { defineEntity, rowBase } from "./define";
import { LIMITS } from "../constants";

export const MESSAGE_TYPES = ["text", "file", "image"] as const;

const fields = {
  channel_id: idRef,
  content: text(LIMITS.messageMaxChars),
  message_type: z.enum(MESSAGE_TYPES, { error: "must be text, file or image" }),
  file_url: safeLink,
  file_name: text(500),
};

export const messages = defineEntity({
  table: "messages",
  input: fields,
  required: ["channel_id"],
  nullable: ["file_url", "file_name"],
  serverSet: ["sender_id", "sender_name", "sender_email", "edited_at", "mentions", "mentions_all"],
  createOnly: ["channel_id"],
  row: z.object({
    ...rowBase,
    channel_id: z.number().int(),
    content: z.string(),
    sender_name: z.string(),
    sender_email: z.string(),
    message_type: z.enum(MESSAGE_TYPES),
    file_url: z.string().nullable(),
    file_name: z.string().nullable(),
    /** When the text was last changed after posting (README, "Reactions and edits"); null if never. */
    edited_at: z.string().nullable(),
    /**
     * The people the text mentions who may read the channel (lower-case e-mails), worked out by
     * the server from the content on every create and edit (README, "Mentions and read receipts").
     */
    mentions: z.array(z.string()),
    /** The text says @channel or @here: everyone in the channel is mentioned. */
    mentions_all: z.boolean(),
  }),
  instants: ["edited_at"],
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
});
export type MessageCreateInput = z.input<typeof messageCreateInput>;
