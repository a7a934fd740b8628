// Message and channel rows touched when a message is posted.
import type { Insertable } from "kysely";
import type { Channel, Message, MessagesTable } from "../../db/schema";
import type { DbLike } from "../../entities/repository";

export function findChannel(db: DbLike, id: number): Promise<Channel | undefined> {
  return db.selectFrom("channels").selectAll().where("id", "=", id).executeTakeFirst();
}

export function insertMessage(db: DbLike, values: Insertable<MessagesTable>): Promise<Message> {
  return db.insertInto("messages").values(values).returningAll().executeTakeFirstOrThrow();
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
