// The calls feature's SQL (calls, participants, pending signals): functions taking the database
// (or a transaction) first. The state machine that decides what changes lives in ./service and
// ./signals; call history presentation in ./records.
import { sql, type Insertable, type Selectable, type Updateable } from "kysely";
import type { DbLike } from "../../entities/repository";
import type { CallHistoryTable, CallParticipantsTable, User } from "../../db/schema";

export type CallRow = Selectable<CallHistoryTable>;
export type ParticipantRow = Selectable<CallParticipantsTable>;

export const ACTIVE_CALL = ["initiated", "ringing", "connected"] as const;
export const PENDING = ["invited", "ringing"] as const;

export type CallPerson = Pick<User, "id" | "email" | "full_name" | "user_status" | "is_active">;

export async function peopleByIds(db: DbLike, ids: number[]): Promise<CallPerson[]> {
  if (ids.length === 0) return [];
  return db.selectFrom("users").select(["id", "email", "full_name", "user_status", "is_active"]).where("id", "in", ids).execute();
}

/** Users among `ids` who are in a call that is still going. */
export async function userIdsInActiveCall(db: DbLike, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("call_participants as p")
    .innerJoin("call_history as c", "c.call_id", "p.call_id")
    .select("p.user_id")
    .where("p.user_id", "in", ids)
    .where("p.status", "=", "joined")
    .where("p.left_at", "is", null)
    .where("c.status", "in", [...ACTIVE_CALL])
    .execute();
  return rows.map((r) => r.user_id);
}

/** Calls still going that the user is in or is still being rung for. */
export async function activeCallIdsOf(db: DbLike, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("call_participants as p")
    .innerJoin("call_history as c", "c.call_id", "p.call_id")
    .select("p.call_id")
    .where("p.user_id", "=", userId)
    .where("c.status", "in", [...ACTIVE_CALL])
    .where((eb) => eb.or([eb.and([eb("p.status", "=", "joined"), eb("p.left_at", "is", null)]), eb("p.status", "in", [...PENDING])]))
    .execute();
  return rows.map((r) => r.call_id);
}

export async function insertCall(
  db: DbLike,
  call: Insertable<CallHistoryTable>,
  participants: Omit<Insertable<CallParticipantsTable>, "call_id">[],
): Promise<void> {
  await db.insertInto("call_history").values(call).execute();
  if (participants.length) {
    await db
      .insertInto("call_participants")
      .values(participants.map((p) => ({ ...p, call_id: call.call_id })))
      .execute();
  }
}

export function findCall(db: DbLike, callId: string): Promise<CallRow | undefined> {
  return db.selectFrom("call_history").selectAll().where("call_id", "=", callId).executeTakeFirst();
}

/** The call row, locked until the transaction ends: transitions of one call are serialised. */
export function lockCallRow(db: DbLike, callId: string): Promise<CallRow | undefined> {
  return db.selectFrom("call_history").selectAll().where("call_id", "=", callId).forUpdate().executeTakeFirst();
}

export function participantsOf(db: DbLike, callId: string): Promise<ParticipantRow[]> {
  return db.selectFrom("call_participants").selectAll().where("call_id", "=", callId).execute();
}

export function findParticipant(db: DbLike, callId: string, userId: number): Promise<ParticipantRow | undefined> {
  return db.selectFrom("call_participants").selectAll().where("call_id", "=", callId).where("user_id", "=", userId).executeTakeFirst();
}

export async function updateCall(db: DbLike, callId: string, values: Updateable<CallHistoryTable>): Promise<void> {
  await db.updateTable("call_history").set(values).where("call_id", "=", callId).execute();
}

export async function updateParticipant(db: DbLike, callId: string, userId: number, values: Updateable<CallParticipantsTable>): Promise<void> {
  await db.updateTable("call_participants").set(values).where("call_id", "=", callId).where("user_id", "=", userId).execute();
}

/**
 * Calls still ringing after `timeoutMs` become missed, in one `update ... returning`, so each
 * expired call is handed to exactly one node.
 */
export function expireRingingCalls(db: DbLike, timeoutMs: number): Promise<CallRow[]> {
  const cutoff = sql<Date>`now() - ${timeoutMs}::integer * interval '1 millisecond'`;
  return db
    .updateTable("call_history")
    .set({ status: "missed", ended_at: sql`now()`, updated_at: sql`now()` })
    .where("status", "in", ["initiated", "ringing"])
    .where("created_at", "<", cutoff)
    .returningAll()
    .execute();
}

/** People still being rung, after `timeoutMs`, for a call that others already connected: missed. */
export function missLateParticipants(db: DbLike, timeoutMs: number): Promise<ParticipantRow[]> {
  const cutoff = sql<Date>`now() - ${timeoutMs}::integer * interval '1 millisecond'`;
  return db
    .updateTable("call_participants")
    .set({ status: "missed" })
    .where("status", "in", [...PENDING])
    .where((eb) => eb.or([eb("invited_at", "is", null), eb("invited_at", "<", cutoff)]))
    .where("call_id", "in", (eb) => eb.selectFrom("call_history").select("call_id").where("status", "=", "connected").where("created_at", "<", cutoff))
    .returningAll()
    .execute();
}

/** An invite that reached the callee: that participant, and a call still initiated, ring. */
export async function markRinging(db: DbLike, callIds: string[], userId: number): Promise<void> {
  if (callIds.length === 0) return;
  await db
    .updateTable("call_participants")
    .set({ status: "ringing" })
    .where("call_id", "in", callIds)
    .where("user_id", "=", userId)
    .where("status", "=", "invited")
    .execute();
  await db
    .updateTable("call_history")
    .set({ status: "ringing", updated_at: new Date() })
    .where("call_id", "in", callIds)
    .where("status", "=", "initiated")
    .execute();
}

/** The call's state with the rows of the two people a media signal passes between (either may be missing). */
export function relayRows(db: DbLike, callId: string, fromId: number, toId: number) {
  return db
    .selectFrom("call_history as c")
    .leftJoin("call_participants as p", (j) => j.onRef("p.call_id", "=", "c.call_id").on("p.user_id", "in", [fromId, toId]))
    .select(["c.status as call_status", "p.user_id", "p.status", "p.left_at"])
    .where("c.call_id", "=", callId)
    .execute();
}

export interface SignalRow {
  id: number | string;
  call_id: string;
  to_user_id: number;
  from_user_id: number;
  from_user_name: string;
  from_user_email: string;
  message_type: string;
  message_data: unknown;
  extra: Record<string, unknown> | null;
  created_at: Date | string;
}

export interface SignalValues {
  call_id: string;
  to_user_id: number;
  from_user_id: number;
  from_user_name: string;
  from_user_email: string;
  message_type: string;
  /** JSON text or null. */
  message_data: string | null;
  extra: string | null;
  delivered_at: Date | null;
}

export function insertSignal(db: DbLike, values: SignalValues): Promise<SignalRow> {
  return db.insertInto("pending_signals").values(values).returningAll().executeTakeFirstOrThrow() as Promise<SignalRow>;
}

/**
 * Marks a user's undelivered signals (all, or only `ids`) delivered and returns them, oldest
 * first at most `limit`; `for update skip locked` hands each row to exactly one claimer.
 */
export async function claimSignals(db: DbLike, userId: number, ids: number[] | undefined, limit: number): Promise<SignalRow[]> {
  const idFilter = ids ? sql`and id = any(${sql.val(ids)}::bigint[])` : sql``;
  const res = await sql<SignalRow>`
    update pending_signals set delivered_at = now()
    where id in (
      select id from pending_signals
      where to_user_id = ${userId} and delivered_at is null ${idFilter}
      order by id limit ${limit}
      for update skip locked)
    returning *`.execute(db);
  return res.rows;
}

/** Delivered signals are kept an hour for diagnosis, undelivered ones a day. */
export async function deleteOldSignals(db: DbLike): Promise<void> {
  await sql`delete from pending_signals
    where (delivered_at is not null and delivered_at < now() - interval '1 hour')
       or created_at < now() - interval '1 day'`.execute(db);
}

/** Participants of these calls with their names (records). */
export async function findCallParticipantsWithNames(db: DbLike, callIds: string[]) {
  if (callIds.length === 0) return [];
  return db
    .selectFrom("call_participants as p")
    .leftJoin("users as u", "u.id", "p.user_id")
    .selectAll("p")
    .select("u.full_name")
    .where("p.call_id", "in", callIds)
    .execute();
}

export async function findCallByCallId(db: DbLike, callId: string): Promise<CallRow | undefined> {
  return db.selectFrom("call_history").selectAll().where("call_id", "=", callId).executeTakeFirst();
}

/** The user's calls, newest first (records). */
export async function findCallsOfUser(db: DbLike, userId: number, limit: number, offset: number): Promise<CallRow[]> {
  return db
    .selectFrom("call_history as c")
    .innerJoin("call_participants as me", (j) => j.onRef("me.call_id", "=", "c.call_id").on("me.user_id", "=", userId))
    .selectAll("c")
    .orderBy("c.created_at", "desc")
    .orderBy("c.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * The user's last socket in these calls went (server/features/calls/liveness.ts): their places
 * there are marked now, on the database's clock, as every node compares them with it.
 */
export async function markDetached(db: DbLike, userId: number, callIds: string[]): Promise<void> {
  if (callIds.length === 0) return;
  await db
    .updateTable("call_participants")
    .set({ detached_at: sql`now()` })
    .where("user_id", "=", userId)
    .where("call_id", "in", callIds)
    .where("status", "=", "joined")
    .where("left_at", "is", null)
    .execute();
}

/** A socket holds the place again; with `seen`, only a mark no newer than that one is cleared. */
export async function clearDetached(db: DbLike, callId: string, userId: number, seen?: Date): Promise<void> {
  let q = db.updateTable("call_participants").set({ detached_at: null }).where("call_id", "=", callId).where("user_id", "=", userId).where("detached_at", "is not", null);
  // Postgres keeps microseconds, a Date only milliseconds.
  if (seen) q = q.where("detached_at", "<", new Date(seen.getTime() + 1));
  await q.execute();
}

const olderThan = (ms: number) => sql<Date>`now() - ${ms}::integer * interval '1 millisecond'`;

/** People still in a call still going whose place was marked more than `graceMs` ago. */
export function detachedParticipants(db: DbLike, graceMs: number, limit = 100) {
  return db
    .selectFrom("call_participants as p")
    .innerJoin("call_history as c", "c.call_id", "p.call_id")
    .select(["p.call_id", "p.user_id", "p.detached_at"])
    .where("p.detached_at", "<", olderThan(graceMs))
    .where("p.status", "=", "joined")
    .where("p.left_at", "is", null)
    .where("c.status", "in", [...ACTIVE_CALL])
    .orderBy("p.detached_at")
    .limit(limit)
    .execute();
}

/** Read in the leaving transaction, under the call's lock: still in, and still marked that long ago. */
export async function stillDetached(db: DbLike, callId: string, userId: number, graceMs: number): Promise<boolean> {
  const row = await db
    .selectFrom("call_participants")
    .select("user_id")
    .where("call_id", "=", callId)
    .where("user_id", "=", userId)
    .where("detached_at", "<", olderThan(graceMs))
    .where("status", "=", "joined")
    .where("left_at", "is", null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Changes the user's place in the call (their hand, their microphone); false when they are not in it. */
export async function updateJoined(db: DbLike, callId: string, userId: number, set: { muted?: boolean; hand_raised_at?: Date | null }): Promise<boolean> {
  const res = await db
    .updateTable("call_participants")
    .set(set)
    .where("call_id", "=", callId)
    .where("user_id", "=", userId)
    .where("status", "=", "joined")
    .where("left_at", "is", null)
    .returning("user_id")
    .executeTakeFirst();
  return res !== undefined;
}
