// `messages.pin` (docs/messages.md, "Pinned"): pinning changes the message row itself, so the
// change reaches every reader of the channel through the change feed like an edit does, and the
// pin indicator and the channel's Pinned list follow it live in every tab.
import type { AppContext } from "../../context";
import type { Message, User } from "../../db/schema";
import { withChanges } from "../../feed/changelog";
import { enforce, emailOf } from "../../entities/policy-helpers";
import { presentMessage } from "../../entities/present";
import { canReadChannel } from "../chat/channels.policy";
import { notFound } from "../../errors";
import type { ChatMessage } from "@shared/entities";
import { canPin, readableMessage } from "./policy";
import { findMessageInChannel, pinnedIn, setPinned } from "./repository";

export async function pinMessage(ctx: AppContext, user: User, input: { message_id: number; pinned: boolean }): Promise<ChatMessage> {
  const after = await withChanges(ctx, async (trx, log): Promise<Message> => {
    // Locked, so two pins of one message take turns and each sees the other's result.
    const m = readableMessage(user, await findMessageInChannel(trx, input.message_id, true));
    enforce(canPin(user, m));
    const { channel: _c, ...before } = m;
    void _c;
    if (input.pinned === (before.pinned_at != null)) return before as Message;
    const row = await setPinned(trx, m.id, input.pinned ? emailOf(user) : null);
    log.add("messages", "update", row.id, row, before);
    return row;
  });
  return presentMessage(after);
}

/** The channel's pinned messages, newest pin first; a channel the reader may not read is "not found". */
export async function listPins(ctx: AppContext, user: User, channelId: number): Promise<ChatMessage[]> {
  const channel = await ctx.db.selectFrom("channels").select(["id", "type", "members"]).where("id", "=", channelId).executeTakeFirst();
  if (!channel || !canReadChannel(user, channel)) throw notFound("Channel not found");
  return (await pinnedIn(ctx.db, channelId)).map(presentMessage);
}
