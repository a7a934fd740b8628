// Scheduled messages (docs/messages.md, "Scheduled messages"): stored with a client_id made at
// once, posted at `send_at` through the one messages.create command as their author. Every node
// sweeps (./sweep.ts); a due message is leased to one node with `for update skip locked`, posted
// with its client_id, then marked sent. A node dying between the post and the mark leaves the
// lease to run out; the next node posts it again with the same client_id and messages.create
// answers the message already stored (docs/messages.md, "Sent when back online"): stored once.
// If the author may no longer post there it is marked failed with the reason and they are told
// (a notification item and push, and the list shows it), never dropped silently.
import { randomUUID } from "node:crypto";
import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import { HttpError, notFound } from "../../errors";
import type { ScheduledMessage } from "@shared/keep";
import { canReadChannel } from "../chat/channels.policy";
import { createMessage } from "../chat/post";
import { insertKeyedJobs } from "../notifications/repository";
import { checkFuture } from "./reminders";
import { NOT_IN_CHANNEL } from "./policy";
import {
  deleteScheduled,
  findScheduled,
  findUserForPosting,
  finishScheduled,
  insertScheduled,
  leaseDueScheduled,
  scheduledOf,
  updateScheduled,
  type ScheduledRow,
} from "./repository";

/** How long a node holds a due message while posting it; another takes over after. */
export const LEASE_MS = 60_000;
export const BEING_POSTED = "This message is being posted now";

const shape = (r: ScheduledRow): ScheduledMessage => ({
  id: r.id,
  channel_id: r.channel_id,
  content: r.content,
  send_at: new Date(r.send_at).toISOString(),
  status: r.status,
  error: r.error,
  message_id: r.message_id,
});

async function readableChannel(ctx: AppContext, user: Pick<User, "email" | "role" | "team_role">, channelId: number) {
  const channel = await ctx.db.selectFrom("channels").select(["id", "name", "type", "members"]).where("id", "=", channelId).executeTakeFirst();
  return channel && canReadChannel(user as User, channel) ? channel : null;
}

export async function scheduleMessage(ctx: AppContext, user: User, input: { channel_id: number; content: string; send_at: string | Date }): Promise<ScheduledMessage> {
  const at = new Date(input.send_at);
  checkFuture(at, "send_at");
  if (!(await readableChannel(ctx, user, input.channel_id))) throw notFound("Channel not found");
  return shape(await insertScheduled(ctx.db, { user_id: user.id, channel_id: input.channel_id, content: input.content, send_at: at, client_id: randomUUID() }));
}

export async function listScheduled(ctx: AppContext, user: User, channelId?: number): Promise<ScheduledMessage[]> {
  return (await scheduledOf(ctx.db, user.id, channelId)).map(shape);
}

/** Edit the text or the time; a failed one is armed again with them. A sent one cannot change. */
export async function editScheduled(ctx: AppContext, user: User, id: number, input: { content?: string; send_at?: string }): Promise<ScheduledMessage> {
  if (input.send_at) checkFuture(new Date(input.send_at), "send_at");
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findScheduled(trx, user.id, id, true);
    if (!row || row.status === "sent") throw notFound("Scheduled message not found");
    if (row.lease_until && row.lease_until.getTime() > Date.now()) throw new HttpError(409, BEING_POSTED);
    const patch = { ...(input.content !== undefined ? { content: input.content } : {}), ...(input.send_at ? { send_at: new Date(input.send_at) } : {}), status: "pending" as const, error: null };
    return shape(await updateScheduled(trx, id, patch));
  });
}

export async function removeScheduled(ctx: AppContext, user: User, id: number): Promise<{ ok: true; id: number }> {
  const row = await findScheduled(ctx.db, user.id, id);
  if (!row || row.status === "sent") throw notFound("Scheduled message not found");
  if (row.lease_until && row.lease_until.getTime() > Date.now()) throw new HttpError(409, BEING_POSTED);
  if (!(await deleteScheduled(ctx.db, user.id, id))) throw notFound("Scheduled message not found");
  return { ok: true, id };
}

/** "Send now": due at once, posted here and now; answers it as it ends (sent, or failed with why). */
export async function sendScheduledNow(ctx: AppContext, user: User, id: number): Promise<ScheduledMessage> {
  const row = await findScheduled(ctx.db, user.id, id);
  if (!row || row.status === "sent") throw notFound("Scheduled message not found");
  if (row.lease_until && row.lease_until.getTime() > Date.now()) throw new HttpError(409, BEING_POSTED);
  const now = new Date();
  await updateScheduled(ctx.db, id, { send_at: now, status: "pending", error: null });
  const leased = await leaseDueScheduled(ctx.db, now, LEASE_MS, 1, id);
  if (leased.length) await postOne(ctx, leased[0]);
  return shape((await findScheduled(ctx.db, user.id, id))!);
}

/** Posts one leased message as its author, then marks it sent or failed. */
async function postOne(ctx: AppContext, row: ScheduledRow): Promise<void> {
  const author = await findUserForPosting(ctx.db, row.user_id);
  let failure: string | null = null;
  let messageId: number | null = null;
  if (!author || !author.is_active) failure = "Your account is deactivated";
  else if (!(await readableChannel(ctx, author, row.channel_id))) failure = NOT_IN_CHANNEL;
  else {
    try {
      messageId = (await createMessage(ctx, author, { channel_id: row.channel_id, content: row.content, client_id: row.client_id })).id;
    } catch (err) {
      // A refusal in words is the author's to read; anything else (the database away) is tried again after the lease.
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      failure = err.message;
    }
  }
  if (failure == null) {
    await finishScheduled(ctx.db, row.id, { status: "sent", message_id: messageId });
    return;
  }
  const told = await ctx.db.transaction().execute(async (trx) => {
    if (!(await finishScheduled(trx, row.id, { status: "failed", error: failure }))) return 0;
    const channel = await trx.selectFrom("channels").select("name").where("id", "=", row.channel_id).executeTakeFirst();
    const payload = { id: row.id, title: `Your scheduled message was not sent${channel ? ` to #${channel.name}` : ""}`, body: failure, link: `/Chat?channel=${row.channel_id}&scheduled=1` };
    return (await insertKeyedJobs(trx, [{ kind: "scheduled_failed", user_id: row.user_id, payload, due: new Date(), key: `scheduled_failed:${row.id}:${new Date(row.updated_at).getTime()}` }])).length;
  });
  if (told) ctx.events.emit("keep.notices", told);
}

const BATCH = 50;

/** Posts the scheduled messages due at `now`; answers how many this call leased. */
export async function postDueScheduled(ctx: AppContext, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await leaseDueScheduled(ctx.db, now, LEASE_MS, BATCH);
    for (const row of rows) await postOne(ctx, row).catch((err) => ctx.log.warn({ err, scheduled: row.id }, "scheduled message not posted; tried again after its lease"));
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}
