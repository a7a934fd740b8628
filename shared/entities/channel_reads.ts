// A person's read position in a channel (docs/unread.md): the id of the newest message they
// have read there. Only its owner sees it (audience `user:<id>`), and it moves only through the
// command `channel_reads.update` (forward when reading; to just before a message when marking it
// unread). The generic create and update of the Entity API are that same command.
import { z } from "zod";
import { idRef } from "./fields";
import { defineEntity, noInternal, rowBase } from "./define";

const position = z.preprocess(
  (v) => (typeof v === "string" && /^\d{1,10}$/.test(v) ? Number(v) : v),
  z.number({ error: "must be a message id (a whole number, 0 for none)" }).int("must be a message id (a whole number, 0 for none)").min(0, "must be a message id (a whole number, 0 for none)").max(2_147_483_647, "must be a message id (a whole number, 0 for none)"),
);

export const channelReads = defineEntity({
  table: "channel_reads",
  input: { channel_id: idRef, last_read_message_id: position },
  required: ["channel_id", "last_read_message_id"],
  nullable: [],
  serverSet: ["user_id"],
  createOnly: ["channel_id"],
  row: z.object({
    ...rowBase,
    channel_id: z.number().int(),
    user_id: z.number().int(),
    last_read_message_id: z.number().int(),
  }),
  instants: [],
  internal: noInternal,
  filters: { id: "int", channel_id: "int", user_id: "int", last_read_message_id: "int" },
});

export type ChannelRead = z.infer<typeof channelReads.row>;

/**
 * `channel_reads.update` (socket) and `POST /api/chat/read` (REST): I have read up to `message_id`
 * (the position moves there, never back), or, with `unread: true`, mark `message_id` and everything
 * after it unread (the position moves to just before it, back or forth).
 */
export const channelReadsUpdateInput = z.object(
  {
    channel_id: idRef,
    message_id: idRef,
    unread: z.boolean({ error: "must be true or false" }).optional(),
  },
  { error: "the body must be an object" },
);
export type ChannelReadsUpdateInput = z.input<typeof channelReadsUpdateInput>;

/** One channel's unread count as `GET /api/chat/unread` answers it. */
export interface ChannelUnread {
  channel_id: number;
  /** The reader's position (0: nothing read yet). */
  last_read_message_id: number;
  /** Messages after the position not sent by the reader, counted up to UNREAD_COUNT_MAX. */
  unread: number;
  /** Of those, the ones that mention the reader or say @channel/@here (docs/messages.md, "Mentions and read receipts"). */
  mentions: number;
}

/**
 * Read receipts (docs/messages.md, "Mentions and read receipts"): a member's read position as others see it,
 * in dms and channels of up to LIMITS.receiptsMaxMembers members, between people who both have
 * `enable_read_receipts` on. `GET /api/chat/receipts` answers them; `channel_receipts.update`
 * pushes each move.
 */
export const channelReceipt = z.object({
  channel_id: z.number().int(),
  user_id: z.number().int(),
  user_email: z.string(),
  last_read_message_id: z.number().int(),
});
export type ChannelReceipt = z.infer<typeof channelReceipt>;

/** `GET /api/chat/receipts?channel_id=`. */
export const channelReceiptsQuery = z.object({ channel_id: idRef }, { error: "channel_id is required" });

/** What `GET /api/chat/receipts` answers: `enabled` false (and no receipts) when they do not apply. */
export interface ChannelReceipts {
  channel_id: number;
  enabled: boolean;
  receipts: ChannelReceipt[];
}
