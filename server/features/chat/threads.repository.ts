// Threads' SQL (README, "Threads"): roots and their counters, replies, and the rows of
// thread_follows with the unread counts they give.
import { sql } from "kysely";
import type { Channel, Message } from "../../db/schema";
import type { RowOf } from "../../entities/policy";
import type { DbLike } from "../../entities/repository";
import { channelReadableBy } from "./channels.policy";

type ThreadFollowRow = RowOf<"thread_follows">;

/** How many repliers a root names (the newest first). */
export const REPLIERS_SHOWN = 3;

/**
 * A message with its channel (for the channel read rule); `lock` holds the message for the
 * transaction. The lock is FOR NO KEY UPDATE, what the root's own counter update takes anyway: it
 * keeps replies to one root in turn and keeps the root from being deleted (DELETE needs FOR UPDATE),
 * but lets rows that only reference the root (a reaction, its key checked with FOR KEY SHARE) be
 * written meanwhile instead of waiting for the reply's transaction.
 */
export async function findThreadRoot(
  db: DbLike,
  id: number,
  lock = false,
): Promise<(Message & { channel: Pick<Channel, "id" | "type" | "members" | "is_system" | "created_by"> }) | undefined> {
  let q = db
    .selectFrom("messages")
    .innerJoin("channels", "channels.id", "messages.channel_id")
    .selectAll("messages")
    .select(["channels.type as channel_type", "channels.members as channel_members", "channels.is_system as channel_is_system", "channels.created_by as channel_created_by"])
    .where("messages.id", "=", id);
  if (lock) q = q.forNoKeyUpdate("messages");
  const r = await q.executeTakeFirst();
  if (!r) return undefined;
  const { channel_type, channel_members, channel_is_system, channel_created_by, ...message } = r;
  return {
    ...(message as Message),
    channel: { id: r.channel_id, type: channel_type, members: channel_members, is_system: channel_is_system, created_by: channel_created_by },
  };
}

/** A thread resolved by `by` (an e-mail) now, or reopened (`by` null). */
export function setResolved(db: DbLike, rootId: number, by: string | null): Promise<Message> {
  return db
    .updateTable("messages")
    .set({ resolved_at: by ? new Date() : null, resolved_by: by, updated_at: new Date() })
    .where("id", "=", rootId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface NewReply {
  channel_id: number;
  thread_root_id: number;
  also_to_channel: boolean;
  content: string;
  message_type: Message["message_type"];
  file_url: string | null;
  file_name: string | null;
  sender_id: number;
  sender_name: string;
  sender_email: string;
}

export function insertReply(db: DbLike, reply: NewReply): Promise<Message> {
  return db.insertInto("messages").values(reply).returningAll().executeTakeFirstOrThrow();
}

/**
 * Rewrites a root's counters from the replies that exist now (after a reply or a deleted reply),
 * so they can never drift from the thread: the count, the newest reply's time and the latest
 * distinct repliers, newest first.
 */
export async function recountRoot(db: DbLike, rootId: number): Promise<Message> {
  const res = await sql<Message>`
    update messages r set
      reply_count = s.n,
      last_reply_at = s.last,
      repliers = coalesce((
        select array_agg(x.email order by x.newest desc) from (
          select lower(m.sender_email) as email, max(m.id) as newest from messages m
          where m.thread_root_id = ${rootId} group by lower(m.sender_email) order by newest desc limit ${REPLIERS_SHOWN}
        ) x), '{}')
    from (select count(*)::int as n, max(created_at) as last from messages where thread_root_id = ${rootId}) s
    where r.id = ${rootId}
    returning r.*`.execute(db);
  return res.rows[0];
}

/** A deleted root whose replies remain: its text and attachment go, the row stays as a placeholder. */
export function clearMessage(db: DbLike, id: number): Promise<Message> {
  return db
    .updateTable("messages")
    .set({ content: "", file_url: null, file_name: null, deleted_at: new Date(), updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The reactions and earlier versions of a deleted root go with its text (they would tell it). */
export async function clearMessageExtras(db: DbLike, id: number): Promise<{ reactions: RowOf<"message_reactions">[]; edits: RowOf<"message_edits">[] }> {
  const reactions = await db.deleteFrom("message_reactions").where("message_id", "=", id).returningAll().execute();
  const edits = await db.deleteFrom("message_edits").where("message_id", "=", id).returningAll().execute();
  return { reactions, edits };
}

/** The rows of a thread whose root is going (each gets its change record from the caller). */
export function deleteFollows(db: DbLike, rootId: number): Promise<ThreadFollowRow[]> {
  return db.deleteFrom("thread_follows").where("thread_root_id", "=", rootId).returningAll().execute();
}

/** A reply also sent to the channel moves the channel's last_activity, as any channel message does. */
export async function touchChannel(db: DbLike, channelId: number, at: Date): Promise<void> {
  await db.updateTable("channels").set({ last_activity: at }).where("id", "=", channelId).where("last_activity", "<", at).execute();
}

/**
 * Makes the person's row for a thread if there is none (following), or, with `refollow`, makes an
 * unfollowed thread followed again. Answers the row before and after, or null when nothing changed.
 */
export async function upsertFollow(
  db: DbLike,
  v: { thread_root_id: number; channel_id: number; user_id: number },
  refollow: boolean,
): Promise<{ before: ThreadFollowRow | null; after: ThreadFollowRow } | null> {
  const made = await db.insertInto("thread_follows").values({ ...v, following: true }).onConflict((oc) => oc.columns(["user_id", "thread_root_id"]).doNothing()).returningAll().executeTakeFirst();
  if (made) return { before: null, after: made };
  if (!refollow) return null;
  const before = await db.selectFrom("thread_follows").selectAll().where("user_id", "=", v.user_id).where("thread_root_id", "=", v.thread_root_id).forUpdate().executeTakeFirstOrThrow();
  if (before.following) return null;
  const after = await setFollow(db, before.id, { following: true });
  return { before, after };
}

/**
 * The caller's row for a thread, locked for the rest of the transaction; made (not following, at
 * 0) when there is none, in a way two first writes at once cannot both do (`inserted` says who did).
 */
export async function claimFollow(db: DbLike, v: { thread_root_id: number; channel_id: number; user_id: number }): Promise<{ row: ThreadFollowRow; inserted: boolean }> {
  const made = await db.insertInto("thread_follows").values({ ...v, following: false }).onConflict((oc) => oc.columns(["user_id", "thread_root_id"]).doNothing()).returning("id").executeTakeFirst();
  const row = await db.selectFrom("thread_follows").selectAll().where("user_id", "=", v.user_id).where("thread_root_id", "=", v.thread_root_id).forUpdate().executeTakeFirstOrThrow();
  return { row, inserted: !!made };
}

export function setFollow(db: DbLike, id: number, patch: { following?: boolean; last_read_message_id?: number }): Promise<ThreadFollowRow> {
  return db.updateTable("thread_follows").set({ ...patch, updated_at: new Date() }).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

/** The id of the thread's newest reply (0 for none), from the thread index. */
export async function newestReplyId(db: DbLike, rootId: number): Promise<number> {
  const r = await db.selectFrom("messages").select("id").where("thread_root_id", "=", rootId).orderBy("id", "desc").limit(1).executeTakeFirst();
  return r?.id ?? 0;
}

/**
 * The threads the reader follows in channels they may read, with their position and unread
 * replies (others' replies after the position, counted up to `max`), unread first, then the most
 * recently active; at most `limit`.
 */
export async function followedThreads(
  db: DbLike,
  reader: { id: number; email: string },
  max: number,
  limit: number,
): Promise<{ thread_root_id: number; channel_id: number; last_read_message_id: number; unread: number }[]> {
  const email = reader.email.toLowerCase();
  const res = await sql<{ thread_root_id: number; channel_id: number; last_read_message_id: number; unread: number; last_reply_at: Date | null }>`
    select * from (
    select f.thread_root_id, f.channel_id, f.last_read_message_id, r.last_reply_at,
      (select count(*) from (
        select 1 from messages m
        where m.thread_root_id = f.thread_root_id and m.id > f.last_read_message_id
          and coalesce(m.sender_id = ${reader.id}, lower(m.sender_email) = ${email}) is not true
        limit ${max}
      ) u)::int as unread
    from thread_follows f
    join messages r on r.id = f.thread_root_id
    join channels on channels.id = r.channel_id
    where f.user_id = ${reader.id} and f.following and ${channelReadableBy(sql<string>`${email}`)}
    ) t
    order by t.unread > 0 desc, t.last_reply_at desc nulls last, t.thread_root_id desc
    limit ${limit}`.execute(db);
  return res.rows.map(({ last_reply_at: _at, ...r }) => ({ ...r, last_read_message_id: Number(r.last_read_message_id), unread: Number(r.unread) }));
}

export function messagesByIds(db: DbLike, ids: number[]): Promise<Message[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom("messages").selectAll().where("id", "in", ids).execute();
}
