// "Remind me about this" (docs/messages.md, "Reminders"). A reminder is due at `remind_at`;
// every node sweeps (./sweep.ts), and one statement claims the due ones (marks them fired) in
// the transaction that queues their notification jobs, keyed `message_reminder:<id>`: a node
// dying before the commit leaves them due for the next sweep, one dying after it has them sent
// by the notification worker, and a second sweep (another node, or the same one twice) finds
// nothing to claim. So a reminder is told once, also after kill -9.
import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import type { DbLike } from "../../entities/repository";
import { badRequest, notFound } from "../../errors";
import type { MessageReminder } from "@shared/keep";
import { insertKeyedJobs, type KeyedJob } from "../notifications/repository";
import { canReadChannel } from "../chat/channels.policy";
import { mentionsAsText } from "@shared/mentions";
import { readableMessage } from "./policy";
import { claimDueReminders, deleteReminder, findMessageInChannel, insertReminder, remindersOf } from "./repository";

/** At most a year ahead; at least now (a past time would fire at once, which is not what was asked). */
export const MAX_AHEAD_MS = 366 * 86_400_000;
export const PAST_TIME = "remind_at must be in the future";

export function checkFuture(at: Date, field: string, now = new Date()): void {
  if (at.getTime() < now.getTime() - 5_000) throw badRequest(`${field} must be in the future`);
  if (at.getTime() - now.getTime() > MAX_AHEAD_MS) throw badRequest(`${field} must be within a year`);
}

const shape = (r: { id: number; message_id: number | null; channel_id: number | null; note: string | null; remind_at: Date; fired_at: Date | null }): MessageReminder => ({
  id: r.id,
  message_id: r.message_id,
  channel_id: r.channel_id,
  note: r.note,
  remind_at: new Date(r.remind_at).toISOString(),
  fired_at: r.fired_at ? new Date(r.fired_at).toISOString() : null,
});

export async function createReminder(ctx: AppContext, user: User, input: { message_id: number; remind_at: string | Date }): Promise<MessageReminder> {
  const at = new Date(input.remind_at);
  checkFuture(at, "remind_at");
  const m = readableMessage(user, await findMessageInChannel(ctx.db, input.message_id));
  return shape(await insertReminder(ctx.db, { user_id: user.id, message_id: m.id, channel_id: m.channel_id, remind_at: at }));
}

/** `/remind me <when> <what>`: a reminder of a note of one's own, linking to the channel it was set in. */
export async function createNoteReminder(ctx: AppContext, user: User, input: { note: string; remind_at: Date; channel_id: number | null }): Promise<MessageReminder> {
  checkFuture(input.remind_at, "remind_at");
  return shape(await insertReminder(ctx.db, { user_id: user.id, message_id: null, channel_id: input.channel_id, note: input.note.slice(0, 1000), remind_at: input.remind_at }));
}

export async function listReminders(ctx: AppContext, user: User): Promise<MessageReminder[]> {
  return (await remindersOf(ctx.db, user.id)).map(shape);
}

export async function cancelReminder(ctx: AppContext, user: User, id: number): Promise<{ ok: true; id: number }> {
  if (!(await deleteReminder(ctx.db, user.id, id))) throw notFound("Reminder not found");
  return { ok: true, id };
}

const BATCH = 100;

/** Claims and queues the reminders due at `now`; answers how many were claimed. */
export async function fireDueReminders(ctx: AppContext, now = new Date()): Promise<number> {
  let total = 0;
  let queued = 0;
  for (;;) {
    const n = await ctx.db.transaction().execute(async (trx) => {
      const due = await claimDueReminders(trx, now, BATCH);
      const jobs: KeyedJob[] = [];
      for (const r of due) {
        const job = await reminderJob(trx, r);
        if (job) jobs.push({ kind: "message_reminder", user_id: r.user_id, payload: job, due: new Date(), key: `message_reminder:${r.id}` });
      }
      queued += (await insertKeyedJobs(trx, jobs)).length;
      return due.length;
    });
    total += n;
    if (n < BATCH) break;
  }
  if (queued) ctx.events.emit("keep.notices", queued);
  return total;
}

type Claimed = Awaited<ReturnType<typeof claimDueReminders>>[number];

/** What the person is told: the message (if they may still read it) or their own note. */
async function reminderJob(trx: DbLike, r: Claimed): Promise<Record<string, unknown> | null> {
  if (r.message_id == null) {
    const link = r.channel_id != null ? `/Chat?channel=${r.channel_id}` : "/Chat";
    return { id: r.id, title: "Reminder", body: r.note ?? "", link };
  }
  const m = await findMessageInChannel(trx, r.message_id);
  const owner = await trx.selectFrom("users").select(["id", "email", "role", "team_role"]).where("id", "=", r.user_id).executeTakeFirst();
  // A message the person may no longer read is not told about (the read rule applies).
  if (!m || m.deleted_at || !owner || !canReadChannel(owner as User, m.channel)) return null;
  const where = m.channel.type === "dm" ? m.sender_name : `${m.sender_name} in #${m.channel.name}`;
  const thread = m.thread_root_id != null && !m.also_to_channel ? `&thread=${m.thread_root_id}` : "";
  return { id: r.id, message_id: m.id, title: `Reminder: ${where}`, body: mentionsAsText(m.content || m.file_name || ""), link: `/Chat?channel=${m.channel_id}${thread}&message=${m.id}` };
}
