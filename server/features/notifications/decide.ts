// Deciding a job at send time (docs/notifications.md): a job only says what happened; whether
// and how its person hears of it is worked out when it is due, from the facts then: the thing
// still exists, it was not their own doing, they have not read it since (read positions,
// docs/unread.md), and their preference (all / mentions / none), their level for the channel
// (all / mentions / muted), their status (busy) and their quiet hours allow a push.
import { mentionsAsText } from "@shared/mentions";
import type { PushPayload } from "@shared/entities";
import type { DbLike } from "../../entities/repository";
import type { Config } from "../../config";
import {
  channelLevelsOf,
  findMessagesWithChannels,
  findRecipients,
  pairKey,
  readPositionsOf,
  threadReadPositionsOf,
  unreadDms,
  type Job,
  type MessageWithChannel,
  type Recipient,
} from "./repository";
import { inQuietHours } from "./quiet-hours";
import type { Mail } from "./mail";
import type { PushOptions } from "./push";
import { decideCallRing, decideCallWithdraw } from "./call-push";
import { decideReminder } from "./reminder-push";
import { groupNamesIn, messageItemBody } from "./follow-message";

export interface Decision {
  /** Why nothing at all is sent (the job ends as `skipped` with this outcome). */
  skip?: string;
  /** The notification centre's item. */
  item?: { kind: string; title: string; body: string; link: string };
  /** The push, unless the preference or status holds it back. */
  push?: PushPayload;
  /** Why no push, although there is an item. */
  noPush?: string;
  mail?: Mail;
  /** How the push travels (TTL, urgency, topic); a ringing call's differs from the rest. */
  pushOptions?: PushOptions;
}

const clip = (s: string, n = 140) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * Whether a person's preference lets a push through: "all" every kind, "none" nothing,
 * "mentions" only what names them: a direct message (always to them) or a message that mentions
 * them or everyone (docs/messages.md, "Mentions and read receipts").
 */
export function preferenceAllows(preference: string, kind: string, facts: { dm?: boolean; mentioned?: boolean }): boolean {
  if (preference === "none") return false;
  if (preference === "all") return true;
  return kind === "message" && (!!facts.dm || !!facts.mentioned);
}

/**
 * Whether the person's choices let a push through, or why not (docs/notifications.md): the
 * global preference `none` silences everything; for a message, a level set on its channel
 * replaces the global preference there: `muted` nothing, `mentions` only a direct message or a
 * mention, `all` every message (so `all` on a channel widens a global `mentions` for it).
 */
export function choicesAllow(preference: string, kind: string, facts: { dm?: boolean; mentioned?: boolean; channelLevel?: string | null }): string | null {
  if (preference === "none") return "preference none";
  if (kind === "message" && facts.channelLevel) {
    if (facts.channelLevel === "muted") return "channel muted";
    if (facts.channelLevel === "mentions" && !facts.dm && !facts.mentioned) return "channel mentions";
    return null;
  }
  return preferenceAllows(preference, kind, facts) ? null : `preference ${preference}`;
}

/** Reasons that hold a push back only for now: they are told in one summary afterwards (./summary.ts). */
export const HELD_REASONS = ["busy", "quiet hours"] as const;

type HeldFacts = Pick<Recipient, "notification_preferences" | "user_status"> & Partial<Pick<Recipient, "quiet_hours_enabled" | "quiet_hours_start" | "quiet_hours_end" | "time_zone">>;

/** Why the person is not to be disturbed right now (busy, quiet hours), or null. */
export function doNotDisturb(user: HeldFacts, now = new Date()): (typeof HELD_REASONS)[number] | null {
  // Busy means do not disturb: the item waits in the notification centre.
  if (user.user_status === "busy") return "busy";
  if (user.quiet_hours_enabled && inQuietHours(now, user.time_zone ?? null, user.quiet_hours_start ?? "", user.quiet_hours_end ?? "")) return "quiet hours";
  return null;
}

/** The reason a push is held back, or null when it may go. */
export function pushHeldBack(user: HeldFacts, kind: string, facts: { dm?: boolean; mentioned?: boolean; channelLevel?: string | null }, now = new Date()): string | null {
  return choicesAllow(user.notification_preferences, kind, facts) ?? doNotDisturb(user, now);
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

/**
 * What a batch of jobs is decided on, read with one query per kind of fact for the whole batch
 * (docs/notifications.md): an @channel's thousand jobs cost a handful of queries, not ten
 * thousand. Pairs are keyed pairKey(user, channel or thread root).
 */
export interface Facts {
  recipients: Map<number, Recipient>;
  messages: Map<number, MessageWithChannel>;
  channelReads: Map<string, number>;
  threadReads: Map<string, number>;
  channelLevels: Map<string, string>;
  /** Names of the groups the messages mention by handle (docs/groups.md), for the item's text. */
  groupNames?: ReadonlyMap<string, string>;
}

export async function loadFacts(db: DbLike, jobs: readonly Job[]): Promise<Facts> {
  const recipients = await findRecipients(db, jobs.map((j) => j.user_id));
  const about = jobs.filter((j) => j.kind === "message" && recipients.get(j.user_id)?.is_active);
  const messages = await findMessagesWithChannels(db, about.map((j) => Number(j.payload.message_id)).filter(Number.isSafeInteger));
  const userIds = about.map((j) => j.user_id);
  const known = [...messages.values()];
  const channelIds = known.map((m) => m.channel_id);
  const rootIds = known.filter((m) => m.thread_root_id != null && !m.also_to_channel).map((m) => m.thread_root_id!);
  const [channelReads, threadReads, channelLevels, groupNames] = await Promise.all([
    readPositionsOf(db, userIds, channelIds),
    threadReadPositionsOf(db, userIds, rootIds),
    channelLevelsOf(db, userIds, channelIds),
    groupNamesIn(db, known.map((m) => m.content)),
  ]);
  return { recipients, messages, channelReads, threadReads, channelLevels, groupNames };
}

/** The kinds whose decision reads more than the batch's facts (one job at a time; they come one by one). */
const READS_MORE = new Set(["call_ring", "call_withdraw", "reminder", "digest"]);

/**
 * The rule for the kinds decided from the facts alone: no database, so a batch is decided in
 * memory. Answers null for the kinds in READS_MORE.
 */
export function decideFromFacts(facts: Facts, config: Config, job: Job, now = new Date()): Decision | null {
  const user = facts.recipients.get(job.user_id);
  if (!user || !user.is_active) return { skip: "recipient gone or deactivated" };
  if (READS_MORE.has(job.kind)) return null;
  const p = job.payload;
  const withPush = (item: NonNullable<Decision["item"]>, f: { dm?: boolean; mentioned?: boolean; channelLevel?: string | null }, tag: string): Decision => {
    const held = pushHeldBack(user, job.kind, f, now);
    return { item, ...(held ? { noPush: held } : { push: { title: item.title, body: item.body, url: item.link, tag, kind: job.kind } }) };
  };
  switch (job.kind) {
    case "message": {
      const m = facts.messages.get(Number(p.message_id));
      // A root deleted while it has replies stays as an empty placeholder: deleted all the same.
      if (!m || m.deleted_at) return { skip: "message deleted" };
      if (m.sender_id === user.id) return { skip: "own message" };
      if (!m.members.has(user.email.toLowerCase()) && m.type !== "public") return { skip: "no longer in the channel" };
      // A reply only in its thread is read in the thread; anything else in the channel.
      const threadOnly = m.thread_root_id != null && !m.also_to_channel;
      const position = (threadOnly ? facts.threadReads.get(pairKey(user.id, m.thread_root_id!)) : facts.channelReads.get(pairKey(user.id, m.channel_id))) ?? 0;
      if (position >= m.id) return { skip: "already read" };
      const dm = m.type === "dm";
      const title = dm ? m.sender_name : `${m.sender_name} in #${m.name}`;
      const link = threadOnly ? `/Chat?channel=${m.channel_id}&thread=${m.thread_root_id}` : `/Chat?channel=${m.channel_id}`;
      const channelLevel = facts.channelLevels.get(pairKey(user.id, m.channel_id)) ?? null;
      return withPush({ kind: "message", title, body: messageItemBody(m.content, 140, facts.groupNames), link }, { dm, mentioned: p.mentioned === true, channelLevel }, `channel-${m.channel_id}`);
    }
    case "task":
      return withPush({ kind: "task", title: "Task assigned to you", body: clip(str(p.title)), link: "/Tasks" }, {}, `task-${Number(p.task_id)}`);
    case "approval":
      return withPush(
        p.status
          ? { kind: "approval", title: `Your request was ${str(p.status)}`, body: clip(str(p.title)), link: "/Approvals" }
          : { kind: "approval", title: "Approval requested", body: clip(`${str(p.by)}: ${str(p.title)}`), link: "/Approvals" },
        {},
        `approval-${Number(p.approval_id)}`,
      );
    case "file":
      return withPush({ kind: "file", title: "A file was shared with you", body: clip(str(p.name)), link: "/FileLibrary" }, {}, `file-${Number(p.file_id)}`);
    case "call":
      return withPush({ kind: "call", title: `Missed call from ${str(p.caller)}`, body: "", link: "/CallHistory" }, {}, `call-${str(p.call_id)}`);
    case "message_reminder":
    case "scheduled_failed": {
      // Asked for by the person themself (docs/messages.md, "Reminders", "Scheduled messages"): the
      // preference "mentions" does not hold it back, "none", busy and quiet hours do.
      const item = { kind: "reminder", title: clip(str(p.title)), body: clip(str(p.body)), link: str(p.link) || "/Chat" };
      const held = user.notification_preferences === "none" ? "preference none" : doNotDisturb(user, now);
      return { item, ...(held ? { noPush: held } : { push: { title: item.title, body: item.body, url: item.link, tag: `${job.kind}-${Number(p.id)}`, kind: "reminder" } }) };
    }
    case "summary":
      // Handled by ./summary.ts, which the worker calls for this kind.
      return { skip: "summary outside its handler" };
    case "invite":
      if (!config.notify.smtpUrl) return { skip: "no SMTP" };
      return {
        mail: {
          to: str(p.to),
          subject: `${str(p.inviter)} invited you to the workspace`,
          text: `${str(p.inviter)} invited you to join the team workspace.${p.message ? `\n\n${str(p.message)}` : ""}\n\nAccept the invitation: ${str(p.link)}\n\nThe link can be used once and expires in a few days.`,
        },
      };
    default:
      return { skip: `unknown kind ${job.kind}` };
  }
}

/** Decides a batch: its facts in one query per kind, then each job by the rule above (or its own reads, READS_MORE). */
export async function decideAll(db: DbLike, config: Config, jobs: readonly Job[]): Promise<Decision[]> {
  const facts = await loadFacts(db, jobs);
  const now = new Date();
  const out: Decision[] = [];
  for (const job of jobs) {
    const d = decideFromFacts(facts, config, job, now);
    out.push(d ?? (await decideReading(db, config, facts.recipients.get(job.user_id)!, job)));
  }
  return out;
}

/** One job (the same rule, with a batch of one). */
export const decide = async (db: DbLike, config: Config, job: Job): Promise<Decision> => (await decideAll(db, config, [job]))[0];

function decideReading(db: DbLike, config: Config, user: Recipient, job: Job): Promise<Decision> {
  switch (job.kind) {
    case "call_ring":
      return decideCallRing(db, config, user, job);
    case "call_withdraw":
      return decideCallWithdraw(db, user, job, !pushHeldBack(user, "call", {}));
    case "reminder":
      return decideReminder(db, job, pushHeldBack(user, "reminder", {}));
    default:
      return digest(db, config, user, job);
  }
}

/** Unread direct messages mailed to someone who has been away since the job was queued. */
async function digest(db: DbLike, config: Config, user: Recipient, job: Job): Promise<Decision> {
  if (!config.notify.smtpUrl) return { skip: "no SMTP" };
  if (user.notification_preferences === "none") return { skip: "preference none" };
  // Seen since the DM arrived (a socket or a poll moves last_seen_at): they were not away.
  if (user.last_seen_at && user.last_seen_at.getTime() > job.created_at.getTime()) return { skip: "online since" };
  const unread = await unreadDms(db, user.id, user.email, 20);
  if (!unread.length) return { skip: "nothing unread" };
  const base = (config.publicUrl ?? "").replace(/\/$/, "");
  const lines = unread.map((m) => `${m.sender_name}: ${clip(mentionsAsText(m.content ?? ""), 200)}\n  ${base}/Chat?channel=${m.channel_id}`);
  return {
    mail: {
      to: user.email,
      subject: unread.length === 1 ? "You have an unread direct message" : `You have ${unread.length}${unread.length === 20 ? "+" : ""} unread direct messages`,
      text: `Hello ${user.full_name},\n\nWhile you were away:\n\n${lines.join("\n\n")}\n`,
    },
  };
}
