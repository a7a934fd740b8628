import { z } from "zod";
import { idRef, safeLink, text } from "./fields";
import { defineEntity, rowBase } from "./define";

export const MESSAGE_TYPES = ["text", "file", "image"] as const;

export const messages = defineEntity({
  table: "messages",
  input: {
    channel_id: idRef,
    content: text(10_000),
    message_type: z.enum(MESSAGE_TYPES, { error: "must be text, file or image" }),
    file_url: safeLink,
    file_name: text(500),
  },
  required: ["channel_id"],
  nullable: ["file_url", "file_name"],
  serverSet: ["sender_id", "sender_name", "sender_email"],
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
  }),
  instants: [],
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
