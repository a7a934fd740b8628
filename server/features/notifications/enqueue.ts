// Queuing notifications from the change feed (README, "Notifications"; docs/architecture.md,
// "Side effects"): `notifications.enqueue` is a durable consumer of the feed
// (server/feed/consumers.ts). It reads the committed records of messages, tasks, approval requests
// and shared files after its own cursor, reads those rows as they are now (one query per table for
// the batch), works out who gets a job and writes the jobs in the transaction that moves the
// cursor: a process dying after a commit loses nothing, the next owner reads the same records.
// Records carry no `before` row, so "newly assigned", "newly shared" and "decided" are kept by
// the jobs' idempotency keys (migrations/202611271200_notification_job_keys.ts): a person gets a
// task, a file or an approval decision once, however many records name the row. Who gets a job
// is worked out here; whether they hear of it is decided when it is due (./decide.ts).
import type { AppContext } from "../../context";
import type { DbLike } from "../../entities/repository";
import type { FeedConsumer, FeedRecord } from "../../feed/consumers";
import { deleteSessionSubscriptions, deleteUserSubscriptions, everythingWatchers, hasPendingJob, insertJobs, insertKeyedJobs, rowsByIds, staffIds, threadFollowerIds, userIdsByEmails, type KeyedJob, type NewJob } from "./repository";

type Row = Record<string, unknown> & { id: number };

const lower = (list: unknown): string[] => (Array.isArray(list) ? list.filter((x): x is string => typeof x === "string").map((x) => x.toLowerCase()) : []);

/** The addresses a task is assigned to (the single assignee and the list). */
const assignees = (row: Row) => [...new Set([...lower(row.assignee_emails), ...lower(row.assignee_email ? [row.assignee_email] : [])])];

/** A channel of new messages, with who set its level to `all` (every message is queued for them). */
type ChannelInfo = { type: string; members: string[]; everything: number[] };

/** The channels of a batch's new messages, in two queries (messages are the hot path). */
async function channelsOf(db: DbLike, messages: readonly Row[]): Promise<Map<number, ChannelInfo>> {
  const ids = [...new Set(messages.map((m) => Number(m.channel_id)))].filter(Number.isInteger);
  if (!ids.length) return new Map();
  const rows = await db.selectFrom("channels").select(["id", "type", "members"]).where("id", "in", ids).execute();
  const out = new Map(rows.map((r) => [r.id, { type: r.type, members: r.members ?? [], everything: [] as number[] }]));
  for (const w of await everythingWatchers(db, ids)) out.get(w.channel_id)?.everything.push(w.user_id);
  return out;
}

/** Active people by (lower-case) address, for every address the batch names, in one query. */
async function peopleByEmail(db: DbLike, emails: Iterable<string>): Promise<Map<string, number>> {
  const list = [...new Set(emails)];
  return new Map((await userIdsByEmails(db, list)).map((u) => [u.email.toLowerCase(), u.id]));
}

type Job = Omit<KeyedJob, "due">;

/**
 * One job per person for each new message, whatever the reasons: a direct message is always to
 * them; elsewhere a message reaches those it mentions (@channel and @here: every member), a reply
 * the thread's followers, and any message those who set the channel's level to `all` (README,
 * "Notifications"; whether they may read it is decided at send time). A message deleted before
 * this reads it is not there: it produces nothing.
 */
async function messageJobs(db: DbLike, messages: readonly Row[]): Promise<Job[]> {
  if (!messages.length) return [];
  const [channels, followers] = await Promise.all([
    channelsOf(db, messages),
    threadFollowerIds(db, messages.filter((m) => typeof m.thread_root_id === "number").map((m) => m.thread_root_id as number)),
  ]);
  const named = (m: Row) => {
    const channel = channels.get(Number(m.channel_id));
    return { dm: channel?.type === "dm" ? lower(channel.members) : [], mentioned: [...lower(m.mentions), ...(m.mentions_all === true ? lower(channel?.members) : [])] };
  };
  const people = await peopleByEmail(db, messages.flatMap((m) => Object.values(named(m)).flat()));
  const jobs: Job[] = [];
  for (const m of messages) {
    const channel = channels.get(Number(m.channel_id));
    const { dm, mentioned } = named(m);
    const reasons = new Map<number, boolean>();
    const note = (id: number | undefined, isMention: boolean) => {
      if (id === undefined || id === m.sender_id) return;
      reasons.set(id, isMention || (reasons.get(id) ?? false));
    };
    for (const e of dm) note(people.get(e), false);
    for (const e of mentioned) note(people.get(e), true);
    if (typeof m.thread_root_id === "number") for (const id of followers.get(m.thread_root_id) ?? []) note(id, false);
    // A reply kept in its thread is not a message of the channel: only its followers hear of it.
    if (m.thread_root_id == null || m.also_to_channel === true) for (const id of channel?.everything ?? []) note(id, false);
    const payload = { message_id: m.id, channel_id: m.channel_id };
    for (const [user_id, isMention] of reasons) jobs.push({ kind: "message", user_id, key: `message:${m.id}:${user_id}`, payload: isMention ? { ...payload, mentioned: true } : payload });
  }
  return jobs;
}

/**
 * A task's assignees each get one job (key `task:<id>:<user>`): on its create record every
 * assignee but the creator, on later records whoever is assigned now and had none, which is who
 * was newly assigned. The creator assigning themself is their own doing: their key is taken by a
 * job that ends skipped at once, so a later edit does not tell them either. Updates do not say who
 * made them, so a person assigning themself later still hears of it (README, "Notifications").
 */
async function taskJobs(db: DbLike, tasks: readonly { row: Row; created: boolean }[]): Promise<Job[]> {
  const people = await peopleByEmail(db, tasks.flatMap((t) => assignees(t.row)));
  const jobs: Job[] = [];
  for (const { row, created } of tasks) {
    const creator = String(row.created_by ?? "").toLowerCase();
    for (const email of assignees(row)) {
      const user_id = people.get(email);
      if (user_id === undefined) continue;
      const own = created && email === creator;
      jobs.push({ kind: "task", user_id, key: `task:${row.id}:${user_id}`, payload: { task_id: row.id, title: row.title }, ...(own ? { skipped: "own doing" } : {}) });
    }
  }
  return jobs;
}

/** A file's people, each once (key `file:<id>:<user>`): whoever it is shared with now, its creator aside. */
async function fileJobs(db: DbLike, files: readonly Row[]): Promise<Job[]> {
  const people = await peopleByEmail(db, files.flatMap((f) => lower(f.shared_with_emails)));
  return files.flatMap((f) => {
    const creator = String(f.created_by ?? "").toLowerCase();
    return lower(f.shared_with_emails)
      .filter((e) => e !== creator && people.has(e))
      .map((e): Job => ({ kind: "file", user_id: people.get(e)!, key: `file:${f.id}:${people.get(e)}`, payload: { file_id: f.id, name: f.name } }));
  });
}

/**
 * A new request goes to managers and admins but its author (key `approval:<id>:requested:<user>`);
 * a decision to its author, unless they decided it themself (key `approval:<id>:<status>:<user>`,
 * so each decision is told once however many records follow it).
 */
async function approvalJobs(db: DbLike, requests: readonly { row: Row; created: boolean }[]): Promise<Job[]> {
  const jobs: Job[] = [];
  const staff = requests.some((r) => r.created) ? await staffIds(db) : [];
  const authors = await peopleByEmail(db, requests.flatMap((r) => lower([r.row.created_by])));
  for (const { row, created } of requests) {
    const author = String(row.created_by ?? "").toLowerCase();
    if (created) {
      for (const s of staff) {
        if (s.email.toLowerCase() === author) continue;
        jobs.push({ kind: "approval", user_id: s.id, key: `approval:${row.id}:requested:${s.id}`, payload: { approval_id: row.id, title: row.title, by: row.requested_by_name ?? row.created_by } });
      }
    }
    const status = row.status;
    const to = authors.get(author);
    if ((status === "approved" || status === "rejected") && to !== undefined && author !== String(row.approver_email ?? "").toLowerCase()) {
      jobs.push({ kind: "approval", user_id: to, key: `approval:${row.id}:${status}:${to}`, payload: { approval_id: row.id, title: row.title, status } });
    }
  }
  return jobs;
}

/** Each row a batch names once, as it is now, with whether the batch holds its create record. */
function named(records: readonly FeedRecord[], table: string, rows: Map<number, Row>): { row: Row; created: boolean }[] {
  const out = new Map<number, { row: Row; created: boolean }>();
  for (const r of records) {
    if (r.tbl !== table || r.op === "delete") continue;
    const row = rows.get(r.row_id);
    if (!row) continue;
    const seen = out.get(r.row_id);
    out.set(r.row_id, { row, created: (seen?.created ?? false) || r.op === "create" });
  }
  return [...out.values()];
}

/** The jobs a batch of records calls for, read and decided in the consumer's transaction. */
export async function jobsForRecords(ctx: Pick<AppContext, "config">, trx: DbLike, records: readonly FeedRecord[]): Promise<KeyedJob[]> {
  const ids = (table: string, ops: readonly string[]) => records.filter((r) => r.tbl === table && ops.includes(r.op)).map((r) => r.row_id);
  const [messages, tasks, approvals, files] = await Promise.all([
    // Only new messages are told; an edit rewrites what was listed (./follow-message.ts).
    rowsByIds(trx, "messages", ids("messages", ["create"]), { live: true }),
    rowsByIds(trx, "tasks", ids("tasks", ["create", "update"])),
    rowsByIds(trx, "approval_requests", ids("approval_requests", ["create", "update"])),
    rowsByIds(trx, "shared_files", ids("shared_files", ["create", "update"])),
  ]);
  const jobs = [
    ...(await messageJobs(trx, named(records, "messages", messages).map((m) => m.row))),
    ...(await taskJobs(trx, named(records, "tasks", tasks))),
    ...(await approvalJobs(trx, named(records, "approval_requests", approvals))),
    ...(await fileJobs(trx, named(records, "shared_files", files).map((f) => f.row))),
  ];
  const due = new Date(Date.now() + ctx.config.notify.delayMs);
  return jobs.map((j) => ({ ...j, due }));
}

/** The tables whose records can call for a notification. */
const TABLES = ["messages", "tasks", "approval_requests", "shared_files"] as const;

/**
 * `notifications.enqueue`, the feed consumer that queues notification jobs. `wake` starts this
 * node's worker once the jobs have committed, when some are due at once.
 */
export function notificationConsumer(ctx: Pick<AppContext, "config">, wake: () => void): FeedConsumer {
  let dueNow = false;
  return {
    name: "notifications.enqueue",
    tables: TABLES,
    async handle(trx, records) {
      const jobs = await jobsForRecords(ctx, trx, records);
      const inserted = await insertKeyedJobs(trx, jobs);
      // Unread DMs are mailed to whoever stays away (one pending digest per person).
      const extra: NewJob[] = [];
      if (ctx.config.notify.smtpUrl && ctx.config.notify.digestDelayMs > 0) {
        for (const id of new Set(inserted.filter((j) => j.kind === "message").map((j) => j.user_id))) {
          if (!(await hasPendingJob(trx, id, "digest"))) extra.push({ kind: "digest", user_id: id, payload: {}, due: new Date(Date.now() + ctx.config.notify.digestDelayMs) });
        }
      }
      await insertJobs(trx, extra);
      if (inserted.length && ctx.config.notify.delayMs === 0) dueNow = true;
    },
    committed() {
      if (!dueNow) return;
      dueNow = false;
      wake();
    },
  };
}

/**
 * The end of push subscriptions on sign-out and deactivation. Only tidying: the worker already
 * sends to no subscription whose session was revoked or whose account was deactivated
 * (./repository.ts, liveSubscriptions), so an event lost here loses nothing.
 */
export function wireSubscriptionCleanup(ctx: AppContext): void {
  ctx.events.on("sessions.revoke", (sid) => void deleteSessionSubscriptions(ctx.db, sid).catch((err) => ctx.log.warn({ err }, "removing push subscriptions failed")));
  ctx.events.on("users.update", (e) => {
    if (e.before?.is_active && e.row && e.row.is_active === false) void deleteUserSubscriptions(ctx.db, e.id).catch((err) => ctx.log.warn({ err }, "removing push subscriptions failed"));
  });
}
