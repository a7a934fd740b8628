// Threads' SQL (docs/threads.md): roots and their counters, replies, and the rows of
// thread_follows with the unread counts they give.
import { sql } from "kysely";
import { HOT } from "../../db/prepared";
import type { Channel, Message } from "../../db/schema";
import type { RowOf } from "../../entities/policy";
import type { DbLike } from "../../entities/repository";
import type { RecordColumns, StatementRecorder } from "../../feed/types";
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
 * record stored by the same statement through `log`. Answers the rows it made or changed.
 */
export async function upsertFollows(db: DbLike, log: StatementRecorder, list: Follower[]): Promise<ThreadFollowRow[]> {
  if (!list.length) return [];
  const records = log.records("c", [{ table: "thread_follows", op: sql`case when f.inserted then 'create' else 'update' end`, rows: "f" }]);
  const res = await sql<ThreadFollowRow & { inserted: boolean; before_updated_at: Date | null } & RecordColumns>`${sql.raw(HOT)}
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
    ), ${records.cte}
    select f.*, old.updated_at as before_updated_at, ${records.columns} from f ${records.join("thread_follows", "f")} left join old on old.id = f.id
    order by f.id`.execute(db);
  return res.rows.map(({ inserted, before_updated_at, ...joined }) => {
    const { change_seq: _s, change_audience: _a, ...row } = joined;
    // Only a row followed again was there before: as it was, unfollowed.
    const before = inserted ? null : { ...row, following: false, updated_at: before_updated_at ?? row.created_at };
    return log.took("thread_follows", inserted ? "create" : "update", joined, before);
  });
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

/** A deleted root whose replies remain: its text and attachments (a file, an integration's cards) go, the row stays as a placeholder. */
export function clearMessage(db: DbLike, id: number): Promise<Message> {
  return db
    .updateTable("messages")
    .set({ content: "", file_url: null, file_name: null, attachments: null, deleted_at: new Date(), updated_at: new Date() })
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
