// The call state machine (docs/calls.md), shared by the socket
// commands and the polling REST shim. Each transition locks the call row, commits, and only
// then sends its signals (call_invite, call_accept, call_reject, call_end) and `calls.update`.
import crypto from "node:crypto";
import type { Transaction } from "kysely";
import type { AppContext } from "../../context";
import type { Database } from "../../db/schema";
import { HttpError, badRequest, notFound } from "../../errors";
import { LIMITS, MESSAGES } from "@shared/constants";
import { USER_MESSAGES } from "@shared/entities";
import { rooms, type CallStarted, type CallType, type SignalType } from "@shared/realtime";
import { deliverSignal, type Actor, type NewSignal } from "./signals";
import { metrics } from "../../ops/metrics";
import * as sfu from "../sfu/service";
import { onCallsSweep, runSweepListeners } from "./records";
import { queueMissedCall, queueRingWithdrawals } from "../notifications/call-push";

// Rings pushed to people no longer being rung are withdrawn from the committed rows, whatever
// became of the transition's event (the worker's own sweep then picks the jobs up).
onCallsSweep(async (ctx) => void (await queueRingWithdrawals(ctx.db)));
import { callSeconds, isActiveCall, isIn, isPending, participantSeconds, publishCall, type CallRow, type ParticipantRow } from "./records";

import {
  activeCallIdsOf,
  expireRingingCalls,
  findCall,
  findParticipant,
  insertCall,
  lockCallRow,
  missLateParticipants,
  participantsOf,
  peopleByIds,
  updateJoined,
  updateCall,
  updateParticipant,
  userIdsInActiveCall,
} from "./repository";

type Trx = Transaction<Database>;

const notInCall = () => new HttpError(403, "You are not in this call");

async function sendAll(ctx: AppContext, signals: NewSignal[]): Promise<void> {
  for (const s of signals) await deliverSignal(ctx, s);
}

async function actors(ctx: AppContext, ids: number[]): Promise<Map<number, Actor>> {
  const rows = await peopleByIds(ctx.db, ids);
  return new Map(rows.map((r) => [r.id, { id: r.id, email: r.email, full_name: r.full_name }]));
}

export async function initiateCall(ctx: AppContext, caller: Actor, targetIds: number[], callType: CallType, isGroup: boolean): Promise<CallStarted> {
  const targets = [...new Set(targetIds)].filter((id) => id !== caller.id);
  if (targets.length === 0) throw badRequest("You cannot call yourself");
  const media = mediaFor(ctx, targets.length + 1);
  const [me] = await peopleByIds(ctx.db, [caller.id]);
  if (me?.user_status === "busy") throw new HttpError(409, MESSAGES.busyStart);
  const rows = await peopleByIds(ctx.db, targets);
  if (rows.length !== targets.length) throw notFound("User not found");
  // A deactivated account can never answer.
  if (rows.some((u) => !u.is_active)) throw new HttpError(409, USER_MESSAGES.accountDeactivated);
  const people = new Map(rows.map((r) => [r.id, { id: r.id, email: r.email, full_name: r.full_name }]));
  // One call at a time per person: whatever the caller was still in is left first.
  await leaveAllCalls(ctx, caller);

  const inCall = new Set(await userIdsInActiveCall(ctx.db, targets));
  const busy = new Set(rows.filter((u) => u.user_status === "busy" || inCall.has(u.id)).map((u) => u.id));
  const allBusy = busy.size === targets.length;
  const callId = crypto.randomUUID();
  const now = new Date();
  await ctx.db.transaction().execute((trx) =>
    insertCall(
      trx,
      {
        call_id: callId,
        call_type: callType,
        is_group: isGroup,
        initiator_id: caller.id,
        status: allBusy ? "rejected" : "initiated",
        ended_at: allBusy ? now : null,
        end_reason: allBusy ? "busy" : null,
        media,
      },
      [
        { user_id: caller.id, status: "joined", joined_at: now, left_at: allBusy ? now : null },
        ...targets.map((id) => ({ user_id: id, status: busy.has(id) ? ("busy" as const) : ("invited" as const) })),
      ],
    ),
  );
  // Every call is a mesh until the SFU lands (calls_active reads the mode from the database).
  if (!allBusy) metrics.callStarted("mesh");
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
        message_data: { call_type: callType, participant_ids: participantIds, is_group: isGroup, media },
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
    media,
    ...(allBusy ? { reason: "busy" } : {}),
    ...(busy.size ? { rejected_user_ids: [...busy] } : {}),
  };
}

/**
 * Mesh for small calls, the SFU past CALL_MESH_MAX people when Janus is configured (docs/calls.md); without it a mesh holds at most 8 and a larger call is refused.
 */
export function mediaFor(ctx: AppContext, people: number): "mesh" | "sfu" {
  if (ctx.config.janusUrl) {
    if (people > LIMITS.sfuCallMaxParticipants) throw badRequest(`A call has at most ${LIMITS.sfuCallMaxParticipants} participants`);
    return people > ctx.config.meshMax ? "sfu" : "mesh";
  }
  if (people > LIMITS.groupCallMaxParticipants) throw new HttpError(409, MESSAGES.callNeedsSfu);
  return "mesh";
}

interface Locked {
  call: CallRow;
  parts: ParticipantRow[];
  me: ParticipantRow;
}

async function lockCall(trx: Trx, callId: string, userId: number): Promise<Locked> {
  const call = await lockCallRow(trx, callId);
  if (!call) throw notFound("Call not found");
  const parts = await participantsOf(trx, callId);
  const me = parts.find((p) => p.user_id === userId);
  if (!me) throw notInCall();
  return { call, parts, me };
}

/** Closes a call: everyone still in it leaves, everyone still ringing missed it. */
async function finish(
  trx: Trx,
  call: CallRow,
  parts: ParticipantRow[],
  now: Date,
  status?: CallRow["status"],
  endReason: CallRow["end_reason"] = null,
): Promise<void> {
  const final = status ?? (call.started_at ? "ended" : "missed");
  await updateCall(trx, call.call_id, {
    status: final,
    ended_at: now,
    updated_at: now,
    duration_seconds: callSeconds(call, now),
    ...(call.started_at ? {} : { end_reason: endReason }),
  });
  for (const p of parts) {
    if (isIn(p)) {
      await updateParticipant(trx, call.call_id, p.user_id, { left_at: now, duration_seconds: participantSeconds(call, p, now) });
    } else if (isPending(p)) {
      await updateParticipant(trx, call.call_id, p.user_id, { status: "missed" });
    }
  }
}

function signalsTo(ids: number[], from: Actor, callId: string, type: SignalType, data: Record<string, unknown>): NewSignal[] {
  return ids.map((id) => ({ call_id: callId, to_user_id: id, from, message_type: type, message_data: data }));
}

/**
 * Accept (join) or reject a call the user is ringing for. `reason: "busy"` is a client turning
 * the call away by itself (its user is busy or already in a call), which history shows as busy.
 */
export async function answerCall(
  ctx: AppContext,
  user: Actor,
  callId: string,
  accepted: boolean,
  reason?: "busy",
): Promise<{ call_id: string; status: string; media?: "mesh" | "sfu" }> {
  const signals = await ctx.db.transaction().execute(async (trx) => {
    const { call, parts, me } = await lockCall(trx, callId, user.id);
    if (!isActiveCall(call)) throw new HttpError(409, `Call is ${call.status}`);
    if (isIn(me) && accepted) return [];
    if (!isPending(me)) throw new HttpError(409, "This call is not ringing for you");
    const now = new Date();
    const others = parts.filter((p) => p.user_id !== user.id);
    const inOthers = others.filter(isIn).map((p) => p.user_id);
    if (accepted) {
      await updateParticipant(trx, callId, user.id, { status: "joined", joined_at: now, left_at: null });
      if (call.status !== "connected") await updateCall(trx, callId, { status: "connected", started_at: now, updated_at: now });
      return signalsTo(inOthers, user, callId, "call_accept", { call_ended: false });
    }
    const busy = reason === "busy";
    await updateParticipant(trx, callId, user.id, { status: busy ? "busy" : "rejected", left_at: now });
    const stillRinging = others.some(isPending);
    const over = inOthers.length === 0 || (inOthers.length <= 1 && !stillRinging);
    const anyoneDeclined = busy ? others.some((p) => p.status === "rejected") : true;
    if (over) await finish(trx, call, others, now, call.started_at ? "ended" : "rejected", anyoneDeclined ? "declined" : "busy");
    return signalsTo(inOthers, user, callId, "call_reject", { reason: busy ? "busy" : "rejected", call_ended: over });
  });
  await sendAll(ctx, signals);
  const rec = await publishCall(ctx, callId);
  return { call_id: callId, status: rec?.status ?? "", media: rec?.media ?? "mesh" };
}

/**
 * Hang up (or, while still ringing, decline). Ending a finished call is a no-op. `onlyIf` is read
 * under the call's lock: the liveness sweep lets someone go only if no socket took their place
 * back meanwhile (./liveness).
 */
export async function endCall(
  ctx: AppContext,
  user: Actor,
  callId: string,
  onlyIf?: (trx: Trx) => Promise<boolean>,
): Promise<{ call_id: string; status: string }> {
  const pre = await findParticipant(ctx.db, callId, user.id);
  const call0 = await findCall(ctx.db, callId);
  if (!call0) throw notFound("Call not found");
  if (!pre) throw notInCall();
  if (isPending(pre) && isActiveCall(call0)) return answerCall(ctx, user, callId, false);

  let ended = null as CallRow | null;
  let missed: number[] = [];
  let left = false;
  const signals = await ctx.db.transaction().execute(async (trx) => {
    const { call, parts, me } = await lockCall(trx, callId, user.id);
    if (!isActiveCall(call) || !isIn(me)) return [];
    if (onlyIf && !(await onlyIf(trx))) return [];
    left = true;
    const now = new Date();
    // A meeting may be left and joined again: the seconds add up.
    await updateParticipant(trx, callId, user.id, { left_at: now, hand_raised_at: null, duration_seconds: me.duration_seconds + participantSeconds(call, me, now) });
    const others = parts.filter((p) => p.user_id !== user.id);
    const inOthers = others.filter(isIn);
    const ringing = others.filter(isPending);
    // A meeting's room stays open while anyone is in it; a call ends with its last pair.
    const over = call.meeting_id
      ? inOthers.length === 0
      : !call.is_group || inOthers.length === 0 || (inOthers.length <= 1 && ringing.length === 0);
    // Hanging up before anyone answered cancels the call: the others missed it, the caller did not.
    if (over) await finish(trx, call, others, now, undefined, call.initiator_id === user.id ? "cancelled" : null);
    if (over) ended = call;
    // The caller hung up before anyone answered: those still ringing missed the call.
    if (over && !call.started_at && !call.meeting_id && call.initiator_id === user.id) missed = ringing.map((p) => p.user_id);
    if (missed.length) await queueMissedCall(trx, { callId, userIds: missed, callerName: user.full_name });
    const notify = [...inOthers, ...(over ? ringing : [])].map((p) => p.user_id);
    return signalsTo(notify, user, callId, "call_end", { reason: over ? "ended" : "left", call_ended: over });
  });
  if (onlyIf && !left) return { call_id: callId, status: call0.status };
  // Their sockets no longer hold a place in the call (./liveness): a later join takes it anew.
  if (left) ctx.realtime?.leaveRoom(user.id, rooms.call(callId));
  await sfu.leave(ctx, callId, user.id);
  if (ended) await sfu.endRoom(ctx, ended);
  await sendAll(ctx, signals);
  if (missed.length) ctx.events.emit("calls.missed", { callId, userIds: missed, callerName: user.full_name });
  const rec = await publishCall(ctx, callId);
  return { call_id: callId, status: rec?.status ?? "" };
}

/** calls.mute: the others see the user's microphone on their tile (participant_list[].muted). */
export async function setMicrophone(ctx: AppContext, user: Actor, callId: string, muted: boolean): Promise<null> {
  if (!(await updateJoined(ctx.db, callId, user.id, { muted }))) throw notInCall();
  await publishCall(ctx, callId);
  return null;
}

/** Leaves (or declines) every call the user is still part of (but `keep`): on a new call, or when they go offline. */
export async function leaveAllCalls(ctx: AppContext, user: Actor, keep?: string): Promise<void> {
  for (const callId of await activeCallIdsOf(ctx.db, user.id)) {
    if (callId === keep) continue;
    await endCall(ctx, user, callId).catch((err) => ctx.log.warn({ err, call: callId }, "leaving call failed"));
  }
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
  await runSweepListeners(ctx);
  const expired = await expireRingingCalls(ctx.db, ctx.config.callRingTimeoutMs);
  for (const call of expired) {
    const parts = await participantsOf(ctx.db, call.call_id);
    const now = new Date();
    const people = await actors(
      ctx,
      parts.map((p) => p.user_id),
    );
    const caller = people.get(call.initiator_id ?? -1);
    const ringing = parts.filter(isPending);
    const missed = { callId: call.call_id, userIds: ringing.map((p) => p.user_id), callerName: caller?.full_name ?? "Someone" };
    // Listed in the notification centre and pushed (docs/notifications.md), queued with the change.
    await ctx.db.transaction().execute(async (trx) => {
      await finish(trx, call, parts, now, "missed");
      if (missed.userIds.length) await queueMissedCall(trx, missed);
    });
    const signals: NewSignal[] = [];
    for (const p of ringing) {
      if (caller) signals.push(...signalsTo([p.user_id], caller, call.call_id, "call_end", { reason: "missed", call_ended: true }));
    }
    if (missed.userIds.length) ctx.events.emit("calls.missed", missed);
    const callee = people.get(ringing[0]?.user_id ?? -1);
    const waiting = parts.filter(isIn).map((p) => p.user_id);
    if (callee) signals.push(...signalsTo(waiting, callee, call.call_id, "call_end", { reason: "missed", call_ended: true }));
    await sendAll(ctx, signals);
    await publishCall(ctx, call.call_id);
  }
  // Group calls go on without those who never answered.
  const late = await missLateParticipants(ctx.db, ctx.config.callRingTimeoutMs);
  for (const p of late) {
    const call = await findCall(ctx.db, p.call_id);
    const caller = (await actors(ctx, [call?.initiator_id ?? -1])).get(call?.initiator_id ?? -1);
    if (caller) await sendAll(ctx, signalsTo([p.user_id], caller, p.call_id, "call_end", { reason: "missed", call_ended: true }));
    await publishCall(ctx, p.call_id);
  }
}
