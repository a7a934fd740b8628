// Incoming calls for people with no tab open (docs/notifications.md). The calls feature says a
// call rang someone with no socket on any node (`calls.ringing`); that becomes a `call_ring` job,
// pushed at once, urgent, and only while the call still rings for them. Whenever the call changes
// (`calls.changed`, after each committed transition) a person who was pushed a ring and is no
// longer being rung (answered on another device, declined, cancelled, missed) gets a
// `call_withdraw` job: a push with the ring's tag on which the service worker closes the ringing
// notification. A missed call's "Missed call" notice (job kind `call`) has that tag too and
// replaces the ringing one by itself, so then no withdrawal is sent. Both go through the durable
// queue like every other push; nothing is sent on the request's path.
import { sql } from "kysely";
import type { AppContext } from "../../context";
import type { DbLike } from "../../entities/repository";
import type { Config } from "../../config";
import type { CallRecord } from "@shared/realtime";
import type { PushPayload } from "@shared/entities";
import type { Enqueuer } from "./enqueue";
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

export function wireCallPushes(ctx: AppContext, queue: Enqueuer): void {
  ctx.events.on("calls.ringing", (r) =>
    queue.add([{ kind: "call_ring", user_id: r.userId, payload: { call_id: r.callId, caller: r.callerName, call_type: r.callType } }]),
  );
  ctx.events.on("calls.changed", (rec) => {
    void withdrawals(ctx.db, rec)
      .then((jobs) => jobs.length && queue.add(jobs))
      .catch((err) => ctx.log.warn({ err, call: rec.call_id }, "queuing call withdrawals failed"));
  });
}

/** Withdrawal jobs for those pushed a ring for this call who are no longer being rung. */
async function withdrawals(db: DbLike, rec: CallRecord) {
  const done = rec.participant_list.filter((p) => p.user_id !== rec.initiator_id && (!RINGING.includes(p.status) || !ACTIVE.includes(rec.status)));
  if (!done.length) return [];
  const last = await lastCallJobs(db, rec.call_id, done.map((p) => p.user_id));
  return done
    .filter((p) => (last.get(`${p.user_id}:call_ring`) ?? 0) > (last.get(`${p.user_id}:call_withdraw`) ?? 0))
    .map((p) => ({ kind: "call_withdraw", user_id: p.user_id, payload: { call_id: rec.call_id, reason: RINGING.includes(p.status) ? "missed" : p.status } }));
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

/** The newest job id per person and kind (call_ring, call_withdraw) for a call. */
async function lastCallJobs(db: DbLike, callId: string, userIds: number[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("notification_jobs")
    .select(["user_id", "kind", (eb) => eb.fn.max("id").as("id")])
    .where("user_id", "in", userIds)
    .where("kind", "in", ["call_ring", "call_withdraw"])
    .where(sql<boolean>`payload->>'call_id' = ${callId}`)
    .groupBy(["user_id", "kind"])
    .execute();
  return new Map(rows.map((r) => [`${r.user_id}:${r.kind}`, Number(r.id)]));
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
