// A person's row for a thread (docs/threads.md): whether they follow it and how far they have
// read it. The read position is a message id, as in channel_reads, so the same arithmetic
// (shared/unread.ts) counts a thread's unread replies. Only its owner sees it (audience
// `user:<id>`), and it changes only through the command `thread_follows.update`; replying in a
// thread (or having started it) makes it, following.
import { z } from "zod";
import { idRef } from "./fields";
import { defineEntity, noInternal, rowBase } from "./define";
import type { ChatMessage } from "./messages";

const POSITION = "must be a message id (a whole number, 0 for none)";
const position = z.preprocess(
  (v) => (typeof v === "string" && /^\d{1,10}$/.test(v) ? Number(v) : v),
  z.number({ error: POSITION }).int(POSITION).min(0, POSITION).max(2_147_483_647, POSITION),
);
const following = z.boolean({ error: "must be true or false" });

export const threadFollows = defineEntity({
  table: "thread_follows",
  input: { thread_root_id: idRef, following, last_read_message_id: position },
  required: ["thread_root_id"],
  nullable: [],
  serverSet: ["user_id", "channel_id"],
  createOnly: ["thread_root_id"],
  row: z.object({
    ...rowBase,
    thread_root_id: z.number().int(),
    channel_id: z.number().int(),
    user_id: z.number().int(),
    following: z.boolean(),
    last_read_message_id: z.number().int(),
  }),
  instants: [],
  internal: noInternal,
  filters: { id: "int", thread_root_id: "int", channel_id: "int", user_id: "int", following: "bool", last_read_message_id: "int" },
});

export type ThreadFollow = z.infer<typeof threadFollows.row>;

/**
 * `thread_follows.update` (socket) and `POST /api/chat/threads/follow` (REST): follow or unfollow a
 * thread (`following`), and/or say I have read its replies up to `read_message_id` (the position
 * moves there, never back and never past the newest reply).
 */
// Strict: a field this command does not take (say, the row's last_read_message_id) is refused in
// words rather than ignored, since ignoring it could follow a thread the caller meant only to read.
export const threadFollowsUpdateInput = z
  .strictObject(
    {
      thread_root_id: idRef,
      following: following.optional(),
      read_message_id: position.optional(),
    },
    { error: "the body must be an object" },
  )
  .refine((v) => v.following !== undefined || v.read_message_id !== undefined, { error: "say following, read_message_id or both" });
export type ThreadFollowsUpdateInput = z.input<typeof threadFollowsUpdateInput>;

/** A followed thread as `GET /api/chat/threads` answers it: its root, the reader's row and unread replies. */
export interface FollowedThread {
  thread_root_id: number;
  channel_id: number;
  last_read_message_id: number;
  /** Replies after the position not written by the reader, counted up to UNREAD_COUNT_MAX. */
  unread: number;
  root: ChatMessage;
}
