// messages through the Entity API: posting goes through the one path the socket uses too;
// channels: a second dm between the same people is refused in words a client can show.
import { HttpError } from "../../errors";
import type { TableHooks } from "../../entities/policy";
import { messageInput, postMessage } from "./post";
import { deleteMessage } from "./threads";
import { createReaction } from "./reactions";
import type { Message } from "../../db/schema";
import { emailOf } from "../../entities/policy-helpers";
import { reviseMessageNotifications } from "../notifications/follow-message";
import { DM_EXISTS, DM_MEMBERS_KEY, REACTION_EXISTS, REACTION_ONCE_KEY, insertMessageEdit } from "./repository";

export const messagesHooks: TableHooks = {
  create: (ctx, user, body) => postMessage(ctx, user, messageInput(body)),
  // A reply recounts its root; a root with replies stays as a placeholder (docs/threads.md).
  delete: (ctx, user, id) => deleteMessage(ctx, user, id),
  // An edit keeps the text it replaces, in the edit's transaction and with its own change record,
  // so every reader's history of the message follows live (docs/messages.md, "Reactions and edits"); the
  // notification centre's items that quote the message say the new text, in the same way
  // (docs/notifications.md).
  async afterWrite(trx, user, op, before, after, log) {
    if (op !== "update" || !before || !after || before.content === after.content) return;
    const b = before as unknown as Message;
    await reviseMessageNotifications(trx, log, b.id, (after as unknown as Message).content);
    const edit = await insertMessageEdit(trx, {
      message_id: b.id,
      channel_id: b.channel_id,
      content: b.content,
      written_at: b.edited_at ?? b.created_at,
      edited_by: emailOf(user),
    });
    log.add("message_edits", "create", edit.id, edit);
  },
};

/**
 * message_reactions: one per message, person and emoji (migrations/202611241300_message_reactions_edits.ts);
 * created with the reactions arriving with it (./reactions.ts).
 */
export const messageReactionsHooks: TableHooks = {
  create: (ctx, user, body) => createReaction(ctx, user, body),
  writeError(prefix, err) {
    const e = err as { code?: string; constraint?: string };
    if (e?.code === "23505" && e.constraint === REACTION_ONCE_KEY) return new HttpError(409, `${prefix}: ${REACTION_EXISTS}`);
    return undefined;
  },
};

/** channels: one dm per pair of people, enforced by a unique index (migrations/202611231300_dm_pairs.ts). */
export const channelsHooks: TableHooks = {
  writeError(prefix, err) {
    const e = err as { code?: string; constraint?: string };
    if (e?.code === "23505" && e.constraint === DM_MEMBERS_KEY) return new HttpError(409, `${prefix}: ${DM_EXISTS}`);
    return undefined;
  },
};
