// Chat's SQL: message and channel rows touched when a message is posted, dms by their people, and
// read positions with the unread counts they give.
import { sql, type Expression, type SqlBool } from "kysely";
import type { Channel, Message, MessageEdit } from "../../db/schema";
import type { ChannelUnread } from "@shared/entities";
import type { RowOf } from "../../entities/policy";

type ChannelRead = RowOf<"channel_reads">;
import type { DbLike } from "../../entities/repository";
import { channelReadableBy } from "./channels.policy";
import { mentionedReaders } from "./mentions";

export function findChannel(db: DbLike, id: number): Promise<Channel | undefined> {
  return db.selectFrom("channels").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The channel of a message (for the channel read rule), or undefined when the message is gone. */
export function findMessageChannel(db: DbLike, messageId: number): Promise<Pick<Channel, "id" | "type" | "members"> | undefined> {
  return db
    .selectFrom("messages")
    .innerJoin("channels", "channels.id", "messages.channel_id")
    .select(["channels.id", "channels.type", "channels.members"])
    .where("messages.id", "=", messageId)
    .executeTakeFirst();
}

/** Keeps the text a `messages.update` replaced (docs/messages.md, "Reactions and edits"). */
export function insertMessageEdit(
  db: DbLike,
  edit: { message_id: number; channel_id: number; content: string; written_at: Date; edited_by: string },
): Promise<MessageEdit> {
  return db.insertInto("message_edits").values(edit).returningAll().executeTakeFirstOrThrow();
}

export interface NewMessage {
  channel_id: number;
  content: string;
  message_type: string;
  file_url: string | null;
  file_name: string | null;
  sender_id: number;
  sender_name: string;
  sender_email: string;
  /** The addresses the text names (shared/mentions.ts); the insert keeps those who may read the channel. */
  mentions: string[];
  mentions_all: boolean;
  /** The rooms of its change record (the messages policy's audience). */
  audience: string[];
}

/**
 * Inserts, in one statement, the messages for which `allowed` (a condition on `channels`, given
 * the sender's e-mail) holds and skips the others, so the condition is checked against the
 * database at the moment of the insert, and stores a change record for each stored message in
 * the same statement. Returns, for each input, its stored row with its record's sequence number,
 * or null when it was skipped (or its channel is gone). `allowed` must depend only on the channel
 * and the sender.
 */
export async function insertMessagesWhere(
  db: DbLike,
  list: NewMessage[],
  allowed: (senderEmail: Expression<string>) => Expression<SqlBool>,
  touch: number[] = [],
): Promise<({ row: Message; seq: number } | null)[]> {
  const input = JSON.stringify(list.map((m, ord) => ({ ord, ...m })));
  const res = await sql<Message & { change_seq: number }>`
    with v as (
      select * from jsonb_to_recordset(${input}::jsonb) as v(ord int, channel_id int, content text, message_type text, file_url text,
        file_name text, sender_id int, sender_name text, sender_email text, mentions text[], mentions_all boolean, audience text[])
    ), m as (
      insert into messages (channel_id, content, message_type, file_url, file_name, sender_id, sender_name, sender_email, mentions, mentions_all)
      select v.channel_id, v.content, v.message_type, v.file_url, v.file_name, v.sender_id, v.sender_name, v.sender_email,
        ${mentionedReaders(sql.ref<string[]>("v.mentions"))}, v.mentions_all
      from v join channels on channels.id = v.channel_id
      where ${allowed(sql.ref<string>("v.sender_email"))}
      order by v.ord
      returning *
    ), c as (
      insert into changes (tbl, op, row_id, audience)
      select 'messages', 'create', m.id, (select v.audience from v where v.channel_id = m.channel_id limit 1)
      from m order by m.id
      returning seq, row_id
    ), t as (
      -- Never back, if posts commit out of order.
      update channels set last_activity = latest.at from (select channel_id, max(created_at) as at from m group by channel_id) latest
      where channels.id = latest.channel_id and channels.id = any(${touch}::int[]) and channels.last_activity < latest.at
    )
    select m.*, c.seq as change_seq from m join c on c.row_id = m.id`.execute(db);
  // Rows are inserted in input order, so their ids are too. Whether a message passes depends only
  // on its channel and sender, so walking both lists in order pairs each stored row with its input.
  const stored = [...res.rows].sort((a, b) => a.id - b.id);
  let next = 0;
  return list.map((m) => {
    const hit = stored[next];
    if (hit && hit.channel_id === m.channel_id && hit.sender_id === m.sender_id) {
      next++;
      const { change_seq, ...row } = hit;
      return { row: row as Message, seq: Number(change_seq) };
    }
    return null;
  });
}

/** The channels this reader may read now (the channel read rule, in SQL). */
export async function readableChannelIds(db: DbLike, email: string): Promise<number[]> {
  const rows = await db.selectFrom("channels").select("id").where(channelReadableBy(sql<string>`${email}`)).execute();
  return rows.map((r) => r.id);
}

/** The unique constraint that keeps one reaction per message, person and emoji, and what a second one is told. */
export const REACTION_ONCE_KEY = "message_reactions_once";
export const REACTION_EXISTS = "you already reacted with this emoji";

export type ReactionRow = RowOf<"message_reactions">;

/**
 * Inserts a batch of reactions in one statement, each on its message's channel and only where its
 * person may read that channel (the channel read rule, checked against the database at the moment
 * of the insert); one already there, or a second of the same message, person and emoji in the
 * batch, is skipped by the unique constraint. Each stored row's change record (its rooms from
 * `audience`, given the row's channel) is stored by the same statement. Answers, for each input,
 * `unreadable` (its message is gone or in a channel they may not read) or the row this statement
 * made for it with its record's sequence number (null when none was made; identical inputs all
 * name the one row, the caller gives it to the first).
 */
export async function insertReactionsWhere(
  db: DbLike,
  list: { message_id: number; emoji: string; user_email: string }[],
  audience: (channelId: Expression<number>) => Expression<string[]>,
): Promise<({ unreadable: true } | { unreadable: false; made: { row: ReactionRow; seq: number } | null })[]> {
  const input = JSON.stringify(list.map((r, ord) => ({ ord, ...r })));
  const ids = [...new Set(list.map((r) => r.message_id))];
  const res = await sql<{ ord: number; readable: boolean; change_seq: number | null } & { [K in keyof ReactionRow]: ReactionRow[K] | null }>`
    with v as (
      select * from jsonb_to_recordset(${input}::jsonb) as v(ord int, message_id int, emoji text, user_email text)
    ), ok as (
      -- The ids as an array as well, so the planner looks the messages up by key (it cannot tell how few rows v holds).
      select v.ord, v.message_id, v.emoji, v.user_email, messages.channel_id
      from v join messages on messages.id = v.message_id join channels on channels.id = messages.channel_id
      where messages.id = any(${ids}::int[]) and ${channelReadableBy(sql.ref<string>("v.user_email"))}
    ), ins as (
      insert into message_reactions (message_id, channel_id, user_email, emoji)
      select message_id, channel_id, user_email, emoji from ok order by ord
      on conflict on constraint ${sql.raw(REACTION_ONCE_KEY)} do nothing
      returning *
    ), c as (
      insert into changes (tbl, op, row_id, audience)
      select 'message_reactions', 'create', ins.id, ${audience(sql.ref<number>("ins.channel_id"))} from ins order by ins.id
      returning seq, row_id
    )
    select v.ord, ok.ord is not null as readable, ins.*, c.seq as change_seq
    from v left join ok on ok.ord = v.ord
    left join ins on ins.message_id = ok.message_id and ins.user_email = ok.user_email and ins.emoji = ok.emoji
    left join c on c.row_id = ins.id
    order by v.ord`.execute(db);
  return res.rows.map(({ ord: _o, readable, change_seq, ...row }) =>
    readable ? { unreadable: false, made: row.id == null ? null : { row: row as ReactionRow, seq: Number(change_seq) } } : { unreadable: true },
  );
}

/** The unique index that keeps one dm per set of people, and what a second one is told. */
export const DM_MEMBERS_KEY = "channels_dm_members_key";
export const DM_EXISTS = "a direct message between these people already exists";

/** The dm whose members are exactly these addresses (in any order or case), served by that index. */
export function findDm(db: DbLike, emails: string[]): Promise<Channel | undefined> {
  return db
    .selectFrom("channels")
    .selectAll()
    .where("type", "=", "dm")
    .where(sql<string>`channel_member_key(members)`, "=", sql<string>`channel_member_key(${sql.val(emails)}::text[])`)
    .executeTakeFirst();
}

/**
 * The caller's read position in a channel, locked for the rest of the transaction; made (at 0)
 * when there is none, in a way two first reads at once cannot both do (`inserted` says who did).
 */
export async function claimRead(db: DbLike, userId: number, channelId: number): Promise<{ row: ChannelRead; inserted: boolean }> {
  const made = await db
    .insertInto("channel_reads")
    .values({ user_id: userId, channel_id: channelId, last_read_message_id: 0 })
    .onConflict((oc) => oc.columns(["user_id", "channel_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  const row = await db.selectFrom("channel_reads").selectAll().where("user_id", "=", userId).where("channel_id", "=", channelId).forUpdate().executeTakeFirstOrThrow();
  return { row, inserted: !!made };
}

export function setReadPosition(db: DbLike, id: number, position: number): Promise<ChannelRead> {
  return db.updateTable("channel_reads").set({ last_read_message_id: position, updated_at: new Date() }).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

/** The id of the channel's newest message (0 for none), from the (channel_id, id desc) index. */
export async function newestMessageId(db: DbLike, channelId: number): Promise<number> {
  const r = await db.selectFrom("messages").select("id").where("channel_id", "=", channelId).orderBy("id", "desc").limit(1).executeTakeFirst();
  return r?.id ?? 0;
}

export function findMessageIn(db: DbLike, channelId: number, id: number): Promise<{ id: number } | undefined> {
  return db.selectFrom("messages").select("id").where("id", "=", id).where("channel_id", "=", channelId).executeTakeFirst();
}

/**
 * Unread counts for every channel that is the reader's own (what the channel list shows above
 * "More channels": private channels and dms they may read, system channels, public channels they
 * joined), in one statement: messages after their position that someone else sent, counted up to
 * `max` per channel so a long-unread channel costs no more than that. Deleted messages are simply
 * not there to count; replies only in a thread count in the thread (docs/threads.md), not here.
 * `mentions`: those of them that mention the reader or everyone (docs/messages.md, "Mentions and read receipts"), counted the same way in the same statement.
 */
export async function unreadCounts(db: DbLike, reader: { id: number; email: string }, max: number): Promise<ChannelUnread[]> {
  const email = reader.email.toLowerCase();
  const res = await sql<ChannelUnread>`
    select channels.id as channel_id, coalesce(r.last_read_message_id, 0) as last_read_message_id,
      (select count(*) from (
        select 1 from messages m
        where m.channel_id = channels.id and m.id > coalesce(r.last_read_message_id, 0)
          and (m.thread_root_id is null or m.also_to_channel)
          and coalesce(m.sender_id = ${reader.id}, lower(m.sender_email) = ${email}) is not true
        limit ${max}
      ) u)::int as unread,
      (select count(*) from (
        select 1 from messages m
        where m.channel_id = channels.id and m.id > coalesce(r.last_read_message_id, 0)
          and coalesce(m.sender_id = ${reader.id}, lower(m.sender_email) = ${email}) is not true
          -- The first condition is the predicate of messages_mentioned_idx, so the walk uses it.
          and (m.mentions_all or m.mentions <> '{}') and (m.mentions_all or m.mentions @> array[${email}]::text[])
        limit ${max}
      ) u)::int as mentions
    from channels
    left join channel_reads r on r.user_id = ${reader.id} and r.channel_id = channels.id
    where ${channelReadableBy(sql<string>`${email}`)}
      and (channels.type <> 'public' or channels.is_system or channels.members @> array[${email}]::text[])
    order by channels.id`.execute(db);
  return res.rows.map((r) => ({
    channel_id: r.channel_id,
    last_read_message_id: Number(r.last_read_message_id),
    unread: Number(r.unread),
    mentions: Number(r.mentions),
  }));
}
