// The call state machine (spec part 1 section 4, DESIGN section 6), shared by the socket
// commands and the polling REST shim. Each transition locks the call row, commits, and only
// then sends its signals (call_invite, call_accept, call_reject, call_end) and `calls.update`.
import crypto from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { AppContext } from "../../context";
import type { Database } from "../../db/schema";
import { HttpError, badRequest, notFound } from "../../errors";
import { LIMITS, MESSAGES } from "@shared/constants";
import type { CallStarted, CallType, SignalType } from "@shared/realtime";
import { deliverSignal, type Actor, type NewSignal } from "./signals";
import { ACTIVE_CALL, PENDING, callSeconds, isActiveCall, isIn, isPending, participantSeconds, publishCall, type CallRow, type ParticipantRow } from "./records";

type Trx = Transaction<Database>;

const notInCall = () => new HttpError(403, "You are not in this call");

async function sendAll(ctx: AppContext, signals: NewSignal[]): Promise<void> {
  for (const s of signals) await deliverSignal(ctx, s);
}

async function actors(ctx: AppContext, ids: number[]): Promise<Map<number, Actor>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db.selectFrom("users").select(["id", "email", "full_name"]).where("id", "in", ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Users among `ids` who are in a call that is still going. */
async function usersInActiveCall(ctx: AppContext, ids: number[]): Promise<Set<number>> {
  const rows = await ctx.db
    .selectFrom("call_participants as p")
    .innerJoin("call_history as c", "c.call_id", "p.call_id")
    .select("p.user_id")
    .where("p.user_id", "in", ids)
    .where("p.status", "=", "joined")
    .where("p.left_at", "is", null)
    .where("c.status", "in", [...ACTIVE_CALL])
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

export async function initiateCall(ctx: AppContext, caller: Actor, targetIds: number[], callType: CallType, isGroup: boolean): Promise<CallStarted> {
  const targets = [...new Set(targetIds)].filter((id) => id !== caller.id);
  if (targets.length === 0) throw badRequest("You cannot call yourself");
  if (targets.length > LIMITS.groupCallMaxParticipants - 1) {
    throw badRequest(`A call has at most ${LIMITS.groupCallMaxParticipants} participants`);
  }
  const me = await ctx.db.selectFrom("users").select("user_status").where("id", "=", caller.id).executeTakeFirst();
  if (me?.user_status === "busy") throw new HttpError(409, MESSAGES.busyStart);
  const people = await actors(ctx, targets);
  if (people.size !== targets.length) throw notFound("User not found");
  // One call at a time per person: whatever the caller was still in is left first.
  await leaveAllCalls(ctx, caller);

  const statuses = await ctx.db.selectFrom("users").select(["id", "user_status"]).where("id", "in", targets).execute();
  const inCall = await usersInActiveCall(ctx, targets);
  const busy = new Set(statuses.filter((u) => u.user_status === "busy" || inCall.has(u.id)).map((u) => u.id));
  const allBusy = busy.size === targets.length;
  const callId = crypto.randomUUID();
  const now = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("call_history")
      .values({
        call_id: callId,
        call_type: callType,
        is_group: isGroup,
        initiator_id: caller.id,
        status: allBusy ? "rejected" : "initiated",
        ended_at: allBusy ? now : null,
      })
      .execute();
    await trx
      .insertInto("call_participants")
      .values([
        { call_id: callId, user_id: caller.id, status: "joined", joined_at: now, left_at: allBusy ? now : null },
        ...targets.map((id) => ({ call_id: callId, user_id: id, status: busy.has(id) ? ("rejected" as const) : ("invited" as const) })),
      ])
      .execute();
  });
  const participantIds = [caller.id, ...targets];
  const signals: NewSignal[] = [];
  for (const id of targets) {
    if (busy.has(id)) {
      signals.push({ call_id: callId, to_user_id: caller.id, from: people.get(id)!, message_type: "call_reject", message_data: { reason: "busy", call_ended: allBusy } });
    } else {
      signals.push({
        call_id: callId,
        to_user_id: id,
        from: caller,
        message_type: "call_invite",
        message_data: { call_type: callType, participant_ids: participantIds, is_group: isGroup },
        call_type: callType,
        participant_ids: participantIds,
      });
    }
  }
  await sendAll(ctx, signals);
  const rec = await publishCall(ctx, callId);
  return {
    call_id: callId,
    status: rec?.status ?? (allBusy ? "rejected" : "initiated"),
    ...(allBusy ? { reason: "busy" } : {}),
    ...(busy.size ? { rejected_user_ids: [...busy] } : {}),
  };
}

interface Locked {
  call: CallRow;
  parts: ParticipantRow[];
  me: ParticipantRow;
}

async function lockCall(trx: Trx, callId: string, userId: number): Promise<Locked> {
  const call = await trx.selectFrom("call_history").selectAll().where("call_id", "=", callId).forUpdate().executeTakeFirst();
  if (!call) throw notFound("Call not found");
  const parts = await trx.selectFrom("call_participants").selectAll().where("call_id", "=", callId).execute();
  const me = parts.find((p) => p.user_id === userId);
  if (!me) throw notInCall();
  return { call, parts, me };
}

/** Closes a call: everyone still in it leaves, everyone still ringing missed it. */
async function finish(trx: Trx, call: CallRow, parts: ParticipantRow[], now: Date, status?: CallRow["status"]): Promise<void> {
  const final = status ?? (call.started_at ? "ended" : "missed");
  await trx
    .updateTable("call_history")
    .set({ status: final, ended_at: now, updated_at: now, duration_seconds: callSeconds(call, now) })
    .where("call_id", "=", call.call_id)
    .execute();
  for (const p of parts) {
    if (isIn(p)) {
      await trx
        .updateTable("call_participants")
        .set({ left_at: now, duration_seconds: participantSeconds(call, p, now) })
        .where("call_id", "=", call.call_id)
        .where("user_id", "=", p.user_id)
        .execute();
    } else if (isPending(p)) {
      await trx.updateTable("call_participants").set({ status: "missed" }).where("call_id", "=", call.call_id).where("user_id", "=", p.user_id).execute();
    }
  }
}

function signalsTo(ids: number[], from: Actor, callId: string, type: SignalType, data: Record<string, unknown>): NewSignal[] {
  return ids.map((id) => ({ call_id: callId, to_user_id: id, from, message_type: type, message_data: data }));
}

/** Accept (join) or reject a call the user is ringing for. */
export async function answerCall(ctx: AppContext, user: Actor, callId: string, accepted: boolean): Promise<{ call_id: string; status: string }> {
  const signals = await ctx.db.transaction().execute(async (trx) => {
    const { call, parts, me } = await lockCall(trx, callId, user.id);
    if (!isActiveCall(call)) throw new HttpError(409, `Call is ${call.status}`);
    if (isIn(me) && accepted) return [];
    if (!isPending(me)) throw new HttpError(409, "This call is not ringing for you");
    const now = new Date();
    const others = parts.filter((p) => p.user_id !== user.id);
    const inOthers = others.filter(isIn).map((p) => p.user_id);
    if (accepted) {
      await trx
        .updateTable("call_participants")
        .set({ status: "joined", joined_at: now, left_at: null })
        .where("call_id", "=", callId)
        .where("user_id", "=", user.id)
        .execute();
      if (call.status !== "connected") {
        await trx.updateTable("call_history").set({ status: "connected", started_at: now, updated_at: now }).where("call_id", "=", callId).execute();
      }
      return signalsTo(inOthers, user, callId, "call_accept", { call_ended: false });
    }
    await trx.updateTable("call_participants").set({ status: "rejected", left_at: now }).where("call_id", "=", callId).where("user_id", "=", user.id).execute();
    const stillRinging = others.some(isPending);
    const over = inOthers.length === 0 || (inOthers.length <= 1 && !stillRinging);
    if (over) await finish(trx, call, others, now, call.started_at ? "ended" : "rejected");
    return signalsTo(inOthers, user, callId, "call_reject", { reason: "rejected", call_ended: over });
  });
  await sendAll(ctx, signals);
  const rec = await publishCall(ctx, callId);
  return { call_id: callId, status: rec?.status ?? "" };
}

/** Hang up (or, while still ringing, decline). Ending a finished call is a no-op. */
export async function endCall(ctx: AppContext, user: Actor, callId: string): Promise<{ call_id: string; status: string }> {
  const pre = await ctx.db
    .selectFrom("call_participants")
    .select("status")
    .where("call_id", "=", callId)
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  const call0 = await ctx.db.selectFrom("call_history").select("status").where("call_id", "=", callId).executeTakeFirst();
  if (!call0) throw notFound("Call not found");
  if (!pre) throw notInCall();
  if (isPending(pre) && isActiveCall(call0)) return answerCall(ctx, user, callId, false);

  const signals = await ctx.db.transaction().execute(async (trx) => {
    const { call, parts, me } = await lockCall(trx, callId, user.id);
    if (!isActiveCall(call) || !isIn(me)) return [];
    const now = new Date();
    await trx
      .updateTable("call_participants")
      .set({ left_at: now, duration_seconds: participantSeconds(call, me, now) })
      .where("call_id", "=", callId)
      .where("user_id", "=", user.id)
      .execute();
    const others = parts.filter((p) => p.user_id !== user.id);
    const inOthers = others.filter(isIn);
    const ringing = others.filter(isPending);
    const over = !call.is_group || inOthers.length === 0 || (inOthers.length <= 1 && ringing.length === 0);
    if (over) await finish(trx, call, others, now);
    const notify = [...inOthers, ...(over ? ringing : [])].map((p) => p.user_id);
    return signalsTo(notify, user, callId, "call_end", { reason: over ? "ended" : "left", call_ended: over });
  });
  await sendAll(ctx, signals);
  const rec = await publishCall(ctx, callId);
  return { call_id: callId, status: rec?.status ?? "" };
}

/** Leaves (or declines) every call the user is still part of: on a new call, or when they go offline. */
export async function leaveAllCalls(ctx: AppContext, user: Actor): Promise<void> {
  const rows = await ctx.db
    .selectFrom("call_participants as p")
    .innerJoin("call_history as c", "c.call_id", "p.call_id")
    .select("p.call_id")
    .where("p.user_id", "=", user.id)
    .where("c.status", "in", [...ACTIVE_CALL])
    .where((eb) => eb.or([eb.and([eb("p.status", "=", "joined"), eb("p.left_at", "is", null)]), eb("p.status", "in", [...PENDING])]))
    .execute();
  for (const r of rows) await endCall(ctx, user, r.call_id).catch((err) => ctx.log.warn({ err, call: r.call_id }, "leaving call failed"));
}

export async function leaveCallsOf(ctx: AppContext, userIds: number[]): Promise<void> {
  const people = await actors(ctx, userIds);
  for (const u of people.values()) await leaveAllCalls(ctx, u);
}

/**
 * Calls nobody answered in time become missed; runs on every node every second or so.
 * `update ... returning` hands each expired call to exactly one node.
 */
export async function sweepUnanswered(ctx: AppContext): Promise<void> {
  const cutoff = sql<Date>`now() - ${ctx.config.callRingTimeoutMs}::integer * interval '1 millisecond'`;
  const expired = await ctx.db
    .updateTable("call_history")
    .set({ status: "missed", ended_at: sql`now()`, updated_at: sql`now()` })
    .where("status", "in", ["initiated", "ringing"])
    .where("created_at", "<", cutoff)
    .returningAll()
    .execute();
  for (const call of expired) {
    const parts = await ctx.db.selectFrom("call_participants").selectAll().where("call_id", "=", call.call_id).execute();
    const now = new Date();
    await ctx.db.transaction().execute((trx) => finish(trx, call, parts, now, "missed"));
    const people = await actors(
      ctx,
      parts.map((p) => p.user_id),
    );
    const caller = people.get(call.initiator_id ?? -1);
    const ringing = parts.filter(isPending);
    const signals: NewSignal[] = [];
    for (const p of ringing) {
      if (caller) signals.push(...signalsTo([p.user_id], caller, call.call_id, "call_end", { reason: "missed", call_ended: true }));
    }
    const callee = people.get(ringing[0]?.user_id ?? -1);
    const waiting = parts.filter(isIn).map((p) => p.user_id);
    if (callee) signals.push(...signalsTo(waiting, callee, call.call_id, "call_end", { reason: "missed", call_ended: true }));
    await sendAll(ctx, signals);
    await publishCall(ctx, call.call_id);
  }
  // Group calls go on without those who never answered.
  const late = await ctx.db
    .updateTable("call_participants")
    .set({ status: "missed" })
    .where("status", "in", [...PENDING])
    .where("call_id", "in", (eb) => eb.selectFrom("call_history").select("call_id").where("status", "=", "connected").where("created_at", "<", cutoff))
    .returningAll()
    .execute();
  for (const p of late) {
    const call = await ctx.db.selectFrom("call_history").select("initiator_id").where("call_id", "=", p.call_id).executeTakeFirst();
    const caller = (await actors(ctx, [call?.initiator_id ?? -1])).get(call?.initiator_id ?? -1);
    if (caller) await sendAll(ctx, signalsTo([p.user_id], caller, p.call_id, "call_end", { reason: "missed", call_ended: true }));
    await publishCall(ctx, p.call_id);
  }
}
