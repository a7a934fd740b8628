// Deciding a job at send time (README, "Notifications"): a job only says what happened; whether
// and how its person hears of it is worked out when it is due, from the facts then: the thing
// still exists, it was not their own doing, they have not read it since (read positions,
// README "Unread"), and their preference (all / mentions / none) and status (busy) allow a push.
import type { PushPayload } from "@shared/entities";
import type { DbLike } from "../../entities/repository";
import type { Config } from "../../config";
import { findMessageWithChannel, findRecipient, readPositionOf, threadReadPositionOf, unreadDms, type Job, type Recipient } from "./repository";
import type { Mail } from "./mail";
import type { PushOptions } from "./push";
import { decideCallRing, decideCallWithdraw } from "./call-push";
import { decideReminder } from "./reminder-push";

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
 * them or everyone (README, "Mentions and read receipts").
 */
export function preferenceAllows(preference: string, kind: string, facts: { dm?: boolean; mentioned?: boolean }): boolean {
  if (preference === "none") return false;
  if (preference === "all") return true;
  return kind === "message" && (!!facts.dm || !!facts.mentioned);
}

/** The reason a push is held back, or null when it may go. */
export function pushHeldBack(user: Pick<Recipient, "notification_preferences" | "user_status">, kind: string, facts: { dm?: boolean; mentioned?: boolean }): string | null {
  if (!preferenceAllows(user.notification_preferences, kind, facts)) return `preference ${user.notification_preferences}`;
  // Busy means do not disturb: the item waits in the notification centre.
  if (user.user_status === "busy") return "busy";
  return null;
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

export async function decide(db: DbLike, config: Config, job: Job): Promise<Decision> {
  const user = await findRecipient(db, job.user_id);
  if (!user || !user.is_active) return { skip: "recipient gone or deactivated" };
  const p = job.payload;
  const withPush = (item: NonNullable<Decision["item"]>, facts: { dm?: boolean; mentioned?: boolean }, tag: string): Decision => {
    const held = pushHeldBack(user, job.kind, facts);
    return { item, ...(held ? { noPush: held } : { push: { title: item.title, body: item.body, url: item.link, tag, kind: job.kind } }) };
  };
  switch (job.kind) {
    case "message": {
      const m = await findMessageWithChannel(db, Number(p.message_id));
      if (!m) return { skip: "message deleted" };
      if (m.sender_id === user.id) return { skip: "own message" };
      if (!m.members.map((e) => e.toLowerCase()).includes(user.email.toLowerCase()) && m.type !== "public") return { skip: "no longer in the channel" };
      // A reply only in its thread is read in the thread; anything else in the channel.
      const threadOnly = m.thread_root_id != null && !m.also_to_channel;
      const position = threadOnly ? await threadReadPositionOf(db, user.id, m.thread_root_id!) : await readPositionOf(db, user.id, m.channel_id);
      if (position >= m.id) return { skip: "already read" };
      const dm = m.type === "dm";
      const title = dm ? m.sender_name : `${m.sender_name} in #${m.name}`;
      const link = threadOnly ? `/Chat?channel=${m.channel_id}&thread=${m.thread_root_id}` : `/Chat?channel=${m.channel_id}`;
      return withPush({ kind: "message", title, body: clip(m.content ?? ""), link }, { dm, mentioned: p.mentioned === true }, `channel-${m.channel_id}`);
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
    case "call_ring":
      return decideCallRing(db, config, user, job);
    case "call_withdraw":
      return decideCallWithdraw(db, user, job, !pushHeldBack(user, "call", {}));
    case "reminder":
      return decideReminder(db, job, pushHeldBack(user, "reminder", {}));
    case "digest":
      return digest(db, config, user, job);
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

/** Unread direct messages mailed to someone who has been away since the job was queued. */
async function digest(db: DbLike, config: Config, user: Recipient, job: Job): Promise<Decision> {
  if (!config.notify.smtpUrl) return { skip: "no SMTP" };
  if (user.notification_preferences === "none") return { skip: "preference none" };
  // Seen since the DM arrived (a socket or a poll moves last_seen_at): they were not away.
  if (user.last_seen_at && user.last_seen_at.getTime() > job.created_at.getTime()) return { skip: "online since" };
  const unread = await unreadDms(db, user.id, user.email, 20);
  if (!unread.length) return { skip: "nothing unread" };
  const base = (config.publicUrl ?? "").replace(/\/$/, "");
  const lines = unread.map((m) => `${m.sender_name}: ${clip(m.content ?? "", 200)}\n  ${base}/Chat?channel=${m.channel_id}`);
  return {
    mail: {
      to: user.email,
      subject: unread.length === 1 ? "You have an unread direct message" : `You have ${unread.length}${unread.length === 20 ? "+" : ""} unread direct messages`,
      text: `Hello ${user.full_name},\n\nWhile you were away:\n\n${lines.join("\n\n")}\n`,
    },
  };
}
