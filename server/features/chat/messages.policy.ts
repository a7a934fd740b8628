// messages: readable by whoever can read the channel; posted by readers as themselves;
// edited by their sender; deleted by their sender or by someone who may delete channels.
import type { User } from "../../db/schema";
import { findChannel } from "./repository";
import { isAdmin } from "../../auth/roles";
import { notFound } from "../../errors";
import { canReadChannel, channelReadCondition } from "./channels.policy";
import { emailOf, otherKeys, sameEmail } from "../../entities/policy-helpers";
import type { RowOf, TablePolicy } from "../../entities/policy";
import { rooms } from "@shared/realtime";
import { mentionFields } from "./mentions";
import { sql } from "kysely";
import { channelRowAudienceSql } from "./channel-rows";

export const MESSAGE_DELETED = "This message was deleted";

/** A message is seen by the readers of its channel: the sockets in the channel's room. */
export const messageAudience = (row: Pick<RowOf<"messages">, "channel_id">) => [rooms.channel(row.channel_id)];

const isSender = (user: User, row: Pick<RowOf<"messages">, "sender_id" | "sender_email">) =>
  row.sender_id != null ? row.sender_id === user.id : sameEmail(row.sender_email, user.email);

export const messagesPolicy: TablePolicy<"messages"> = {
  readFilter: (user) => (eb) =>
    eb("messages.channel_id", "in", eb.selectFrom("channels").select("channels.id").where((ceb) => channelReadCondition(ceb, user))),
  audience: messageAudience,
  // A batch of messages and their roots stores its records in its own statement (./post.ts).
  audienceSql: (rows) => channelRowAudienceSql(sql.ref(`${rows}.channel_id`)),
  // Without the channel at hand the answer is no: a message is only as visible as its channel.
  canRead: (user, row, related) => !!related?.channel && related.channel.id === row.channel_id && canReadChannel(user, related.channel),
  async canCreate(user, input, db) {
    const channel = await findChannel(db, Number(input.channel_id));
    // An unreadable channel answers like a missing one, so private channel ids stay private.
    if (!channel || !canReadChannel(user, channel)) throw notFound("Channel not found");
    return true;
  },
  canUpdate: (user, row, changes) =>
    row.deleted_at ? MESSAGE_DELETED : isSender(user, row) && otherKeys(changes, ["content", "file_url", "file_name", "message_type"]).length === 0,
  canDelete: (user, row) => isSender(user, row) || isAdmin(user),
  serverFields: {
    create: (user) => ({ sender_id: user.id, sender_name: user.full_name, sender_email: emailOf(user) }),
    // A changed text is an edit: readers show "(edited)" and its earlier versions (./hooks.ts).
    // Its mentions are worked out again from the new text, so editing one out removes it (./mentions.ts).
    // messages.update is the generic update (server/entities/pipeline.ts), which hands over its transaction.
    update: async (user, row, changes, db) => {
      if (!("content" in changes)) return {};
      if (!db) throw new Error("messages.update derives mentions inside its transaction");
      return { edited_at: new Date(), ...(await mentionFields(db, user, row.channel_id, String(changes.content ?? ""))) };
    },
  },
};
