// message_reactions: readable by whoever can read the message's channel; added by those readers
// as themselves; removed only by the person who reacted; never changed (docs/messages.md, "Reactions and edits").
import { notFound } from "../../errors";
import { emailOf, sameEmail } from "../../entities/policy-helpers";
import type { DbLike } from "../../entities/repository";
import type { TablePolicy } from "../../entities/policy";
import { canReadChannel } from "./channels.policy";
import { sql } from "kysely";
import { canReadChannelRow, channelRowAudience, channelRowAudienceSql, channelRowReadFilter } from "./channel-rows";
import { findMessageChannel } from "./repository";

export const REACTION_NOT_YOURS = "You can remove only your own reactions";
export const REACTION_UNCHANGEABLE = "A reaction cannot be changed: remove it and add another";

type MessageChannel = Awaited<ReturnType<typeof findMessageChannel>>;

/**
 * The message's channel, looked up once per transaction: the create command asks for it twice
 * (whether the reader may react, then the row's channel_id), and a reaction is on the chat's hot
 * path. Kept only on a transaction's handle, so nothing outlives it.
 */
const lookedUp = new WeakMap<DbLike, Map<number, Promise<MessageChannel>>>();
function messageChannelOnce(db: DbLike, messageId: number): Promise<MessageChannel> {
  if (!db.isTransaction) return findMessageChannel(db, messageId);
  let seen = lookedUp.get(db);
  if (!seen) lookedUp.set(db, (seen = new Map()));
  let found = seen.get(messageId);
  if (!found) seen.set(messageId, (found = findMessageChannel(db, messageId)));
  return found;
}

/** The message's channel when the reader may read it; a message they may not read is "not found". */
async function readableMessageChannel(db: DbLike, user: Parameters<typeof canReadChannel>[0], messageId: number) {
  const channel = await messageChannelOnce(db, messageId);
  if (!channel || !canReadChannel(user, channel)) throw notFound("Message not found");
  return channel;
}

export const messageReactionsPolicy: TablePolicy<"message_reactions"> = {
  readFilter: channelRowReadFilter,
  audience: channelRowAudience,
  // A batch of reactions stores its records in its own statement (./reactions.ts).
  audienceSql: (rows) => channelRowAudienceSql(sql.ref(`${rows}.channel_id`)),
  canRead: canReadChannelRow,
  async canCreate(user, input, db) {
    await readableMessageChannel(db, user, Number(input.message_id));
    return true;
  },
  canUpdate: () => REACTION_UNCHANGEABLE,
  canDelete: (user, row) => sameEmail(row.user_email, user.email) || REACTION_NOT_YOURS,
  serverFields: {
    create: async (user, input, db) => ({
      user_email: emailOf(user),
      channel_id: (await readableMessageChannel(db, user, Number(input.message_id))).id,
    }),
  },
};
