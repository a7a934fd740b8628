// The tasks feature's SQL beyond the generic entity engine: functions taking the database (or the
// write's transaction) first. The rules that use them are in ./policy.
import type { DbLike } from "../../entities/repository";

/** A message with the channel fields the read rule needs and the channel's name. */
export async function findMessageWithChannel(db: DbLike, messageId: number) {
  return db
    .selectFrom("messages")
    .innerJoin("channels", "channels.id", "messages.channel_id")
    .select(["messages.id", "messages.channel_id", "channels.name", "channels.type", "channels.members"])
    .where("messages.id", "=", messageId)
    .executeTakeFirst();
}

export async function findTaskBySourceMessage(db: DbLike, messageId: number): Promise<{ id: number } | undefined> {
  return db.selectFrom("tasks").select("id").where("source_message_id", "=", messageId).executeTakeFirst();
}
