import { z } from "zod";
import { defineEntity, noInternal, rowBase } from "./define";

/**
 * An earlier version of a message: written by the server, in the transaction of the
 * `messages.update` that replaced it, never by a client. `written_at` is when this text was
 * posted or last edited; `created_date` when it was replaced.
 */
export const messageEdits = defineEntity({
  table: "message_edits",
  input: {},
  required: [],
  nullable: [],
  serverSet: ["message_id", "channel_id", "content", "written_at", "edited_by"],
  row: z.object({
    ...rowBase,
    message_id: z.number().int(),
    channel_id: z.number().int(),
    content: z.string(),
    written_at: z.string(),
    edited_by: z.string(),
  }),
  instants: ["written_at"],
  internal: noInternal,
  filters: { id: "int", message_id: "int", channel_id: "int" },
});

export type MessageEdit = z.infer<typeof messageEdits.row>;
