// Chat's SQL: message and channel rows touched when a message is posted.
import { sql, type Expression, type Insertable, type SqlBool } from "kysely";
import type { Channel, Message, MessagesTable } from "../../db/schema";
import type { DbLike } from "../../entities/repository";

export function findChannel(db: DbLike, id: number): Promise<Channel | undefined> {
  return db.selectFrom("channels").selectAll().where("id", "=", id).executeTakeFirst();
}

export function insertMessage(db: DbLike, values: Insertable<MessagesTable>): Promise<Message> {
  return db.insertInto("messages").values(values).returningAll().executeTakeFirstOrThrow();
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
}

/**
 * Inserts, in one statement, the messages for which `allowed` (a condition on `channels`, given
 * the sender's e-mail) holds and skips the others, so the condition is checked against the
 * database at the moment of the insert. Returns, for each input, its stored row or null when it
 * was skipped (or its channel is gone). `allowed` must depend only on the channel and the sender.
 */
export async function insertMessagesWhere(
  db: DbLike,
  list: NewMessage[],
  allowed: (senderEmail: Expression<string>) => Expression<SqlBool>,
): Promise<(Message | null)[]> {
  const input = JSON.stringify(list.map((m, ord) => ({ ord, ...m })));
  const res = await sql<Message>`
    insert into messages (channel_id, content, message_type, file_url, file_name, sender_id, sender_name, sender_email)
    select v.channel_id, v.content, v.message_type, v.file_url, v.file_name, v.sender_id, v.sender_name, v.sender_email
    from jsonb_to_recordset(${input}::jsonb) as v(ord int, channel_id int, content text, message_type text, file_url text,
      file_name text, sender_id int, sender_name text, sender_email text)
    join channels on channels.id = v.channel_id
    where ${allowed(sql.ref<string>("v.sender_email"))}
    order by v.ord
    returning *`.execute(db);
  // Rows are inserted in input order, so their ids are too. Whether a message passes depends only
  // on its channel and sender, so walking both lists in order pairs each stored row with its input.
  const stored = [...res.rows].sort((a, b) => a.id - b.id);
  let next = 0;
  return list.map((m) => {
    const row = stored[next];
    if (row && row.channel_id === m.channel_id && row.sender_id === m.sender_id) {
      next++;
      return row;
    }
    return null;
  });
}

/** Moves the channel's last_activity forward (never back, if posts commit out of order). */
export async function touchChannel(db: DbLike, channelId: number, at: Date): Promise<void> {
  await db
    .updateTable("channels")
    .set({ last_activity: at })
    .where("id", "=", channelId)
    .where("last_activity", "<", at)
    .execute();
}
