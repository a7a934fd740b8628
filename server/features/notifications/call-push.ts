// Incoming calls for people with no tab open (docs/notifications.md). An invite to someone with
// no socket on any node waits as an undelivered signal; its `call_ring` job is written in the same
// transaction (./calls/signals.ts), pushed at once, urgent, and only while the call still rings for
// them and no tab or poller has claimed the invite. When the call changes, a person who was pushed
// a ring and is no longer being rung (answered on another device, declined, cancelled, missed)
// gets a `call_withdraw` job, keyed by the ring it withdraws: a push with the ring's tag on which
// the service worker closes the ringing notification. Those jobs are decided from the committed
// rows alone, by the calls sweep on every node (so a crash between a transition and its event
// loses none) and, sooner, after each transition's event. A missed call's "Missed call" notice
// (job kind `call`) has that tag too and replaces the ringing one by itself, so then no withdrawal
// is sent. All go through the durable queue like every other push; nothing is sent on the
// request's path.
import { sql } from "kysely";
import type { AppContext } from "../../context";
import type { DbLike } from "../../entities/repository";
import type { Config } from "../../config";
import type { PushPayload } from "@shared/entities";
import { topicOf, type PushOptions } from "./push";
import { insertKeyedJobs, type Job, type Recipient } from "./repository";

const RINGING = ["invited", "ringing"];
const ACTIVE = ["initiated", "ringing", "connected"];

export const callTag = (callId: string) => `call-${callId}`;
/** Where a tap on the ringing notification opens the app: the call rings there while it still rings. */
export const callUrl = (callId: string) => `/CallHistory?call=${encodeURIComponent(callId)}`;

/**
 * Part of the call's own transaction where it becomes missed for these people (they were still
 * being rung when the caller hung up, or nobody answered in time): their "Missed call" jobs
 * (kind `call`), so a process dying right after the commit loses none; keyed, so the call is
 * noticed once per person however often this runs.
 */
export async function queueMissedCall(trx: DbLike, m: { callId: string; userIds: number[]; callerName: string }): Promise<void> {
  const due = new Date();
  await insertKeyedJobs(
    trx,
    m.userIds.map((id) => ({ kind: "call", user_id: id, payload: { call_id: m.callId, caller: m.callerName }, due, key: `call:${m.callId}:${id}:missed` })),
  );
}

/** Part of the transaction that stores a waiting invite (`signalId`): its ring's push job. */
export async function queueRing(trx: DbLike, r: { callId: string; userId: number; signalId: number; callerName: string; callType: string }): Promise<void> {
  const payload = { call_id: r.callId, signal_id: r.signalId, caller: r.callerName, call_type: r.callType };
  await insertKeyedJobs(trx, [{ kind: "call_ring", user_id: r.userId, payload, due: new Date(), key: `call:${r.callId}:${r.userId}:ring:${r.signalId}` }]);
}

/** Rings are withdrawn within this long of being queued (a ring's push lives no longer). */
const WITHDRAW_WITHIN = "1 hour";

/**
 * Writes the withdrawal job of every ring (of one call, or of all recent ones) whose person is no
 * longer being rung, once per ring (keyed by the ring's job); answers how many it wrote. Runs from
 * the calls sweep and after a call's transitions; both may run at once on several nodes.
 */
export async function queueRingWithdrawals(db: DbLike, callId?: string): Promise<number> {
  const oneCall = callId === undefined ? sql`` : sql`and j.payload->>'call_id' = ${callId}`;
  const res = await sql`
    insert into notification_jobs (kind, user_id, payload, next_attempt_at, key)
    select 'call_withdraw', j.user_id,
           jsonb_build_object('call_id', p.call_id, 'reason', case when p.status in (${sql.join(RINGING)}) then 'missed' else p.status end),
           now(), 'call:' || p.call_id || ':' || j.user_id || ':withdraw:' || j.id
    from notification_jobs j
    join call_participants p on p.call_id = j.payload->>'call_id' and p.user_id = j.user_id
    join call_history c on c.call_id = p.call_id
    where j.kind = 'call_ring' and j.created_at > now() - ${WITHDRAW_WITHIN}::interval ${oneCall}
      and (p.status not in (${sql.join(RINGING)}) or c.status not in (${sql.join(ACTIVE)}))
    on conflict (key) do nothing`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/** After a call's transition committed: its withdrawals now rather than at the next sweep. */
export function wireCallPushes(ctx: AppContext, wake: () => void): void {
  ctx.events.on("calls.ringing", () => wake());
  ctx.events.on("calls.changed", (rec) => {
    void queueRingWithdrawals(ctx.db, rec.call_id)
      .then((n) => n && wake())
      .catch((err) => ctx.log.warn({ err, call: rec.call_id }, "queuing call withdrawals failed"));
  });
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

/** What ./decide.ts makes of a call job (a part of its Decision). */
export interface PushDecision {
  skip?: string;
  push?: PushPayload;
  pushOptions?: PushOptions;
}

/** Rings while the call still rings for them; no centre item (a missed call gets its own). */
export async function decideCallRing(db: DbLike, config: Config, user: Recipient, job: Job): Promise<PushDecision> {
  const callId = str(job.payload.call_id);
  const state = await ringState(db, callId, user.id);
  if (!state || !ACTIVE.includes(state.call_status) || !RINGING.includes(state.status)) return { skip: "no longer ringing" };
  if (await inviteClaimed(db, Number(job.payload.signal_id))) return { skip: "a tab has the invite" };
  if (user.notification_preferences === "none") return { skip: "preference none" };
  const type = state.call_type === "audio" ? "audio" : "video";
  const tag = callTag(callId);
  return {
    push: { title: `${str(job.payload.caller) || "Someone"} is calling you`, body: `Incoming ${type} call`, url: callUrl(callId), tag, kind: "call_ring", call_id: callId, call_type: type },
    // Stale once the call stops ringing: a browser offline longer never hears of it.
    pushOptions: { ttlSeconds: Math.max(1, Math.ceil(config.callRingTimeoutMs / 1000)), urgency: "high", topic: topicOf(tag) },
  };
}

/** `missedNoticePushes`: the person's "Missed call" notice would be pushed (./decide.ts judges that). */
export async function decideCallWithdraw(db: DbLike, user: Recipient, job: Job, missedNoticePushes: boolean): Promise<PushDecision> {
  const callId = str(job.payload.call_id);
  const ring = await lastRingJob(db, user.id, callId);
  if (!ring) return { skip: "no ring was pushed" };
  // The ring is being sent by a worker right now: come back when it is settled (the worker's retry).
  if (ring.status === "pending" && ring.attempts > 0) throw new Error("the ring push is still in flight");
  if (ring.status !== "done" || !/^sent [1-9]/.test(ring.outcome ?? "")) return { skip: "no ring was pushed" };
  if (job.payload.reason === "missed" && missedNoticePushes && (await hasMissedJob(db, user.id, callId))) {
    return { skip: "the missed-call notice replaces the ring" };
  }
  const tag = callTag(callId);
  return {
    push: { title: "", body: "", url: "", tag, kind: "call_withdraw", call_id: callId },
    // Same topic: a ring still waiting at the push service is replaced, never shown late.
    pushOptions: { ttlSeconds: 3600, urgency: "high", topic: topicOf(tag) },
  };
}

// ---- SQL ----

function ringState(db: DbLike, callId: string, userId: number) {
  return db
    .selectFrom("call_participants as p")
    .innerJoin("call_history as c", "c.call_id", "p.call_id")
    .select(["p.status", "c.status as call_status", "c.call_type"])
    .where("p.call_id", "=", callId)
    .where("p.user_id", "=", userId)
    .executeTakeFirst();
}

/** A tab (on connecting) or a poller has taken the waiting invite: it rings there. */
async function inviteClaimed(db: DbLike, signalId: number): Promise<boolean> {
  if (!Number.isSafeInteger(signalId)) return false;
  const row = await db.selectFrom("pending_signals").select("delivered_at").where("id", "=", signalId).executeTakeFirst();
  return !!row?.delivered_at;
}

function lastRingJob(db: DbLike, userId: number, callId: string) {
  return db
    .selectFrom("notification_jobs")
    .select(["id", "status", "outcome", "attempts"])
    .where("user_id", "=", userId)
    .where("kind", "=", "call_ring")
    .where(sql<boolean>`payload->>'call_id' = ${callId}`)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

async function hasMissedJob(db: DbLike, userId: number, callId: string): Promise<boolean> {
  const row = await db
    .selectFrom("notification_jobs")
    .select("id")
    .where("user_id", "=", userId)
    .where("kind", "=", "call")
    .where(sql<boolean>`payload->>'call_id' = ${callId}`)
    .executeTakeFirst();
  return !!row;
}
