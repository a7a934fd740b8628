// Replies in a thread (docs/threads.md): `messages.create` with `thread_root_id`, REST and socket
// alike (./post.ts hands them here). A reply changes more than its own row: its root's counters (an
// update of the root, so every reader's view of it moves live) and the follows of the replier, the
// thread's starter and whoever it mentions, each with its change record. Replies arriving together
// are committed as one transaction (group commit, ./group-commit.ts; docs/architecture.md, "The
// write path"): their roots locked, then one statement for the replies, their roots' counters and
// their change records, and one for the follows with theirs, so a reply costs a share of five
// round trips (with BEGIN and COMMIT) instead of a transaction of its own. The rules are the single
// reply's, checked per reply on rows read inside that transaction.
import { perContext, type AppContext } from "../../context";
import type { Message, User } from "../../db/schema";
import { HttpError, notFound } from "../../errors";
import { enforce } from "../../entities/policy-helpers";
import { describeChange, publishChanges, type CommittedChange } from "../../feed/changelog";
import type { DbLike } from "../../entities/repository";
import { messageAudience, messagesPolicy } from "./messages.policy";
import { mentionsOf } from "./mentions";
import { NOT_A_ROOT, threadFollowsAudienceSql } from "./threads.policy";
import { canReadChannel } from "./channels.policy";
import { ROOT_ELSEWHERE } from "./threads";
import { GroupCommit, type Job } from "./group-commit";
import { findThreadRoots, insertReplies, upsertFollows, type Follower, type NewReply, type ThreadRoot } from "./threads.repository";

type Sender = Pick<User, "id" | "email" | "full_name" | "role" | "team_role">;

export interface ReplyData {
  channel_id: number;
  thread_root_id: number;
  also_to_channel?: boolean;
  content: string;
  message_type?: Message["message_type"];
  file_url?: string | null;
  file_name?: string | null;
}

type ReplyJob = Job<{ sender: Sender; data: ReplyData }, Message>;

/** `messages.create` with `thread_root_id`: stored with the replies arriving with it, answered once committed. */
export const postReply = (ctx: AppContext, sender: Sender, data: ReplyData): Promise<Message> => repliesFor(ctx).submit({ sender, data });

const repliesFor = perContext((ctx: AppContext) => new GroupCommit<{ sender: Sender; data: ReplyData }, Message>((jobs) => commitReplies(ctx, jobs)));

/** A reply that passes the rules, as it will be stored; a refusal is thrown in the single reply's words and order. */
async function admit(trx: DbLike, roots: Map<number, ThreadRoot>, { sender, data }: ReplyJob["input"]): Promise<NewReply> {
  const root = roots.get(data.thread_root_id);
  if (!root || root.channel_id !== data.channel_id) {
    // The messages policy answers first (an unreadable channel is "not found"), then the root.
    enforce(await messagesPolicy.canCreate(sender as User, { ...data }, trx));
    throw new HttpError(400, ROOT_ELSEWHERE);
  }
  // The root came with its channel: the policy's check (may the sender read the channel?) and
  // the root's own on the rows at hand, without asking again.
  if (!canReadChannel(sender, root.channel)) throw notFound("Channel not found");
  if (root.thread_root_id != null) throw new HttpError(400, NOT_A_ROOT);
  // Mentions as in any message (./mentions.ts): the insert keeps those who may read the channel.
  const mentioned = mentionsOf(sender, data.content);
  const who = messagesPolicy.serverFields.create(sender as User, { ...data }, trx) as { sender_id: number; sender_name: string; sender_email: string };
  return {
    channel_id: data.channel_id,
    thread_root_id: root.id,
    also_to_channel: !!data.also_to_channel,
    content: data.content,
    message_type: data.message_type ?? "text",
    file_url: data.file_url ?? null,
    file_name: data.file_name || null,
    mentions: mentioned.emails,
    mentions_all: mentioned.all,
    ...who,
  };
}

/** Who follows a thread because of a reply: the replier (again), the starter and the mentioned (unless they unfollowed it). */
function followersOf(reply: Message, root: ThreadRoot): Follower[] {
  const at = { thread_root_id: root.id, channel_id: root.channel_id };
  const out: Follower[] = [{ ...at, user_id: reply.sender_id!, email: null, refollow: true }];
  if (root.sender_id != null && root.sender_id !== reply.sender_id) out.push({ ...at, user_id: root.sender_id, email: null, refollow: false });
  for (const email of reply.mentions) if (email !== reply.sender_email.toLowerCase()) out.push({ ...at, user_id: null, email, refollow: false });
  return out;
}

async function commitReplies(ctx: AppContext, jobs: ReplyJob[]): Promise<void> {
  const refused = new Map<ReplyJob, unknown>();
  const stored = new Map<ReplyJob, Message>();
  const changes = await ctx.db.transaction().execute(async (trx) => {
    // Locked, so replies to one root take turns across batches and a root cannot be deleted under
    // them; the next statement's snapshot, taken after the locks, sees every reply committed before.
    const roots = new Map((await findThreadRoots(trx, [...new Set(jobs.map((j) => j.input.data.thread_root_id))], true)).map((r) => [r.id, r]));
    const admitted: { job: ReplyJob; reply: NewReply }[] = [];
    for (const job of jobs) {
      try {
        admitted.push({ job, reply: await admit(trx, roots, job.input) });
      } catch (err) {
        refused.set(job, err);
      }
    }
    if (!admitted.length) return [];
    const out: CommittedChange[] = [];
    const made = await insertReplies(
      trx,
      admitted.map((a) => ({ ...a.reply, audience: messageAudience(a.reply) })),
    );
    made.replies.forEach((r, i) => {
      stored.set(admitted[i].job, r.row);
      out.push(describeChange("messages", "create", r.row.id, r.row, null, r.seq));
    });
    for (const a of made.roots) {
      const { channel: _c, ...before } = roots.get(a.row.id)!;
      void _c;
      out.push(describeChange("messages", "update", a.row.id, a.row, before, a.seq));
    }
    const follows = await upsertFollows(
      trx,
      made.replies.flatMap((r) => followersOf(r.row, roots.get(r.row.thread_root_id!)!)),
      threadFollowsAudienceSql,
    );
    for (const { inserted, before_updated_at, change_seq, ...f } of follows) {
      const before = inserted ? null : { ...f, following: false, updated_at: before_updated_at ?? f.created_at };
      out.push(describeChange("thread_follows", inserted ? "create" : "update", f.id, f, before, Number(change_seq)));
    }
    return out.sort((a, b) => a.seq - b.seq);
  });
  publishChanges(ctx, changes);
  for (const job of jobs) {
    const row = stored.get(job);
    if (row) job.resolve(row);
    else job.reject(refused.get(job));
  }
}
