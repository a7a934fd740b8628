// Queuing notifications from committed changes (docs/notifications.md). The in-process domain
// events (docs/architecture.md, "The write path", step 6) arrive after the commit; this listener
// only collects what happened and writes the jobs a moment later in one insert, off the request
// and the socket hub's path. Who gets a job is worked out here; whether they hear of it is
// decided when it is due (./decide.ts). A job lost between the commit and that insert (the
// process ending in that moment) is not recovered: notifications are a courtesy, the data is not
// at stake.
import type { AppContext, EntityEvent } from "../../context";
import { deleteSessionSubscriptions, deleteUserSubscriptions, everythingWatchers, hasPendingJob, insertJobs, staffIds, threadFollowerIds, userIdsByEmails, type NewJob } from "./repository";

type Pending = { event: EntityEvent };

const lower = (list: unknown): string[] => (Array.isArray(list) ? list.filter((x): x is string => typeof x === "string").map((x) => x.toLowerCase()) : []);
const added = (after: unknown, before: unknown) => {
  const had = new Set(lower(before));
  return [...new Set(lower(after))].filter((e) => !had.has(e));
};

/** The addresses a task is assigned to (the single assignee and the list). */
const assignees = (row: Record<string, unknown> | null) => (row ? [...lower(row.assignee_emails), ...lower(row.assignee_email ? [row.assignee_email] : [])] : []);

/** A channel of new messages, with who set its level to `all` (every message is queued for them). */
type ChannelInfo = { type: string; members: string[]; everything: number[] };

/** The channels of a batch's new messages, in two queries (messages are the hot path). */
async function channelsOf(ctx: AppContext, events: readonly EntityEvent[]): Promise<Map<number, ChannelInfo>> {
  const ids = [...new Set(events.filter((e) => e.table === "messages" && e.op === "create").map((e) => Number(e.row?.channel_id)))].filter(Number.isInteger);
  if (!ids.length) return new Map();
  const rows = await ctx.db.selectFrom("channels").select(["id", "type", "members"]).where("id", "in", ids).execute();
  const out = new Map(rows.map((r) => [r.id, { ...r, everything: [] as number[] }]));
  for (const w of await everythingWatchers(ctx.db, ids)) out.get(w.channel_id)?.everything.push(w.user_id);
  return out;
}

/** The followers of the threads a batch's new replies belong to, in one query (replies are on the hot path too). */
function followersOf(ctx: AppContext, events: readonly EntityEvent[]): Promise<Map<number, number[]>> {
  const roots = events.filter((e) => e.table === "messages" && e.op === "create" && typeof e.row?.thread_root_id === "number").map((e) => e.row!.thread_root_id as number);
  return threadFollowerIds(ctx.db, roots);
}

/** Recipients of one committed change, as jobs (without their due time). */
async function jobsFor(ctx: AppContext, e: EntityEvent, channels: Map<number, ChannelInfo>, followers: Map<number, number[]>): Promise<Omit<NewJob, "due">[]> {
  const row = e.row ?? {};
  const jobs: Omit<NewJob, "due">[] = [];
  const to = async (emails: string[], kind: string, payload: Record<string, unknown>, except?: unknown) => {
    const actor = typeof except === "string" ? except.toLowerCase() : null;
    for (const u of await userIdsByEmails(ctx.db, emails.filter((m) => m !== actor))) jobs.push({ kind, user_id: u.id, payload });
  };
  switch (e.table) {
    case "messages": {
      if (e.op !== "create") break;
      const channel = channels.get(Number(row.channel_id));
      const payload = { message_id: e.id, channel_id: row.channel_id };
      // One job per person, whatever the reasons: a direct message is always to them; elsewhere a
      // message reaches those it mentions (@channel and @here: every member), a reply the
      // thread's followers, and any message those who set the channel's level to `all`
      // (docs/notifications.md; whether they may read it is decided at send time).
      const reasons = new Map<number, { mentioned: boolean }>();
      const note = (id: number, mentioned: boolean) => {
        if (id === row.sender_id) return;
        reasons.set(id, { mentioned: mentioned || (reasons.get(id)?.mentioned ?? false) });
      };
      if (channel?.type === "dm") for (const u of await userIdsByEmails(ctx.db, lower(channel.members))) note(u.id, false);
      const named = [...lower(row.mentions), ...(row.mentions_all === true ? lower(channel?.members) : [])];
      for (const u of await userIdsByEmails(ctx.db, [...new Set(named)])) note(u.id, true);
      if (typeof row.thread_root_id === "number") for (const id of followers.get(row.thread_root_id) ?? []) note(id, false);
      // A reply kept in its thread is not a message of the channel: only its followers hear of it.
      if (row.thread_root_id == null || row.also_to_channel === true) for (const id of channel?.everything ?? []) note(id, false);
      for (const [user_id, r] of reasons) jobs.push({ kind: "message", user_id, payload: r.mentioned ? { ...payload, mentioned: true } : payload });
      break;
    }
    case "tasks":
      if (e.op === "delete") break;
      // The creator assigning themself is their own doing; updates do not say who made them, so
      // a person assigning themself later still hears of it (docs/notifications.md).
      await to(e.op === "create" ? assignees(row) : added(assignees(row), assignees(e.before)), "task", { task_id: e.id, title: row.title }, e.op === "create" ? row.created_by : undefined);
      break;
    case "approval_requests":
      if (e.op === "create") {
        const staff = (await staffIds(ctx.db)).filter((s) => s.email.toLowerCase() !== String(row.created_by ?? "").toLowerCase());
        for (const s of staff) jobs.push({ kind: "approval", user_id: s.id, payload: { approval_id: e.id, title: row.title, by: row.requested_by_name ?? row.created_by } });
      } else if (e.op === "update" && e.before?.status !== row.status && (row.status === "approved" || row.status === "rejected")) {
        await to(lower([row.created_by]), "approval", { approval_id: e.id, title: row.title, status: row.status }, row.approver_email);
      }
      break;
    case "shared_files":
      if (e.op === "delete") break;
      await to(added(row.shared_with_emails, e.before?.shared_with_emails), "file", { file_id: e.id, name: row.name }, row.created_by);
      break;
  }
  return jobs;
}

export interface Enqueuer {
  /** Queues jobs written elsewhere (a missed call, an invitation), due after `delayMs`. */
  add(jobs: Omit<NewJob, "due">[], delayMs?: number): void;
}

export function wireNotificationQueue(ctx: AppContext, wake: () => void): Enqueuer {
  let pending: Pending[] = [];
  let extra: NewJob[] = [];
  let scheduled = false;
  const delay = ctx.config.notify.delayMs;

  const flush = async () => {
    scheduled = false;
    const batch = pending;
    const direct = extra;
    pending = [];
    extra = [];
    const jobs: NewJob[] = [...direct];
    const due = new Date(Date.now() + delay);
    const events = batch.map((p) => p.event);
    const [channels, followers] = await Promise.all([channelsOf(ctx, events), followersOf(ctx, events)]);
    for (const { event } of batch) for (const j of await jobsFor(ctx, event, channels, followers)) jobs.push({ ...j, due });
    // Unread DMs are mailed to whoever stays away (one pending digest per person).
    if (ctx.config.notify.smtpUrl && ctx.config.notify.digestDelayMs > 0) {
      const people = new Set(jobs.filter((j) => j.kind === "message").map((j) => j.user_id));
      for (const id of people) {
        if (!(await hasPendingJob(ctx.db, id, "digest"))) jobs.push({ kind: "digest", user_id: id, payload: {}, due: new Date(Date.now() + ctx.config.notify.digestDelayMs) });
      }
    }
    await insertJobs(ctx.db, jobs);
    if (jobs.some((j) => j.due.getTime() <= Date.now())) wake();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => void flush().catch((err) => ctx.log.warn({ err }, "queuing notifications failed")));
  };
  const listen = (e: EntityEvent) => {
    pending.push({ event: e });
    schedule();
  };
  for (const name of ["messages.create", "tasks.create", "tasks.update", "approval_requests.create", "approval_requests.update", "shared_files.create", "shared_files.update"] as const) {
    ctx.events.on(name, listen);
  }
  // Signing out and deactivation end the browser's subscriptions (docs/notifications.md).
  ctx.events.on("sessions.revoke", (sid) => void deleteSessionSubscriptions(ctx.db, sid).catch((err) => ctx.log.warn({ err }, "removing push subscriptions failed")));
  ctx.events.on("users.update", (e) => {
    if (e.before?.is_active && e.row && e.row.is_active === false) void deleteUserSubscriptions(ctx.db, e.id).catch((err) => ctx.log.warn({ err }, "removing push subscriptions failed"));
  });
  return {
    add(jobs, delayMs = 0) {
      const due = new Date(Date.now() + delayMs);
      extra.push(...jobs.map((j) => ({ ...j, due })));
      schedule();
    },
  };
}
