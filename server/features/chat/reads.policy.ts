// channel_reads: a person's read positions are theirs alone (docs/unread.md). The read rule is
// `user_id = me` in SQL and the room `user:<id>` as the audience (docs/architecture.md, "Policies
// and audiences"), so every tab and device of that person, and nobody else, gets each move. A
// position is kept for a channel its owner may read; it moves only through `channel_reads.update`
// (./reads.ts), which asks this policy.
import type { TablePolicy } from "../../entities/policy";
import { readsByAudience } from "../../entities/audience";
import { notFound } from "../../errors";
import { rooms } from "@shared/realtime";
import { canReadChannel } from "./channels.policy";
import { findChannel } from "./repository";

export const READS_NOT_DELETED = "A read position is not deleted: mark a message as unread to move it back";

export const channelReadsAudience = (row: { user_id: number }) => [rooms.user(row.user_id)];

export const channelReadsPolicy: TablePolicy<"channel_reads"> = {
  readFilter: (user) => (eb) => eb("channel_reads.user_id", "=", user.id),
  audience: channelReadsAudience,
  canRead: readsByAudience(channelReadsAudience),
  /** A position in a channel the caller may read; any other channel answers like a missing one. */
  async canCreate(user, input, db) {
    const channel = await findChannel(db, Number(input.channel_id));
    if (!channel || !canReadChannel(user, channel)) throw notFound("Channel not found");
    return true;
  },
  /** Only one's own position, and only the position itself. */
  canUpdate: (user, row, changes) => row.user_id === user.id && Object.keys(changes).every((k) => k === "last_read_message_id"),
  canDelete: () => READS_NOT_DELETED,
  serverFields: {
    create: (user) => ({ user_id: user.id }),
  },
};
