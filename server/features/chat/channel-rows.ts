// The read rule of rows that belong to a message's channel (reactions, earlier versions): the
// channel's, exactly as for messages (./messages.policy.ts), written once here for both tables
// (docs/architecture.md, "Policies and audiences").
import { sql, type Expression, type ExpressionBuilder } from "kysely";
import { rooms } from "@shared/realtime";
import type { Database, User } from "../../db/schema";
import type { ReadFilter, Related } from "../../entities/policy";
import { emailOf } from "../../entities/policy-helpers";
import { canReadChannel, channelReadableBy } from "./channels.policy";

type ChannelRowTable = "message_reactions" | "message_edits";

/** SQL: the row's channel is one the reader may read. */
export function channelRowReadFilter<T extends ChannelRowTable>(user: User): ReadFilter<T> {
  const readable = (eb: ExpressionBuilder<Database, ChannelRowTable>) =>
    eb("channel_id", "in", eb.selectFrom("channels").select("channels.id").where(channelReadableBy(sql<string>`${emailOf(user)}`)));
  return readable as unknown as ReadFilter<T>;
}

/** Seen by the readers of its channel: the sockets in the channel's room. */
export const channelRowAudience = (row: { channel_id: number }) => [rooms.channel(row.channel_id)];

/**
 * The same audience in SQL, for a statement that stores a row and its change record at once
 * (the policies' audienceSql of messages and reactions): a room name is its prefix and the channel's id (rooms.channel).
 */
const CHANNEL_ROOM_PREFIX = rooms.channel(0).slice(0, -1);
export const channelRowAudienceSql = (channelId: Expression<number>) => sql<string[]>`array[${CHANNEL_ROOM_PREFIX} || ${channelId}]::text[]`;

/** In memory, like a message: only with the channel at hand. */
export const canReadChannelRow = (user: User, row: { channel_id: number }, related?: Related) =>
  !!related?.channel && related.channel.id === row.channel_id && canReadChannel(user, related.channel);
