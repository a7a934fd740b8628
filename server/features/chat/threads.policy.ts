// thread_follows: a person's follow and read position in a thread are theirs alone (docs/threads.md). Like channel_reads: the read rule is `user_id = me` in SQL and the room `user:<id>`
// the audience (docs/architecture.md, "Policies and audiences"). A row is kept for a thread whose
// channel its owner may read; it changes only through `thread_follows.update` (./threads.ts).
import { sql, type Expression } from "kysely";
import type { TablePolicy } from "../../entities/policy";
import { readsByAudience } from "../../entities/audience";
import { rooms } from "@shared/realtime";
import { canManageChannel, canReadChannel } from "./channels.policy";
import { findThreadRoot } from "./threads.repository";
import type { DbLike } from "../../entities/repository";
import type { Channel, Message, User } from "../../db/schema";
import { sameEmail } from "../../entities/policy-helpers";
import { HttpError, notFound } from "../../errors";

export const FOLLOWS_NOT_DELETED = "A thread is not deleted from your list: unfollow it instead";
export const NOT_A_ROOT = "thread_root_id: replies belong to the thread's first message, not to another reply";

export const RESOLVE_REFUSED = "Only the thread's starter or someone who manages the channel may resolve or reopen it";

/** `messages.resolve`: the thread's starter, or anyone who manages its channel (channels.policy.ts). */
export function canResolveThread(
  user: User,
  root: Pick<Message, "sender_id" | "sender_email">,
  channel: Pick<Channel, "is_system" | "members" | "created_by">,
): true | string {
  const starter = root.sender_id != null ? root.sender_id === user.id : sameEmail(root.sender_email, user.email);
  return starter || canManageChannel(user, channel) ? true : RESOLVE_REFUSED;
}

export const threadFollowsAudience = (row: { user_id: number }) => [rooms.user(row.user_id)];

/**
 * The same audience in SQL, for a statement that stores rows and their change records at once
 * (./replies.ts, through the policy's audienceSql): a room name is its prefix and the user's id (rooms.user).
 */
const USER_ROOM_PREFIX = rooms.user(0).slice(0, -1);
export const threadFollowsAudienceSql = (userId: Expression<number>) => sql<string[]>`array[${USER_ROOM_PREFIX} || ${userId}]::text[]`;

/**
 * The root of a thread the caller may read. A message of a channel they cannot read answers like
 * a missing one; a reply is refused in words, since a thread is one level deep.
 */
export async function readableRoot(db: DbLike, user: User, rootId: number) {
  const root = await findThreadRoot(db, rootId);
  if (!root || !canReadChannel(user, root.channel)) throw notFound("Message not found");
  if (root.thread_root_id != null) throw new HttpError(400, NOT_A_ROOT);
  return root;
}

export const threadFollowsPolicy: TablePolicy<"thread_follows"> = {
  readFilter: (user) => (eb) => eb("thread_follows.user_id", "=", user.id),
  audience: threadFollowsAudience,
  audienceSql: (rows) => threadFollowsAudienceSql(sql.ref(`${rows}.user_id`)),
  canRead: readsByAudience(threadFollowsAudience),
  async canCreate(user, input, db) {
    await readableRoot(db, user, Number(input.thread_root_id));
    return true;
  },
  /** Only one's own row, and only whether one follows and how far one read. */
  canUpdate: (user, row, changes) => row.user_id === user.id && Object.keys(changes).every((k) => k === "following" || k === "last_read_message_id"),
  canDelete: () => FOLLOWS_NOT_DELETED,
  serverFields: {
    create: async (user, input, db) => ({ user_id: user.id, channel_id: (await readableRoot(db, user, Number(input.thread_root_id))).channel_id }),
  },
};
