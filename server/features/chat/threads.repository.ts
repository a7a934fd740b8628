// Threads' SQL (docs/threads.md): roots and their counters, replies, and the rows of
// thread_follows with the unread counts they give.
import { sql, type Expression } from "kysely";
import type { Channel, Message } from "../../db/schema";
import type { RowOf } from "../../entities/policy";
import type { DbLike } from "../../entities/repository";
import { channelReadableBy } from "./channels.policy";
import { mentionedReaders } from "./mentions";

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
export async function findThreadRoot(db: DbLike, id: number, lock = false): Promise<ThreadRoot | undefined> {
  return (await findThreadRoots(db, [id], lock))[0];
}

export type ThreadRoot = Message & { channel: Pick<Channel, "id" | "type" | "members" | "is_system" | "created_by"> };

/** Several roots at once (a batch of replies), locked in id order so two batches never wait on each other in a circle. */
export async function findThreadRoots(db: DbLike, ids: number[], lock = false): Promise<ThreadRoot[]> {
  if (!ids.length) return [];
  let q = db
    .selectFrom("messages")
    .innerJoin("channels", "channels.id", "messages.channel_id")
    .selectAll("messages")
    .select(["channels.type as channel_type", "channels.members as channel_members", "channels.is_system as channel_is_system", "channels.created_by as channel_created_by"])
    .where("messages.id", ids.length === 1 ? "=" : "in", ids.length === 1 ? ids[0] : ids)
    .orderBy("messages.id");
  if (lock) q = q.forNoKeyUpdate("messages");
  const rows = await q.execute();
  return rows.map((r) => {
    const { channel_type, channel_members, channel_is_system, channel_created_by, ...message } = r;
    return {
      ...(message as Message),
      channel: { id: r.channel_id, type: channel_type, members: channel_members, is_system: channel_is_system, created_by: channel_created_by },
    };
  });
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
  /** The addresses the text names (shared/mentions.ts); the insert keeps those who may read the channel. */
  mentions: string[];
  mentions_all: boolean;
}

/**
 * Inserts a batch of replies (their roots locked by the caller) in input order, rewrites each
 * root's counters once, moves the last_activity of the channels of replies also sent there, and
 * stores the change records of the replies (create) and roots (update), in one statement. The
 * recount reads the replies that existed before the statement plus the ones it inserts (a
 * statement does not see its own inserts), so it counts exactly what recountRoot would count after
 * them. Answers the replies in input order and the roots, each with its record's sequence number.
 */
export async function insertReplies(db: DbLike, list: (NewReply & { audience: string[] })[]): Promise<{ replies: Stored[]; roots: Stored[] }> {
  const input = JSON.stringify(list.map((m, ord) => ({ ord, ...m })));
  const rootIds = [...new Set(list.map((m) => m.thread_root_id))];
  const res = await sql<Message & { is_root: boolean; change_seq: number }>`
    with v as (
      select * from jsonb_to_recordset(${input}::jsonb) as v(ord int, channel_id int, thread_root_id int, also_to_channel boolean,
        content text, message_type text, file_url text, file_name text, sender_id int, sender_name text, sender_email text,
        mentions text[], mentions_all boolean, audience text[])
    ), m as (
      insert into messages (channel_id, thread_root_id, also_to_channel, content, message_type, file_url, file_name,
        sender_id, sender_name, sender_email, mentions, mentions_all)
      select v.channel_id, v.thread_root_id, v.also_to_channel, v.content, v.message_type, v.file_url, v.file_name,
        v.sender_id, v.sender_name, v.sender_email, ${mentionedReaders(sql.ref<string[]>("v.mentions"))}, v.mentions_all
      from v join channels on channels.id = v.channel_id
      order by v.ord
      returning *
    ), t as (
      -- The roots as an array, not a join with v: the planner then walks the thread index (it
      -- cannot tell how few rows v holds).
      select id, thread_root_id, sender_email, created_at from messages where thread_root_id = any(${rootIds}::int[])
      union all select id, thread_root_id, sender_email, created_at from m
    ), roots as (
      update messages r set
        reply_count = s.n,
        last_reply_at = s.last,
        repliers = coalesce((
          select array_agg(x.email order by x.newest desc) from (
            select lower(t.sender_email) as email, max(t.id) as newest from t
            where t.thread_root_id = r.id group by lower(t.sender_email) order by newest desc limit ${REPLIERS_SHOWN}
          ) x), '{}')
      from (select thread_root_id, count(*)::int as n, max(created_at) as last from t group by thread_root_id) s
      where r.id = s.thread_root_id and r.id = any(${rootIds}::int[])
      returning r.*
    ), touched as (
      -- Never back, if posts commit out of order.
      update channels set last_activity = l.at from (select channel_id, max(created_at) as at from m where also_to_channel group by channel_id) l
      where channels.id = l.channel_id and channels.last_activity < l.at
    ), c as (
      -- A reply and its root share their channel and so their rooms.
      insert into changes (tbl, op, row_id, audience)
      select 'messages', x.op, x.id, (select v.audience from v where v.thread_root_id = x.root limit 1) from (
        select 1 as k, 'create' as op, m.id, m.thread_root_id as root from m
        union all select 2, 'update', roots.id, roots.id from roots
      ) x order by x.k, x.id
      returning seq, row_id, op
    )
    select m.*, false as is_root, c.seq as change_seq from m join c on c.row_id = m.id and c.op = 'create'
    union all select roots.*, true, c.seq from roots join c on c.row_id = roots.id and c.op = 'update'`.execute(db);
  const replies: Stored[] = [];
  const roots: Stored[] = [];
  for (const { is_root, change_seq, ...row } of res.rows) (is_root ? roots : replies).push({ row: row as Message, seq: Number(change_seq) });
  // Inserted in input order, so their ids are too.
  replies.sort((a, b) => a.row.id - b.row.id);
  if (replies.length !== list.length) throw new Error("a reply's channel is gone");
  return { replies, roots };
}

type Stored = { row: Message; seq: number };

/** Someone a batch of replies makes follow a thread: by id (a replier, the starter) or by a mentioned address. */
export interface Follower {
  thread_root_id: number;
  channel_id: number;
  user_id: number | null;
  email: string | null;
  /** A reply of their own follows an unfollowed thread again; being the starter or mentioned does not. */
  refollow: boolean;
}

/**
 * Makes the follows a batch of replies asks for, in one statement: a row (following) for whoever
 * has none, and, with `refollow`, an unfollowed row followed again (ON CONFLICT locks the row
 * another transaction may have just made, as upserting one by one would), each with its change
 * record (rooms from `audience`, given the row's user). Answers the rows it made or changed, with
 * `inserted`, the changed rows' previous updated_at and the record's sequence number.
 */
export async function upsertFollows(
  db: DbLike,
  list: Follower[],
  audience: (userId: Expression<number>) => Expression<string[]>,
): Promise<(ThreadFollowRow & { inserted: boolean; before_updated_at: Date | null; change_seq: number })[]> {
  if (!list.length) return [];
  const res = await sql<ThreadFollowRow & { inserted: boolean; before_updated_at: Date | null; change_seq: number }>`
    with w0 as (
      select * from jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as w(thread_root_id int, channel_id int, user_id int, email text, refollow boolean)
    ), w as (
      select thread_root_id, min(channel_id) as channel_id, user_id, bool_or(refollow) as refollow from (
        select w0.thread_root_id, w0.channel_id, w0.refollow,
          coalesce(w0.user_id, (select u.id from users u where lower(u.email) = w0.email)) as user_id
        from w0) x
      where user_id is not null
      group by thread_root_id, user_id
    ), old as (
      -- Row by row through the (user_id, thread_root_id) key (the planner cannot tell how few rows w holds).
      select f.id, f.updated_at from w cross join lateral (
        select id, updated_at from thread_follows f where f.user_id = w.user_id and f.thread_root_id = w.thread_root_id) f
    ), re as (
      insert into thread_follows (thread_root_id, channel_id, user_id, following)
      select thread_root_id, channel_id, user_id, true from w where refollow order by user_id, thread_root_id
      on conflict (user_id, thread_root_id) do update set following = true, updated_at = now() where not thread_follows.following
      returning *, (xmax = 0) as inserted
    ), once as (
      insert into thread_follows (thread_root_id, channel_id, user_id, following)
      select thread_root_id, channel_id, user_id, true from w where not refollow order by user_id, thread_root_id
      on conflict (user_id, thread_root_id) do nothing
      returning *, true as inserted
    ), f as (
      select * from re union all select * from once
    ), c as (
      insert into changes (tbl, op, row_id, audience)
      select 'thread_follows', case when f.inserted then 'create' else 'update' end, f.id, ${audience(sql.ref<number>("f.user_id"))} from f order by f.id
      returning seq, row_id
    )
    select f.*, old.updated_at as before_updated_at, c.seq as change_seq from f join c on c.row_id = f.id left join old on old.id = f.id
    order by f.id`.execute(db);
  return res.rows;
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
