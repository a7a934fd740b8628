// Chat's SQL: message and channel rows touched when a message is posted, and dms by their people.
import { sql, type Expression, type SqlBool } from "kysely";
import type { Channel, Message, MessageEdit } from "../../db/schema";
import type { DbLike } from "../../entities/repository";
import { channelReadableBy } from "./channels.policy";

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

/** Keeps the text a `messages.update` replaced (README, "Reactions and edits"). */
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
        file_name text, sender_id int, sender_name text, sender_email text, audience text[])
    ), m as (
      insert into messages (channel_id, content, message_type, file_url, file_name, sender_id, sender_name, sender_email)
      select v.channel_id, v.content, v.message_type, v.file_url, v.file_name, v.sender_id, v.sender_name, v.sender_email
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
