// Replies in a thread (docs/threads.md): `messages.create` with `thread_root_id`, REST and socket
// alike (./post.ts builds the row and hands it here). A reply changes more than its own row: its
// root's counters (an update of the root, so every reader's view of it moves live) and the follows
// of the replier, the thread's starter and whoever it mentions, each with its change record.
// Replies arriving together are committed as one transaction (group commit, ./group-commit.ts;
// docs/architecture.md, "The write path"): their roots locked, then the statement that stores any
// batch of messages (insertMessages, which checks the channel read rule, rewrites the roots'
// counters and stores the records through the ChangeLog), and one for the follows with theirs, so
// a reply costs a share of five round trips (with BEGIN and COMMIT) instead of a transaction of
// its own. Each reply gets the single reply's answer, in its order: a channel its sender may not
// read is "not found" before anything is said about the root.
import { perContext, type AppContext } from "../../context";
import type { Message } from "../../db/schema";
import { HttpError } from "../../errors";
import { withChanges } from "../../feed/changelog";
import { NOT_A_ROOT } from "./threads.policy";
import { ROOT_ELSEWHERE } from "./threads";
import { GroupCommit, type Job } from "./group-commit";
import { insertMessages, type NewMessage, type Placed } from "./repository";
import { touchFor } from "./last-activity";
import { settle } from "./client-ids";
import { findThreadRoots, upsertFollows, type Follower, type ThreadRoot } from "./threads.repository";

type ReplyJob = Job<NewMessage, Message>;

/** `messages.create` with `thread_root_id`: stored with the replies arriving with it, answered once committed. */
export const postReply = (ctx: AppContext, reply: NewMessage): Promise<Message> => repliesFor(ctx).submit(reply);

const repliesFor = perContext((ctx: AppContext) => new GroupCommit<NewMessage, Message>((jobs) => commitReplies(ctx, jobs)));

/** Why the root refuses a reply (null: it takes it), from the root as locked. */
function rootRefusal(roots: Map<number, ThreadRoot>, reply: NewMessage): string | null {
  const root = roots.get(reply.thread_root_id!);
  if (!root || root.channel_id !== reply.channel_id) return ROOT_ELSEWHERE;
  return root.thread_root_id != null ? NOT_A_ROOT : null;
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
  const replies = jobs.map((j) => j.input);
  const { placed, refusals } = await withChanges(ctx, async (trx, log) => {
    // Locked, so replies to one root take turns across batches and a root cannot be deleted under
    // them; the next statement's snapshot, taken after the locks, sees every reply committed before.
    const roots = new Map((await findThreadRoots(trx, [...new Set(replies.map((r) => r.thread_root_id!))], true)).map((r) => [r.id, r]));
    const refusals = replies.map((r) => rootRefusal(roots, r));
    const before = new Map([...roots].map(([id, { channel: _c, ...root }]) => [id, root as Message]));
    const touch = touchFor(ctx).due(replies.filter((r, i) => r.also_to_channel && !refusals[i]).map((r) => r.channel_id));
    const placed: Placed[] = await insertMessages(
      trx,
      log,
      replies.map((r, i) => ({ ...r, refused: refusals[i] != null })),
      { touch, roots: before },
    );
    // An earlier try's reply (its client_id sent again) made its follows when it was stored.
    const made = placed.flatMap((p) => (p.readable && p.row && !p.existing ? [p.row] : []));
    if (made.length) await upsertFollows(trx, log, made.flatMap((row) => followersOf(row, roots.get(row.thread_root_id!)!)));
    return { placed, refusals };
  });
  // Committed and pushed: each reply's answer, a channel one may not read first.
  placed.forEach((p, i) => settle(jobs[i], p, () => new HttpError(400, refusals[i] ?? ROOT_ELSEWHERE)));
}
