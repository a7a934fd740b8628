// All the SQL of pins, saved messages, reminders and scheduled messages (docs/messages.md).
import { sql } from "kysely";
import type { DbLike } from "../../entities/repository";
import type { Channel, Message, User } from "../../db/schema";
import { channelReadCondition } from "../chat/channels.policy";

export type MessageInChannel = Message & { channel: Pick<Channel, "id" | "name" | "type" | "members" | "is_system" | "created_by"> };

/** A message with its channel (locked `for no key update` when it is about to change). */
export async function findMessageInChannel(db: DbLike, id: number, lock = false): Promise<MessageInChannel | undefined> {
  let q = db
    .selectFrom("messages")
    .innerJoin("channels", "channels.id", "messages.channel_id")
    .selectAll("messages")
    .select(["channels.name as c_name", "channels.type as c_type", "channels.members as c_members", "channels.is_system as c_system", "channels.created_by as c_created_by"])
    .where("messages.id", "=", id);
  if (lock) q = q.forNoKeyUpdate("messages");
  const r = await q.executeTakeFirst();
  if (!r) return undefined;
  const { c_name, c_type, c_members, c_system, c_created_by, ...m } = r;
  return { ...(m as Message), channel: { id: r.channel_id, name: c_name, type: c_type, members: c_members, is_system: c_system, created_by: c_created_by } };
}

export function setPinned(db: DbLike, id: number, by: string | null): Promise<Message> {
  return db
    .updateTable("messages")
    .set({ pinned_at: by ? new Date() : null, pinned_by: by, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A channel's pinned messages, newest pin first. */
export function pinnedIn(db: DbLike, channelId: number): Promise<Message[]> {
  return db.selectFrom("messages").selectAll().where("channel_id", "=", channelId).where("pinned_at", "is not", null).where("deleted_at", "is", null).orderBy("pinned_at", "desc").limit(200).execute();
}

export async function insertSaved(db: DbLike, userId: number, messageId: number): Promise<void> {
  await db.insertInto("saved_messages").values({ user_id: userId, message_id: messageId }).onConflict((oc) => oc.constraint("saved_messages_once").doNothing()).execute();
}

export async function deleteSaved(db: DbLike, userId: number, messageId: number): Promise<void> {
  await db.deleteFrom("saved_messages").where("user_id", "=", userId).where("message_id", "=", messageId).execute();
}

/**
 * The person's saved messages, newest saved first, with the read rule in the same statement:
 * a message of a channel they may no longer read, or a deleted one, is not listed.
 */
export function savedOf(db: DbLike, user: Pick<User, "id" | "email">, limit = 200) {
  return db
    .selectFrom("saved_messages")
    .innerJoin("messages", "messages.id", "saved_messages.message_id")
    .innerJoin("channels", "channels.id", "messages.channel_id")
    .selectAll("messages")
    .select(["saved_messages.created_at as saved_at", "channels.name as channel_name"])
    .where("saved_messages.user_id", "=", user.id)
    .where("messages.deleted_at", "is", null)
    .where((eb) => channelReadCondition(eb as never, user))
    .orderBy("saved_messages.created_at", "desc")
    .orderBy("saved_messages.id", "desc")
    .limit(limit)
    .execute();
}

export function savedIdsOf(db: DbLike, userId: number, messageIds: readonly number[]) {
  if (!messageIds.length) return Promise.resolve([]);
  return db.selectFrom("saved_messages").select("message_id").where("user_id", "=", userId).where("message_id", "in", messageIds).execute();
}

export function insertReminder(db: DbLike, r: { user_id: number; message_id: number | null; channel_id: number | null; note?: string | null; remind_at: Date }) {
  return db.insertInto("message_reminders").values(r).returningAll().executeTakeFirstOrThrow();
}

export function remindersOf(db: DbLike, userId: number) {
  return db
    .selectFrom("message_reminders")
    .selectAll("message_reminders")
    .where("message_reminders.user_id", "=", userId)
    .where("message_reminders.fired_at", "is", null)
    .orderBy("message_reminders.remind_at")
    .limit(200)
    .execute();
}

export async function deleteReminder(db: DbLike, userId: number, id: number): Promise<boolean> {
  // Rows counted through `returning`: the embedded engine's driver does not report affected rows.
  return !!(await db.deleteFrom("message_reminders").where("id", "=", id).where("user_id", "=", userId).returning("id").executeTakeFirst());
}

/**
 * Claims the due reminders: one statement marks them fired and answers them, so of two sweeps
 * (on two nodes, or twice on one) each reminder goes to exactly one (`skip locked`, and
 * `fired_at is null` checked again on the locked row).
 */
export function claimDueReminders(db: DbLike, now: Date, limit: number) {
  return sql<{ id: number; user_id: number; message_id: number | null; channel_id: number | null; note: string | null; remind_at: Date }>`
    update message_reminders set fired_at = ${now}
    where id in (
      select id from message_reminders
      where fired_at is null and remind_at <= ${now}
      order by remind_at limit ${limit}
      for update skip locked)
    and fired_at is null
    returning id, user_id, message_id, channel_id, note, remind_at`
    .execute(db)
    .then((r) => r.rows);
}

export type ScheduledRow = Awaited<ReturnType<typeof insertScheduled>>;

export function insertScheduled(db: DbLike, r: { user_id: number; channel_id: number; content: string; send_at: Date; client_id: string }) {
  return db.insertInto("scheduled_messages").values(r).returningAll().executeTakeFirstOrThrow();
}

/** One's scheduled messages in a channel (or everywhere): pending and failed ones; sent ones are in the channel. */
export function scheduledOf(db: DbLike, userId: number, channelId?: number) {
  let q = db.selectFrom("scheduled_messages").selectAll().where("user_id", "=", userId).where("status", "!=", "sent");
  if (channelId != null) q = q.where("channel_id", "=", channelId);
  return q.orderBy("send_at").orderBy("id").limit(200).execute();
}

export function findScheduled(db: DbLike, userId: number, id: number, lock = false) {
  let q = db.selectFrom("scheduled_messages").selectAll().where("id", "=", id).where("user_id", "=", userId);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function updateScheduled(db: DbLike, id: number, patch: { content?: string; send_at?: Date; status?: "pending" | "sent" | "failed"; error?: string | null; message_id?: number | null; lease_until?: Date | null }) {
  return db
    .updateTable("scheduled_messages")
    .set({ ...patch, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteScheduled(db: DbLike, userId: number, id: number): Promise<boolean> {
  return !!(await db.deleteFrom("scheduled_messages").where("id", "=", id).where("user_id", "=", userId).returning("id").executeTakeFirst());
}

/**
 * Leases the due scheduled messages to this node for `leaseMs`: a node that dies while posting
 * leaves them to another after the lease, which posts them again with the same client_id (the
 * message is stored once).
 */
export function leaseDueScheduled(db: DbLike, now: Date, leaseMs: number, limit: number, onlyId?: number) {
  const only = onlyId != null ? sql`and id = ${onlyId}` : sql``;
  return sql<ScheduledRow>`
    update scheduled_messages set lease_until = ${new Date(now.getTime() + leaseMs)}
    where id in (
      select id from scheduled_messages
      where status = 'pending' and send_at <= ${now} and (lease_until is null or lease_until < ${now}) ${only}
      order by send_at limit ${limit}
      for update skip locked)
    returning *`
    .execute(db)
    .then((r) => r.rows);
}

/** Ends a leased scheduled message, if it is still pending (an edit or delete meanwhile wins). */
export async function finishScheduled(db: DbLike, id: number, end: { status: "sent" | "failed"; message_id?: number | null; error?: string | null }): Promise<boolean> {
  const r = await db
    .updateTable("scheduled_messages")
    .set({ status: end.status, message_id: end.message_id ?? null, error: end.error ?? null, lease_until: null, updated_at: new Date() })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .returning("id")
    .executeTakeFirst();
  return !!r;
}

export function findUserForPosting(db: DbLike, id: number) {
  return db.selectFrom("users").select(["id", "email", "full_name", "role", "team_role", "is_active", "time_zone"]).where("id", "=", id).executeTakeFirst();
}
