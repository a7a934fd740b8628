// Message and channel rows touched when a message is posted.
import type { Insertable, Kysely } from "kysely";
import type { Channel, Message, MessagesTable } from "../schema";
import type { DbLike } from "./entities";

export function findChannel(db: DbLike, id: number): Promise<Channel | undefined> {
  return db.selectFrom("channels").selectAll().where("id", "=", id).executeTakeFirst();
}

export function insertMessage(db: DbLike, values: Insertable<MessagesTable>): Promise<Message> {
  return db.insertInto("messages").values(values).returningAll().executeTakeFirstOrThrow();
}

/** Moves the channel's last_activity forward (never back, if posts commit out of order). */
export async function touchChannel(db: DbLike, channelId: number, at: Date): Promise<void> {
  // Through the untyped view: the schema's timestamp column types do not accept a Date here.
  await (db as unknown as Kysely<any>)
    .updateTable("channels")
    .set({ last_activity: at })
    .where("id", "=", channelId)
    .where("last_activity", "<", at)
    .execute();
}
