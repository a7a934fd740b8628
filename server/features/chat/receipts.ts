// Read receipts, "Seen by" (docs/messages.md, "Mentions and read receipts"): derived from the read positions
// (channel_reads, docs/unread.md): a member has seen message m when their position is >= m.id.
// They exist only in dms and channels of up to LIMITS.receiptsMaxMembers members, and only between
// people who have `users.enable_read_receipts` on: someone with it off neither shows their
// position nor sees anyone's. A position's own audience stays its owner (docs/architecture.md,
// "Policies and audiences"); receipts are a second, filtered push of the move to the members who
// may see it, made after the move commits (not a change record: a client that lost it asks
// `GET /api/chat/receipts` again, as it does on every session.ready).
import { sql } from "kysely";
import { LIMITS } from "@shared/constants";
import type { ChannelReceipt, ChannelReceipts } from "@shared/entities";
import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import type { DbLike } from "../../entities/repository";
import { notFound } from "../../errors";
import { canReadChannel } from "./channels.policy";
import { findChannel } from "./repository";

/** Whether the person shares and sees receipts (read from the database: sockets keep a smaller copy of the user). */
async function receiptsOn(db: DbLike, userId: number): Promise<boolean> {
  const r = await db.selectFrom("users").select("enable_read_receipts").where("id", "=", userId).executeTakeFirst();
  return r?.enable_read_receipts ?? false;
}

/** `GET /api/chat/receipts?channel_id=`: the positions of the channel's other members who share them. */
export async function listReceipts(ctx: AppContext, user: User, channelId: number): Promise<ChannelReceipts> {
  const channel = await findChannel(ctx.db, channelId);
  if (!channel || !canReadChannel(user, channel)) throw notFound("Channel not found");
  const off = { channel_id: channelId, enabled: false, receipts: [] };
  if (channel.members.length > LIMITS.receiptsMaxMembers || !(await receiptsOn(ctx.db, user.id))) return off;
  const rows = await sql<ChannelReceipt>`
    select r.channel_id, r.user_id, lower(u.email) as user_email, r.last_read_message_id
    from channel_reads r join users u on u.id = r.user_id
    where r.channel_id = ${channelId} and r.user_id <> ${user.id} and u.enable_read_receipts and u.is_active
      and lower(u.email) = any(${sql.val(channel.members.map((m) => m.toLowerCase()))}::text[])
    order by r.user_id`.execute(ctx.db);
  return { channel_id: channelId, enabled: true, receipts: rows.rows.map((r) => ({ ...r, last_read_message_id: Number(r.last_read_message_id) })) };
}

/**
 * After a position moved: the other members who see receipts, when the channel is small enough
 * and the mover shares theirs (one statement; none when either rule says no).
 */
async function receiptReaders(db: DbLike, moverId: number, channelId: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    select u.id from channels c
    join users me on me.id = ${moverId} and me.enable_read_receipts and lower(me.email) = any(c.members)
    join users u on lower(u.email) = any(c.members) and u.id <> me.id and u.enable_read_receipts and u.is_active
    where c.id = ${channelId} and cardinality(c.members) <= ${LIMITS.receiptsMaxMembers}`.execute(db);
  return rows.rows.map((r) => r.id);
}

/** Pushes a committed move to those who see it as a receipt (`channel_receipts.update`). */
export async function pushReceipt(ctx: AppContext, mover: Pick<User, "id" | "email">, row: { channel_id: number; last_read_message_id: number }): Promise<void> {
  const hub = ctx.realtime;
  if (!hub) return;
  const to = await receiptReaders(ctx.db, mover.id, row.channel_id);
  hub.toUsers(to, "channel_receipts.update", {
    channel_id: row.channel_id,
    user_id: mover.id,
    user_email: mover.email.toLowerCase(),
    last_read_message_id: row.last_read_message_id,
  });
}
