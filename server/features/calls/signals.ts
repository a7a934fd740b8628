// Signal delivery, one scheme for socket and polling clients (see docs/protocol.md):
// every signal is a pending_signals row. When the recipient has a socket on any node the row is
// inserted already delivered and pushed to `user:{id}`; otherwise it waits undelivered until
// GET /webrtc/get-signals or the recipient's next socket connection claims it with
// `update ... set delivered_at = now() where id in (select ... for update skip locked)`, so each
// signal reaches the recipient exactly once, whichever way they listen.
import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import { type CallType, type SignalMessage, type SignalType } from "@shared/realtime";
import type { DbLike } from "../../entities/repository";
import { queueRing } from "../notifications/call-push";
import { claimSignals, deleteOldSignals, insertSignal as insertSignalRow, markRinging, type SignalRow } from "./repository";

export type Actor = Pick<User, "id" | "email" | "full_name">;

export interface NewSignal {
  call_id: string;
  to_user_id: number;
  from: Actor;
  message_type: SignalType;
  message_data?: unknown;
  call_type?: CallType;
  participant_ids?: number[];
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function presentSignal(r: SignalRow): SignalMessage {
  const s: SignalMessage = {
    id: Number(r.id),
    call_id: r.call_id,
    message_type: r.message_type as SignalType,
    message_data: r.message_data ?? null,
    from_user_id: r.from_user_id,
    from_user_name: r.from_user_name,
    from_user_email: r.from_user_email,
    to_user_id: r.to_user_id,
    created_at: iso(r.created_at),
  };
  if (r.extra?.call_type) s.call_type = r.extra.call_type as CallType;
  if (Array.isArray(r.extra?.participant_ids)) s.participant_ids = r.extra.participant_ids as number[];
  return s;
}

async function insertSignal(db: DbLike, s: NewSignal, delivered: boolean): Promise<SignalRow> {
  const extra = s.call_type || s.participant_ids ? JSON.stringify({ call_type: s.call_type, participant_ids: s.participant_ids }) : null;
  return insertSignalRow(db, {
    call_id: s.call_id,
    to_user_id: s.to_user_id,
    from_user_id: s.from.id,
    from_user_name: s.from.full_name,
    from_user_email: s.from.email,
    message_type: s.message_type,
    message_data: s.message_data === undefined ? null : JSON.stringify(s.message_data),
    extra,
    delivered_at: delivered ? new Date() : null,
  });
}

/** Stores and, when the recipient is on a socket anywhere in the cluster, pushes one signal. */
export async function deliverSignal(ctx: AppContext, s: NewSignal): Promise<SignalMessage> {
  const hub = ctx.realtime;
  if (hub && (await hub.hasSocket(s.to_user_id))) {
    const msg = presentSignal(await insertSignal(ctx.db, s, true));
    hub.toUsers([s.to_user_id], "signals.receive", msg);
    if (s.message_type === "call_invite") await markRinging(ctx.db, [s.call_id], s.to_user_id);
    return msg;
  }
  // Nobody's tab is open to ring: an invite's push job (docs/notifications.md) is written with the
  // waiting invite, so a process dying right after loses neither; the invite waits here for the
  // tab the push opens, and the event after the commit only wakes the worker.
  const invite = s.message_type === "call_invite";
  const row = invite
    ? await ctx.db.transaction().execute(async (trx) => {
        const r = await insertSignal(trx, s, false);
        await queueRing(trx, { callId: s.call_id, userId: s.to_user_id, signalId: Number(r.id), callerName: s.from.full_name, callType: s.call_type ?? "video" });
        return r;
      })
    : await insertSignal(ctx.db, s, false);
  if (invite) ctx.events.emit("calls.ringing", { callId: s.call_id, userId: s.to_user_id });
  // The recipient may have connected between the check and the insert; its connect-time flush
  // ran before our row existed, so look again and claim the row if it is still waiting (the
  // ring's push is then not sent: a tab has the invite).
  if (hub && (await hub.hasSocket(s.to_user_id))) await pushPendingSignals(ctx, s.to_user_id, [Number(row.id)]);
  return presentSignal(row);
}

/** Claims undelivered signals for a user (all, or only `ids`), oldest first; each row is returned once. */
export async function claimPendingSignals(ctx: AppContext, userId: number, ids?: number[], limit = 500): Promise<SignalMessage[]> {
  const rows = await claimSignals(ctx.db, userId, ids, limit);
  const out = rows.map(presentSignal).sort((a, b) => a.id - b.id);
  const invites = out.filter((s) => s.message_type === "call_invite").map((s) => s.call_id);
  if (invites.length) await markRinging(ctx.db, invites, userId);
  return out;
}

/** Pushes a user's waiting signals to their sockets (on connect, or after a lost race). */
export async function pushPendingSignals(ctx: AppContext, userId: number, ids?: number[]): Promise<number> {
  const hub = ctx.realtime;
  if (!hub) return 0;
  const list = await claimPendingSignals(ctx, userId, ids);
  for (const s of list) hub.toUsers([userId], "signals.receive", s);
  return list.length;
}

/** Housekeeping: delivered signals are kept an hour for diagnosis, undelivered ones a day. */
export async function pruneSignals(ctx: AppContext): Promise<void> {
  await deleteOldSignals(ctx.db);
}
