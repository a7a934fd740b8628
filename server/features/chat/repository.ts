// Chat's SQL: message and channel rows touched when a message is posted, dms by their people, and
// read positions with the unread counts they give.
import { sql } from "kysely";
import { HOT } from "../../db/prepared";
import type { Channel, Message, MessageEdit } from "../../db/schema";
import type { ChannelUnread, MessageAttachment } from "@shared/entities";
import type { RowOf } from "../../entities/policy";

type ChannelRead = RowOf<"channel_reads">;
import type { DbLike } from "../../entities/repository";
import type { RecordColumns, StatementRecorder } from "../../feed/types";
import { channelReadableBy } from "./channels.policy";
import { mentionedReaders } from "./mentions";
import { REPLIERS_SHOWN } from "./threads.repository";

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

/** A message as one function builds it (./post.ts), a root or a reply in a thread alike. */
export interface NewMessage {
  channel_id: number;
  thread_root_id: number | null;
  also_to_channel: boolean;
  content: string;
  message_type: string;
  file_url: string | null;
  file_name: string | null;
  /** Null for an integration's message (an incoming webhook, docs/integrations.md). */
  sender_id: number | null;
  sender_name: string;
  sender_email: string;
  /** The addresses the text names (shared/mentions.ts); the insert keeps those who may read the channel. */
  mentions: string[];
  mentions_all: boolean;
  /** The incoming webhook posting it: the insert then checks that the webhook still exists for the channel, in place of the sender's read rule. */
  webhook_id?: number | null;
  attachments?: MessageAttachment[] | null;
  /** The sender's own id for the message (docs/messages.md, "Sent when back online"): one row per sender and client_id. */
  client_id?: string | null;
}

/**
 * For each message of a batch: whether its sender may read its channel, and the row stored (null:
 * refused by the caller, or `taken`: its client_id names another message of the sender's);
 * `existing` when the row is an earlier try of the same message (same sender and client_id).
 */
export type Placed = { readable: false } | { readable: true; row: Message | null; existing?: boolean; taken?: boolean };

/**
 * Inserts a batch of messages, roots and replies alike, in one statement (docs/architecture.md,
 * "The write path"): the channel read rule is checked for every message against the database at
 * the moment of the insert, and a message whose sender may not read its channel, or that the
 * caller refused (`refused`: a reply whose root does not take it), is skipped. The same statement
 * rewrites the counters of each root that gets a reply (the recount reads the replies that existed
 * before the statement plus the ones it inserts: a statement does not see its own inserts, so it
 * counts exactly what recountRoot would after them; `roots` are the caller's locked rows, the
 * records' `before`), moves the last_activity of the channels in `touch` that get a message shown
 * in the channel, and stores the change records through `log`. Answers each input's outcome, in
 * input order.
 *
 * A message with a `client_id` that its sender already used (an earlier try whose answer was lost,
 * docs/messages.md "Sent when back online") is not inserted again (the unique index
 * messages_client_id_key, `on conflict do nothing`): its input is answered with the stored row,
 * which has no new record. Two tries in one batch make one row, answered to both. A try racing
 * another batch's (Postgres, another lane) waits for it at the index and cannot see its row in
 * the statement's snapshot, so only then a second statement reads it.
 */
export async function insertMessages(
  db: DbLike,
  log: StatementRecorder,
  list: (NewMessage & { refused?: boolean })[],
  opts: { touch: number[]; roots?: ReadonlyMap<number, Message> },
): Promise<Placed[]> {
  const input = JSON.stringify(list.map((m, ord) => ({ ord, ...m, refused: !!m.refused })));
  const rootIds = [...new Set(list.flatMap((m) => (m.thread_root_id != null && !m.refused ? [m.thread_root_id] : [])))];
  const records = log.records("c", rootIds.length ? [{ table: "messages", op: "create", rows: "m" }, { table: "messages", op: "update", rows: "roots" }] : [{ table: "messages", op: "create", rows: "m" }]);
  const recount = rootIds.length ? threadRecount(rootIds) : sql``;
  const tries = list.filter((m) => m.client_id != null && m.sender_id != null);
  const clientIds = [...new Set(tries.map((m) => m.client_id!))];
  const senderIds = [...new Set(tries.map((m) => m.sender_id!))];
  const res = await sql<{ ord: number | null; is_root: boolean; existing: boolean } & { [K in keyof Message]: Message[K] | null } & RecordColumns>`${sql.raw(HOT)}
    with v as (
      select * from jsonb_to_recordset(${input}::jsonb) as v(ord int, channel_id int, thread_root_id int, also_to_channel boolean,
        content text, message_type text, file_url text, file_name text, sender_id int, sender_name text, sender_email text,
        mentions text[], mentions_all boolean, refused boolean, webhook_id int, attachments jsonb, client_id uuid)
    ), ok as (
      select v.*, case when not v.refused and v.client_id is null then row_number() over (partition by v.refused, v.client_id is null order by v.ord) end as n,
        ${mentionedReaders(sql.ref<string[]>("v.mentions"))} as readers
      from v join channels on channels.id = v.channel_id
      where case when v.webhook_id is null then ${channelReadableBy(sql.ref<string>("v.sender_email"))}
        else exists (select 1 from incoming_webhooks w where w.id = v.webhook_id and w.channel_id = v.channel_id) end
    ), m as (
      insert into messages (channel_id, thread_root_id, also_to_channel, content, message_type, file_url, file_name,
        sender_id, sender_name, sender_email, mentions, mentions_all, webhook_id, attachments, client_id)
      select ok.channel_id, ok.thread_root_id, ok.also_to_channel, ok.content, ok.message_type, ok.file_url, ok.file_name,
        ok.sender_id, ok.sender_name, ok.sender_email, ok.readers, ok.mentions_all, ok.webhook_id, ok.attachments, ok.client_id
      from ok where not ok.refused
      order by ok.ord
      on conflict (client_id, sender_id) where client_id is not null do nothing
      returning *
    ), prior as (
      -- Earlier tries stored before this statement, by the arrays so the planner walks the index.
      select p.* from messages p
      where p.client_id = any(${clientIds}::uuid[]) and p.sender_id = any(${senderIds}::int[]) and p.id <> all(${rootIds}::int[])
    ), placed as (
      -- Rows are inserted in input order, so their ids are too: the n-th row without a client_id is
      -- the n-th admitted input without one; a row with one is found by it.
      select ok.ord, coalesce(mn.id, mc.id, p.id) as id, p.id is not null as existing from ok
      left join (select m.id, row_number() over (order by m.id) as n from m where m.client_id is null) mn on mn.n = ok.n
      left join m mc on ok.client_id is not null and mc.client_id = ok.client_id and mc.sender_id = ok.sender_id
      left join prior p on ok.client_id is not null and p.client_id = ok.client_id and p.sender_id = ok.sender_id
    )${recount}, touched as (
      -- Never back, if posts commit out of order.
      update channels set last_activity = l.at
      from (select channel_id, max(created_at) as at from m where m.thread_root_id is null or m.also_to_channel group by channel_id) l
      where channels.id = l.channel_id and channels.id = any(${opts.touch}::int[]) and channels.last_activity < l.at
    ), ${records.cte}
    select placed.ord, false as is_root, placed.existing, r.*, ${records.columns}
    from placed left join (select * from m union all select * from prior) r on r.id = placed.id ${records.join("messages", "r")}
    ${rootIds.length ? sql`union all select null, true, false, roots.*, ${records.columns} from roots ${records.join("messages", "roots")}` : sql``}
    order by 1`.execute(db);
  const placed: Placed[] = list.map(() => ({ readable: false }));
  // Two tries in the batch name the one row: its record is taken once, by the first.
  const made = new Map<number, Message>();
  for (const { ord, is_root, existing, ...joined } of res.rows) {
    if (is_root) log.took("messages", "update", joined as Message & RecordColumns, opts.roots?.get(Number(joined.id)) ?? null);
    else if (joined.id == null) placed[ord!] = { readable: true, row: null };
    else if (existing) placed[ord!] = sameMessage(list[ord!], stripRecord(joined));
    else if (made.has(joined.id)) placed[ord!] = sameMessage(list[ord!], made.get(joined.id)!);
    else {
      made.set(joined.id, log.took("messages", "create", joined as Message & RecordColumns));
      placed[ord!] = { readable: true, row: made.get(joined.id)! };
    }
  }
  const racing = list.flatMap((m, i) => (m.client_id != null && m.sender_id != null && !m.refused && isUnplaced(placed[i]) ? [i] : []));
  if (racing.length) await placeRacing(db, list, placed, racing);
  return placed;
}

const isUnplaced = (p: Placed) => p.readable && !p.row && !p.taken;

const stripRecord = ({ change_seq: _s, change_audience: _a, ...row }: Record<string, unknown>) => row as unknown as Message;

/** An earlier try answers a message only if it is the same message's (same channel and thread); otherwise the client_id is taken. */
function sameMessage(input: NewMessage, row: Message): Placed {
  const same = row.channel_id === input.channel_id && (row.thread_root_id ?? null) === (input.thread_root_id ?? null);
  return same ? { readable: true, row: { ...row }, existing: true } : { readable: true, row: null, taken: true };
}

/** Tries whose row another batch committed while this statement waited at the index: read now that it is visible. */
async function placeRacing(db: DbLike, list: NewMessage[], placed: Placed[], racing: number[]): Promise<void> {
  const rows = await db
    .selectFrom("messages")
    .selectAll()
    .where("client_id", "in", racing.map((i) => list[i].client_id!))
    .where("sender_id", "in", racing.map((i) => list[i].sender_id!))
    .execute();
  for (const i of racing) {
    const row = rows.find((r) => r.client_id === list[i].client_id && r.sender_id === list[i].sender_id);
    if (row) placed[i] = sameMessage(list[i], row);
  }
}

/**
 * The CTEs that rewrite the counters of the roots that get a reply in the statement of
 * insertMessages (`m` holds its rows): the count, the newest reply's time and the latest distinct
 * repliers, newest first, as recountRoot (./threads.repository.ts) counts them.
 */
function threadRecount(rootIds: number[]) {
  return sql`, t as (
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
      where r.id = s.thread_root_id and r.id = any(${rootIds}::int[]) and r.id in (select m.thread_root_id from m)
      returning r.*
    )`;
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
 * batch, is skipped by the unique constraint. The same statement stores each stored row's change
 * record through `log`. Answers, for each input, `unreadable` (its message is gone or in a channel
 * they may not read) or the row this statement made for it (null when none was made; identical
 * inputs all name the one row, the caller gives it to the first).
 */
export async function insertReactionsWhere(
  db: DbLike,
  log: StatementRecorder,
  list: { message_id: number; emoji: string; user_email: string }[],
): Promise<({ unreadable: true } | { unreadable: false; made: ReactionRow | null })[]> {
  const input = JSON.stringify(list.map((r, ord) => ({ ord, ...r })));
  const ids = [...new Set(list.map((r) => r.message_id))];
  const records = log.records("c", [{ table: "message_reactions", op: "create", rows: "ins" }]);
  const res = await sql<{ ord: number; readable: boolean } & { [K in keyof ReactionRow]: ReactionRow[K] | null } & RecordColumns>`${sql.raw(HOT)}
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
    ), ${records.cte}
    select v.ord, ok.ord is not null as readable, ins.*, ${records.columns}
    from v left join ok on ok.ord = v.ord
    left join ins on ins.message_id = ok.message_id and ins.user_email = ok.user_email and ins.emoji = ok.emoji
    ${records.join("message_reactions", "ins")}
    order by v.ord`.execute(db);
  // Identical inputs name the one row: its record is taken once.
  const made = new Map<number, ReactionRow>();
  return res.rows.map(({ ord: _o, readable, ...joined }) => {
    if (!readable) return { unreadable: true };
    if (joined.id == null) return { unreadable: false, made: null };
    let row = made.get(joined.id);
    if (!row) made.set(joined.id, (row = log.took("message_reactions", "create", joined as ReactionRow & RecordColumns)));
    return { unreadable: false, made: row };
  });
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
