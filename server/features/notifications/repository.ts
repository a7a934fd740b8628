// All SQL of notifications (docs/notifications.md): the job queue, push subscriptions and the
// facts a job is decided on at send time.
import { sql } from "kysely";
import type { DbLike } from "../../entities/repository";
import type { Db } from "../../db";

export interface NewJob {
  kind: string;
  user_id: number;
  payload: Record<string, unknown>;
  /** When the job is first due. */
  due: Date;
}

export type Job = { id: number; kind: string; user_id: number; payload: Record<string, unknown>; attempts: number; created_at: Date; key?: string | null };

/** Jobs written by one statement. */
const JOBS_PER_INSERT = 100;

/**
 * Writes the jobs, a hundred per statement with a turn of the event loop between them: an
 * @channel's thousand jobs are then ten short statements with chat served in between, not one
 * long one (embedded PGlite runs each statement on the event loop itself).
 */
export async function insertJobs(db: DbLike, jobs: readonly NewJob[]): Promise<void> {
  for (let i = 0; i < jobs.length; i += JOBS_PER_INSERT) {
    if (i > 0) await new Promise((r) => setImmediate(r));
    await db
      .insertInto("notification_jobs")
      .values(jobs.slice(i, i + JOBS_PER_INSERT).map((j) => ({ kind: j.kind, user_id: j.user_id, payload: JSON.stringify(j.payload), next_attempt_at: j.due })))
      .execute();
  }
}

/** A job queued from the change feed: `key` names the effect, so it is queued once (../enqueue.ts); `skipped` ends it at once, its key taken. */
export type KeyedJob = NewJob & { key: string; skipped?: string };

/** Writes the jobs whose key is not taken yet, as insertJobs does; answers those it wrote. */
export async function insertKeyedJobs(db: DbLike, jobs: readonly KeyedJob[]): Promise<{ kind: string; user_id: number }[]> {
  const out: { kind: string; user_id: number }[] = [];
  for (let i = 0; i < jobs.length; i += JOBS_PER_INSERT) {
    if (i > 0) await new Promise((r) => setImmediate(r));
    const rows = jobs.slice(i, i + JOBS_PER_INSERT).map((j) => ({
      kind: j.kind,
      user_id: j.user_id,
      payload: JSON.stringify(j.payload),
      next_attempt_at: j.due,
      key: j.key,
      ...(j.skipped ? { status: "skipped" as const, outcome: j.skipped } : {}),
    }));
    out.push(...(await db.insertInto("notification_jobs").values(rows).onConflict((oc) => oc.column("key").doNothing()).returning(["kind", "user_id", "status"]).execute()).filter((r) => r.status === "pending"));
  }
  return out;
}

/** Rows of an entity table by id, as they are now; `live` leaves out deleted messages (a root's placeholder too). */
export async function rowsByIds(db: DbLike, table: "messages" | "tasks" | "approval_requests" | "shared_files", ids: readonly number[], o: { live?: boolean } = {}): Promise<Map<number, Record<string, unknown> & { id: number }>> {
  if (!ids.length) return new Map();
  const live = o.live ? sql`and deleted_at is null` : sql``;
  const res = await sql<Record<string, unknown> & { id: number }>`select * from ${sql.table(table)} where id in (${sql.join([...new Set(ids)])}) ${live}`.execute(db);
  return new Map(res.rows.map((r) => [Number(r.id), r]));
}

/** A digest is queued once per person while one is pending. */
export async function hasPendingJob(db: DbLike, userId: number, kind: string): Promise<boolean> {
  const row = await db.selectFrom("notification_jobs").select("id").where("user_id", "=", userId).where("kind", "=", kind).where("status", "=", "pending").executeTakeFirst();
  return !!row;
}

/**
 * Claims up to `limit` due jobs for this node: the rows are locked with `for update skip locked`
 * (another node's claim passes them by instead of waiting) and leased until `leaseMs` from now
 * by moving next_attempt_at, so each job is handled by one node; a node that dies mid-job leaves
 * it to come back when the lease runs out (docs/operations.md, "Several nodes"). `kinds` limits the claim to
 * those kinds of job (the urgent ones, claimed first).
 */
export async function claimJobs(db: Db, limit: number, leaseMs: number, kinds?: readonly string[]): Promise<Job[]> {
  const only = kinds?.length ? sql`and kind in (${sql.join(kinds)})` : sql``;
  const res = await sql<Job>`
    update notification_jobs j
       set attempts = j.attempts + 1,
           next_attempt_at = now() + ${`${leaseMs} milliseconds`}::interval,
           updated_at = now()
      from (select id from notification_jobs
             where status = 'pending' and next_attempt_at <= now() ${only}
             order by next_attempt_at
             limit ${limit}
             for update skip locked) due
     where j.id = due.id
    returning j.id, j.kind, j.user_id, j.payload, j.attempts, j.created_at, j.key`.execute(db);
  return res.rows.map((r) => ({ ...r, id: Number(r.id), payload: typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload }));
}

export async function finishJob(db: DbLike, id: number, status: "done" | "skipped" | "failed", outcome: string, clearPayload = false, held: string | null = null): Promise<void> {
  await db
    .updateTable("notification_jobs")
    .set({ status, outcome: outcome.slice(0, 500), updated_at: new Date(), ...(clearPayload ? { payload: "{}" } : {}), ...(held ? { held } : {}) })
    .where("id", "=", id)
    .execute();
}

/** How a handled job ends (finishJob's arguments), for many jobs at once. */
export type JobEnd = { id: number; status: "done" | "skipped" | "failed"; outcome: string; clearPayload?: boolean; held?: string | null };

/** Ends a batch's jobs in one statement, each as finishJob would. */
export async function finishJobs(db: DbLike, ends: readonly JobEnd[]): Promise<void> {
  if (!ends.length) return;
  const input = JSON.stringify(ends.map((e) => ({ id: e.id, status: e.status, outcome: e.outcome.slice(0, 500), clear: !!e.clearPayload, held: e.held ?? null })));
  await sql`
    update notification_jobs j
       set status = v.status, outcome = v.outcome, updated_at = now(),
           payload = case when v.clear then '{}'::jsonb else j.payload end,
           held = coalesce(v.held, j.held)
      from jsonb_to_recordset(${input}::jsonb) as v(id bigint, status text, outcome text, clear boolean, held text)
     where j.id = v.id`.execute(db);
}

export async function retryJobAt(db: DbLike, id: number, at: Date, outcome: string): Promise<void> {
  await db.updateTable("notification_jobs").set({ next_attempt_at: at, outcome: outcome.slice(0, 500), updated_at: new Date() }).where("id", "=", id).execute();
}

// ---- people ----

export type Recipient = {
  id: number;
  email: string;
  full_name: string;
  is_active: boolean;
  user_status: string;
  notification_preferences: string;
  last_seen_at: Date | null;
  time_zone: string | null;
  quiet_hours_enabled: boolean;
  quiet_hours_start: string;
  quiet_hours_end: string;
};

export function findRecipient(db: DbLike, id: number): Promise<Recipient | undefined> {
  return db
    .selectFrom("users")
    .select(["id", "email", "full_name", "is_active", "user_status", "notification_preferences", "last_seen_at", "time_zone", "quiet_hours_enabled", "quiet_hours_start", "quiet_hours_end"])
    .where("id", "=", id)
    .executeTakeFirst() as Promise<Recipient | undefined>;
}

/** The recipients of a batch of jobs, by id, in one query. */
export async function findRecipients(db: DbLike, ids: readonly number[]): Promise<Map<number, Recipient>> {
  const out = new Map<number, Recipient>();
  if (!ids.length) return out;
  const rows = (await db
    .selectFrom("users")
    .select(["id", "email", "full_name", "is_active", "user_status", "notification_preferences", "last_seen_at", "time_zone", "quiet_hours_enabled", "quiet_hours_start", "quiet_hours_end"])
    .where("id", "in", [...new Set(ids)])
    .execute()) as Recipient[];
  for (const r of rows) out.set(r.id, r);
  return out;
}

export async function userIdsByEmails(db: DbLike, emails: readonly string[]): Promise<{ id: number; email: string }[]> {
  if (!emails.length) return [];
  return db.selectFrom("users").select(["id", "email"]).where("email", "in", emails.map((e) => e.toLowerCase())).where("is_active", "=", true).execute();
}

/** Managers and admins: who decides approval requests (the staff room, docs/architecture.md). */
export function staffIds(db: DbLike): Promise<{ id: number; email: string }[]> {
  return db
    .selectFrom("users")
    .select(["id", "email"])
    .where("is_active", "=", true)
    .where((eb) => eb.or([eb("role", "=", "admin"), eb("team_role", "in", ["admin", "manager"])]))
    .execute();
}

// ---- what a job is about ----

/**
 * A message with what its channel says about it, and whether `email` is a member of that channel
 * (asked in SQL: a big channel's member list is not carried to each of its members' jobs).
 */
export function findMessageWithChannel(db: DbLike, messageId: number, email = "") {
  return db
    .selectFrom("messages")
    .innerJoin("channels", "channels.id", "messages.channel_id")
    .select(["messages.id", "messages.channel_id", "messages.thread_root_id", "messages.also_to_channel", "messages.content", "messages.sender_id", "messages.sender_name", "messages.sender_email", "channels.type", "channels.name"])
    .select(sql<boolean>`${email.toLowerCase()} = any(channels.members)`.as("is_member"))
    .where("messages.id", "=", messageId)
    .executeTakeFirst();
}

/**
 * Messages of a batch of jobs with what their channels say about them, by id, in one query. The
 * channel's member list comes once per message here (not once per recipient), so membership is
 * checked in memory: `members` is the set of the channel's (lower-case) addresses.
 */
export async function findMessagesWithChannels(db: DbLike, messageIds: readonly number[]) {
  const out = new Map<number, MessageWithChannel>();
  if (!messageIds.length) return out;
  const rows = await db
    .selectFrom("messages")
    .innerJoin("channels", "channels.id", "messages.channel_id")
    .select(["messages.id", "messages.channel_id", "messages.thread_root_id", "messages.also_to_channel", "messages.content", "messages.deleted_at", "messages.sender_id", "messages.sender_name", "messages.sender_email", "channels.type", "channels.name", "channels.members"])
    .where("messages.id", "in", [...new Set(messageIds)])
    .execute();
  for (const { members, ...m } of rows) out.set(m.id, { ...m, members: new Set(members ?? []) });
  return out;
}

export type MessageWithChannel = Omit<NonNullable<Awaited<ReturnType<typeof findMessageWithChannel>>>, "is_member"> & { members: Set<string>; deleted_at: Date | null };

/** `${user}:${other}` keys for pairs read in bulk. */
export const pairKey = (userId: number, otherId: number) => `${userId}:${otherId}`;

/** Read positions of people in channels, for a batch (key pairKey(user, channel)). */
export async function readPositionsOf(db: DbLike, userIds: readonly number[], channelIds: readonly number[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!userIds.length || !channelIds.length) return out;
  const rows = await db
    .selectFrom("channel_reads")
    .select(["user_id", "channel_id", "last_read_message_id"])
    .where("user_id", "in", [...new Set(userIds)])
    .where("channel_id", "in", [...new Set(channelIds)])
    .execute();
  for (const r of rows) out.set(pairKey(r.user_id, r.channel_id), r.last_read_message_id ?? 0);
  return out;
}

/** Read positions of people in threads, for a batch (key pairKey(user, root)). */
export async function threadReadPositionsOf(db: DbLike, userIds: readonly number[], rootIds: readonly number[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!userIds.length || !rootIds.length) return out;
  const rows = await db
    .selectFrom("thread_follows")
    .select(["user_id", "thread_root_id", "last_read_message_id"])
    .where("user_id", "in", [...new Set(userIds)])
    .where("thread_root_id", "in", [...new Set(rootIds)])
    .execute();
  for (const r of rows) out.set(pairKey(r.user_id, r.thread_root_id), r.last_read_message_id ?? 0);
  return out;
}

/** People's levels for channels, for a batch (key pairKey(user, channel); absent when they set none). */
export async function channelLevelsOf(db: DbLike, userIds: readonly number[], channelIds: readonly number[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!userIds.length || !channelIds.length) return out;
  const rows = await db
    .selectFrom("channel_notification_settings")
    .select(["user_id", "channel_id", "level"])
    .where("user_id", "in", [...new Set(userIds)])
    .where("channel_id", "in", [...new Set(channelIds)])
    .execute();
  for (const r of rows) out.set(pairKey(r.user_id, r.channel_id), r.level);
  return out;
}

export async function readPositionOf(db: DbLike, userId: number, channelId: number): Promise<number> {
  const row = await db.selectFrom("channel_reads").select("last_read_message_id").where("user_id", "=", userId).where("channel_id", "=", channelId).executeTakeFirst();
  return row?.last_read_message_id ?? 0;
}

/** A person's read position in a thread (docs/threads.md), 0 before any. */
export async function threadReadPositionOf(db: DbLike, userId: number, rootId: number): Promise<number> {
  const row = await db.selectFrom("thread_follows").select("last_read_message_id").where("user_id", "=", userId).where("thread_root_id", "=", rootId).executeTakeFirst();
  return row?.last_read_message_id ?? 0;
}

/** The person's level for a channel (docs/notifications.md), null when they set none. */
export async function channelLevelOf(db: DbLike, userId: number, channelId: number): Promise<string | null> {
  const row = await db.selectFrom("channel_notification_settings").select("level").where("user_id", "=", userId).where("channel_id", "=", channelId).executeTakeFirst();
  return row?.level ?? null;
}

/** Who set a level of `all` for these channels: every message there is queued for them. */
export async function everythingWatchers(db: DbLike, channelIds: readonly number[]): Promise<{ channel_id: number; user_id: number }[]> {
  if (!channelIds.length) return [];
  return db
    .selectFrom("channel_notification_settings")
    .innerJoin("users", "users.id", "channel_notification_settings.user_id")
    .select(["channel_notification_settings.channel_id", "channel_notification_settings.user_id"])
    .where("channel_notification_settings.channel_id", "in", channelIds)
    .where("channel_notification_settings.level", "=", "all")
    .where("users.is_active", "=", true)
    .execute();
}

/** Who follows each of these threads (their replies reach them, docs/threads.md), in one query. */
export async function threadFollowerIds(db: DbLike, rootIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!rootIds.length) return out;
  const rows = await db.selectFrom("thread_follows").select(["thread_root_id", "user_id"]).where("thread_root_id", "in", [...new Set(rootIds)]).where("following", "=", true).execute();
  for (const r of rows) out.set(r.thread_root_id, [...(out.get(r.thread_root_id) ?? []), r.user_id]);
  return out;
}

/** Unread messages of others in the person's direct messages (the digest). */
export async function unreadDms(db: DbLike, userId: number, email: string, limit: number) {
  return db
    .selectFrom("messages")
    .innerJoin("channels", "channels.id", "messages.channel_id")
    .leftJoin("channel_reads", (j) => j.onRef("channel_reads.channel_id", "=", "messages.channel_id").on("channel_reads.user_id", "=", userId))
    .select(["messages.id", "messages.channel_id", "messages.sender_name", "messages.content"])
    .where("channels.type", "=", "dm")
    // A root deleted while it has replies stays as an empty placeholder: not a line to mail.
    .where("messages.deleted_at", "is", null)
    .where(sql<boolean>`${email.toLowerCase()} = any(channels.members)`)
    .where((eb) => eb.or([eb("messages.sender_id", "is", null), eb("messages.sender_id", "!=", userId)]))
    .where(sql<boolean>`messages.id > coalesce(channel_reads.last_read_message_id, 0)`)
    .orderBy("messages.id", "desc")
    .limit(limit)
    .execute();
}

// ---- push subscriptions ----

export type StoredSubscription = { id: number; user_id: number; endpoint: string; p256dh: string; auth: string };

/**
 * Stores a browser's subscription for the person and session, or renews the keys and session of
 * one the same person stored before. Answers false, changing nothing, when the endpoint is another
 * person's: knowing an endpoint does not make it yours.
 */
export async function saveSubscription(db: DbLike, userId: number, sessionId: string | null, s: { endpoint: string; p256dh: string; auth: string }): Promise<boolean> {
  const saved = await db
    .insertInto("push_subscriptions")
    .values({ user_id: userId, session_id: sessionId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth })
    .onConflict((oc) => oc.column("endpoint").doUpdateSet({ session_id: sessionId, p256dh: s.p256dh, auth: s.auth }).where("push_subscriptions.user_id", "=", userId))
    .returning("id")
    .executeTakeFirst();
  return !!saved;
}

/** Forgets the person's own subscription with this endpoint (another's is not theirs to remove). */
export async function deleteSubscription(db: DbLike, userId: number, endpoint: string): Promise<number> {
  const rows = await db.deleteFrom("push_subscriptions").where("user_id", "=", userId).where("endpoint", "=", endpoint).returning("id").execute();
  return rows.length;
}

export async function deleteSubscriptionById(db: DbLike, id: number): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("id", "=", id).execute();
}

export async function deleteSessionSubscriptions(db: DbLike, sessionId: string): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("session_id", "=", sessionId).execute();
}

export async function deleteUserSubscriptions(db: DbLike, userId: number): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("user_id", "=", userId).execute();
}

/**
 * The subscriptions a push may go to: of an active account, made in a session still signed in (or
 * in none recorded). Signing out and deactivation also delete them, but after the commit, which a
 * process that dies right then never does: this rule, not that clean-up, keeps a push from a
 * browser that signed out (docs/notifications.md).
 */
function liveSubscriptions(db: DbLike) {
  return db
    .selectFrom("push_subscriptions")
    .innerJoin("users", "users.id", "push_subscriptions.user_id")
    .leftJoin("sessions", "sessions.id", "push_subscriptions.session_id")
    .select(["push_subscriptions.id", "push_subscriptions.user_id", "push_subscriptions.endpoint", "push_subscriptions.p256dh", "push_subscriptions.auth"])
    .where("users.is_active", "=", true)
    .where((eb) => eb.or([eb("push_subscriptions.session_id", "is", null), eb.and([eb("sessions.id", "is not", null), eb("sessions.revoked_at", "is", null)])]));
}

export function subscriptionsOf(db: DbLike, userId: number): Promise<StoredSubscription[]> {
  return liveSubscriptions(db).where("push_subscriptions.user_id", "=", userId).execute();
}

/** The subscriptions of a batch's people, by person, in one query. */
export async function subscriptionsOfMany(db: DbLike, userIds: readonly number[]): Promise<Map<number, StoredSubscription[]>> {
  const out = new Map<number, StoredSubscription[]>();
  if (!userIds.length) return out;
  const rows = await liveSubscriptions(db).where("push_subscriptions.user_id", "in", [...new Set(userIds)]).execute();
  for (const r of rows) out.set(r.user_id, [...(out.get(r.user_id) ?? []), r]);
  return out;
}

// ---- the notification centre ----

export type NewNotification = { user_id: number; job_id: number | null; kind: string; title: string; body: string; link: string };

/** A batch's items in one statement; a job's item already listed (a retried job) is not listed again. */
export function insertNotifications(db: DbLike, rows: readonly NewNotification[]) {
  return db.insertInto("notifications").values([...rows]).onConflict((oc) => oc.column("job_id").doNothing()).returningAll().execute();
}

