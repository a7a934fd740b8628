// Posting a message: one path for POST /entities/messages and for the socket's
// `messages.create`, so both follow the same rules (DESIGN.md sections 4 and 5).
import { messageCreateInput } from "@shared/realtime";
import { safeLink } from "@shared/entities/fields";
import type { AppContext } from "../../context";
import type { Message, User } from "../../db/schema";
import { insertMessage, touchChannel } from "./repository";
import { messagesPolicy } from "./messages.policy";
import { HttpError, forbidden, zodMessage } from "../../errors";
import { emitChange } from "../../entities/events";

const fail = (detail: string) => new HttpError(400, `Insert failed: ${detail}`.slice(0, 315));

/**
 * Validates, checks that the user may read the channel, stores the message as the user
 * (never as whoever the input names), moves the channel's last_activity in the same
 * transaction, and emits `messages.create` after the commit.
 */
export async function createMessage(ctx: AppContext, user: User, input: unknown): Promise<Message> {
  const parsed = messageCreateInput.safeParse(input);
  if (!parsed.success) throw fail(zodMessage(parsed.error));
  const data = parsed.data;
  const content = data.content.trim();
  if (!content && !data.file_url) throw fail("content cannot be empty");
  if (data.file_url !== undefined) {
    const link = safeLink.safeParse(data.file_url);
    if (!link.success) throw fail(`file_url: ${link.error.issues[0]?.message ?? "invalid"}`);
  }
  const message = await ctx.db.transaction().execute(async (trx) => {
    if ((await messagesPolicy.canCreate(user, data, trx)) !== true) throw forbidden();
    const stored = await insertMessage(trx, {
      channel_id: data.channel_id,
      content,
      message_type: data.message_type ?? "text",
      file_url: data.file_url ?? null,
      file_name: data.file_name?.trim() || null,
      ...(messagesPolicy.serverFields.create(user, data, trx) as { sender_id: number; sender_name: string; sender_email: string }),
    });
    await touchChannel(trx, stored.channel_id, new Date(stored.created_at));
    return stored;
  });
  emitChange(ctx, "messages", "create", message.id, message);
  return message;
}
