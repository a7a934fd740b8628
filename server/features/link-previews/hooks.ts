// `message_link_previews.delete` (docs/integrations.md, "Link previews"): the message's author
// removes a preview. The row stays, marked removed, so that editing the message does not bring it
// back; its readers get the delete live. Someone who may not read the channel is told it is not
// there, as for the message itself.
import { HttpError, notFound } from "../../errors";
import type { TableHooks } from "../../entities/policy";
import { withChanges } from "../../feed/changelog";
import { findChannel } from "../chat/repository";
import { canReadChannel } from "../chat/channels.policy";
import { PREVIEW_AUTHOR_ONLY } from "./policy";

export const messageLinkPreviewsHooks: TableHooks = {
  async delete(ctx, user, id) {
    await withChanges(ctx, async (trx, log) => {
      const row = await trx.selectFrom("message_link_previews").selectAll().where("id", "=", id).where("status", "=", "ready").forUpdate().executeTakeFirst();
      if (!row) throw notFound();
      const channel = await findChannel(trx, row.channel_id);
      if (!channel || !canReadChannel(user, channel)) throw notFound();
      const message = await trx.selectFrom("messages").select(["sender_id"]).where("id", "=", row.message_id).executeTakeFirst();
      if (!message) throw notFound();
      if (message.sender_id !== user.id) throw new HttpError(403, PREVIEW_AUTHOR_ONLY);
      await trx.updateTable("message_link_previews").set({ status: "removed", updated_at: new Date() }).where("id", "=", id).execute();
      log.add("message_link_previews", "delete", id, null, row);
    });
    return { ok: true, id };
  },
};
