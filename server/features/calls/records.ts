// Call history: presenting records in the documented format, the caller's history, pushing changes.
import type { AppContext } from "../../context";
import type { Db } from "../../db";
import { ACTIVE_CALL, PENDING, findCallByCallId, findCallParticipantsWithNames, findCallsOfUser, type CallRow, type ParticipantRow } from "./repository";
import { type CallParticipant, type CallRecord } from "@shared/realtime";
import { LIMITS } from "@shared/constants";

export { ACTIVE_CALL, PENDING, type CallRow, type ParticipantRow } from "./repository";

export const isActiveCall = (c: Pick<CallRow, "status">) => (ACTIVE_CALL as readonly string[]).includes(c.status);
export const isPending = (p: Pick<ParticipantRow, "status">) => (PENDING as readonly string[]).includes(p.status);
/** In the call right now: joined and not yet gone. */
export const isIn = (p: Pick<ParticipantRow, "status" | "left_at">) => p.status === "joined" && !p.left_at;

const iso = (d: Date | string | null) => (d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString());
const time = (d: Date | string) => (d instanceof Date ? d : new Date(d)).getTime();

/** Seconds a participant spent in the connected call (0 if the call never connected). */
export function participantSeconds(call: Pick<CallRow, "started_at">, p: Pick<ParticipantRow, "joined_at">, leftAt: Date): number {
  if (!call.started_at || !p.joined_at) return 0;
  const from = Math.max(time(call.started_at), time(p.joined_at));
  return Math.max(0, Math.round((leftAt.getTime() - from) / 1000));
}

export function callSeconds(call: Pick<CallRow, "started_at">, endedAt: Date): number {
  return call.started_at ? Math.max(0, Math.round((endedAt.getTime() - time(call.started_at)) / 1000)) : 0;
}

// The text form separates fields with ':' and entries with '|', so names may not carry them.
const cleanName = (n: string) => n.replace(/[:|]/g, " ").trim();

export function presentCall(c: CallRow, parts: (ParticipantRow & { full_name: string | null })[]): CallRecord {
  const list: CallParticipant[] = [...parts]
    .sort((a, b) => Number(b.user_id === c.initiator_id) - Number(a.user_id === c.initiator_id) || a.user_id - b.user_id)
    .map((p) => ({
      user_id: p.user_id,
      name: cleanName(p.full_name ?? ""),
      status: p.status,
      duration_seconds: isIn(p) && c.status === "connected" ? p.duration_seconds + participantSeconds(c, p, new Date()) : p.duration_seconds,
      in_call: isIn(p),
      muted: isIn(p) && p.muted,
      ...(c.meeting_id ? { hand_raised: isIn(p) && p.hand_raised_at !== null } : {}),
    }));
  return {
    id: c.id,
    call_id: c.call_id,
    call_type: c.call_type,
    status: c.status,
    participants: list.map((p) => `${p.user_id}:${p.name}:${p.status}:${p.duration_seconds}`).join("|"),
    participant_list: list,
    initiator_id: c.initiator_id ?? 0,
    started_at: iso(c.started_at),
    created_at: iso(c.created_at)!,
    ended_at: iso(c.ended_at),
    duration_seconds: c.status === "connected" ? callSeconds(c, new Date()) : c.duration_seconds,
    end_reason: c.end_reason ?? null,
    meeting_id: c.meeting_id ?? null,
    media: c.media,
    recording: { recording_status: c.recording_status, error_message: c.recording_error, file_id: c.recording_file_id },
  };
}

export async function loadCallRecord(db: Db, callId: string): Promise<CallRecord | null> {
  const c = await findCallByCallId(db, callId);
  if (!c) return null;
  return presentCall(c, await findCallParticipantsWithNames(db, [callId]));
}

/** The user's calls, newest first. */
export async function callHistory(db: Db, userId: number, limit: number = LIMITS.callHistoryPageSize, offset = 0): Promise<CallRecord[]> {
  const calls = await findCallsOfUser(db, userId, limit, offset);
  const parts = await findCallParticipantsWithNames(
    db,
    calls.map((c) => c.call_id),
  );
  const byCall = new Map<string, typeof parts>();
  for (const p of parts) byCall.set(p.call_id, [...(byCall.get(p.call_id) ?? []), p]);
  return calls.map((c) => presentCall(c, byCall.get(c.call_id) ?? []));
}

/** Pushes the record to everyone in the call as `calls.update`; returns it. */
export async function publishCall(ctx: AppContext, callId: string): Promise<CallRecord | null> {
  const rec = await loadCallRecord(ctx.db, callId);
  if (rec && ctx.realtime) {
    ctx.realtime.toUsers(rec.participant_list.map((p) => p.user_id), "calls.update", rec);
  }
  if (rec) ctx.events.emit("calls.changed", rec);
  if (rec && !isActiveCall(rec) && rec.recording?.recording_status === "recording") {
    for (const l of finishedListeners) l(callId);
  }
  return rec;
}

type CallFinishedListener = (callId: string) => void;
const finishedListeners = new Set<CallFinishedListener>();

/** The files feature finishes a recording nobody stopped; it listens here to avoid an import cycle. */
export function onCallFinished(listener: CallFinishedListener): () => void {
  finishedListeners.add(listener);
  return () => finishedListeners.delete(listener);
}

type SweepListener = (ctx: AppContext) => Promise<void>;
const sweepListeners = new Set<SweepListener>();
const lastSweep = new WeakMap<AppContext, number>();
const SWEEP_EVERY_MS = 10_000;

/** Work that runs with the calls sweep on every node (the files feature's orphan recordings). */
export function onCallsSweep(listener: SweepListener): void {
  sweepListeners.add(listener);
}

/** Called by the calls sweep each tick; runs the listeners at most every 10 s per app. */
export async function runSweepListeners(ctx: AppContext): Promise<void> {
  const now = Date.now();
  if (now - (lastSweep.get(ctx) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(ctx, now);
  for (const l of sweepListeners) await l(ctx).catch((err) => ctx.log.warn({ err }, "sweep failed"));
}
