// Threads (docs/threads.md; docs/architecture.md, "Adding a command"). A reply is a message
// posted through `messages.create` with `thread_root_id` (./replies.ts: the reply, its root's
// counters and the follows commit together, batched with the replies arriving with it). Deleting
// a reply recounts its root in the delete's transaction; deleting a root that has
// replies keeps it as a "Message deleted" placeholder. `thread_follows.update` follows, unfollows
// and moves a person's read position in a thread, with the channel_reads arithmetic.
// `messages.resolve` marks a thread resolved on its root, or reopens it.
import { ENTITIES, validateCreate, validateUpdate, type FollowedThread, type ThreadFollow } from "@shared/entities";
import { LIMITS } from "@shared/constants";
import { readPosition } from "@shared/unread";
import type { AppContext } from "../../context";
import type { Message, User } from "../../db/schema";
import { HttpError, notFound } from "../../errors";
import { enforce } from "../../entities/policy-helpers";
import type { ChangeRecorder, RowOf, TableHooks } from "../../entities/policy";
import { present, presentMessage } from "../../entities/present";
import { deleteRow, findRow, type DbLike } from "../../entities/repository";
import type { Condition } from "../../entities/where-sql";
import { withChanges } from "../../feed/changelog";
import { messagesPolicy } from "./messages.policy";
import { NOT_A_ROOT, canResolveThread, readableRoot, threadFollowsPolicy } from "./threads.policy";
import { canReadChannel } from "./channels.policy";
import { withdrawMessageNotifications } from "../notifications/follow-message";
import {
  claimFollow,
  clearMessage,
  clearMessageExtras,
  deleteFollows,
  findThreadRoot,
  followedThreads,
  messagesByIds,
  newestReplyId,
  recountRoot,
  setFollow,
  setResolved,
} from "./threads.repository";

export const ROOT_ELSEWHERE = "thread_root_id: must be a message of the same channel";

const readable = (user: User) => messagesPolicy.readFilter(user) as Condition | null;

/** A root going: its follows go first, each with its record, so every owner's list drops it (rather than a silent cascade). */
async function deleteRoot(trx: DbLike, log: ChangeRecorder, root: Message): Promise<void> {
  for (const f of await deleteFollows(trx, root.id)) log.add("thread_follows", "delete", f.id, null, f);
  await deleteRow(trx, "messages", root.id);
  log.add("messages", "delete", root.id, null, root);
}

/**
 * `messages.delete`: a reply goes and its root is recounted (a placeholder root whose last reply
 * went goes too); a root with replies stays as a placeholder; any other message goes as before.
 */
export async function deleteMessage(ctx: AppContext, user: User, id: number): Promise<{ ok: true; id: number }> {
  await withChanges(ctx, async (trx, log) => {
    const row = (await findRow(trx, "messages", id, readable(user), true)) as unknown as Message | undefined;
    if (!row) throw notFound();
    enforce(messagesPolicy.canDelete(user, row));
    // Its text leaves the notification centre and the queue with it (docs/notifications.md); a
    // placeholder's went when it became one.
    if (!row.deleted_at) await withdrawMessageNotifications(trx, log, id);
    if (row.thread_root_id == null && row.reply_count > 0) {
      if (row.deleted_at) return;
      const { reactions, edits } = await clearMessageExtras(trx, id);
      for (const r of reactions) log.add("message_reactions", "delete", r.id, null, r);
      for (const e of edits) log.add("message_edits", "delete", e.id, null, e);
      log.add("messages", "update", id, await clearMessage(trx, id), row);
      return;
    }
    if (row.thread_root_id == null) return deleteRoot(trx, log, row);
    const rootBefore = await findThreadRoot(trx, row.thread_root_id, true);
    await deleteRow(trx, "messages", id);
    log.add("messages", "delete", id, null, row);
    if (!rootBefore) return;
    const { channel: _c, ...before } = rootBefore;
    void _c;
    const root = await recountRoot(trx, rootBefore.id);
    if (root.deleted_at && root.reply_count === 0) {
      // Nothing is left to keep the placeholder for (its follows go with it).
      await deleteRoot(trx, log, before as Message);
    } else log.add("messages", "update", root.id, root, before);
  });
  return { ok: true, id };
}

/**
 * `messages.resolve`: the thread's starter or someone who manages the channel marks the thread
 * resolved (`resolved_at`, `resolved_by` on its root) or reopens it; every reader of the channel
 * gets the root's update. Asking for the state it is already in changes nothing.
 */
export async function resolveThread(ctx: AppContext, user: User, input: { thread_root_id: number; resolved: boolean }): Promise<Message> {
  return withChanges(ctx, async (trx, log) => {
    // Locked, so a reply's recount and a resolve of the same root take turns.
    const root = await findThreadRoot(trx, input.thread_root_id, true);
    if (!root || !canReadChannel(user, root.channel)) throw notFound("Message not found");
    if (root.thread_root_id != null) throw new HttpError(400, NOT_A_ROOT);
    enforce(canResolveThread(user, root, root.channel));
    const { channel: _c, ...before } = root;
    void _c;
    if (input.resolved === (before.resolved_at != null)) return before as Message;
    const after = await setResolved(trx, root.id, input.resolved ? user.email.toLowerCase() : null);
    log.add("messages", "update", after.id, after, before);
    return after;
  });
}

export interface FollowMove {
  thread_root_id: number;
  following?: boolean;
  /** Reading: the newest reply seen (moves forward only, never past the newest reply). */
  read_message_id?: number;
}

/** `thread_follows.update`, answering the row as the presenter shows it. */
export async function updateThreadFollow(ctx: AppContext, user: User, input: FollowMove): Promise<ThreadFollow> {
  return present("thread_follows", await moveFollow(ctx, user, input), user);
}

async function moveFollow(ctx: AppContext, user: User, input: FollowMove): Promise<RowOf<"thread_follows">> {
  return withChanges(ctx, async (trx, log) => {
    const root = await readableRoot(trx, user, input.thread_root_id);
    const { row: current, inserted } = await claimFollow(trx, { thread_root_id: root.id, channel_id: root.channel_id, user_id: user.id });
    const patch: { following?: boolean; last_read_message_id?: number } = {};
    if (input.following !== undefined && input.following !== current.following) patch.following = input.following;
    if (input.read_message_id !== undefined) {
      const next = readPosition(current.last_read_message_id, input.read_message_id, await newestReplyId(trx, root.id));
      if (next !== current.last_read_message_id) patch.last_read_message_id = next;
    }
    if (!Object.keys(patch).length) {
      if (inserted) log.add("thread_follows", "create", current.id, current);
      return current;
    }
    enforce(threadFollowsPolicy.canUpdate(user, current, patch));
    const after = await setFollow(trx, current.id, patch);
    log.add("thread_follows", inserted ? "create" : "update", after.id, after, inserted ? null : current);
    return after;
  });
}

/** How many followed threads `GET /api/chat/threads` lists. */
export const FOLLOWED_THREADS_MAX = 100;

/** `GET /api/chat/threads`: the threads the reader follows, unread first, each with its root. */
export async function listFollowedThreads(ctx: AppContext, user: User): Promise<FollowedThread[]> {
  const list = await followedThreads(ctx.db, user, LIMITS.unreadCountMax, FOLLOWED_THREADS_MAX);
  const roots = new Map((await messagesByIds(ctx.db, list.map((t) => t.thread_root_id))).map((m) => [m.id, m]));
  return list.flatMap((t) => {
    const root = roots.get(t.thread_root_id);
    return root ? [{ ...t, root: presentMessage(root) }] : [];
  });
}

const failed = (prefix: string, detail: string) => new HttpError(400, `${prefix}: ${detail}`.slice(0, 315));

/** The Entity API's writes of thread_follows are the same command. */
export const threadFollowsHooks: TableHooks = {
  async create(ctx, user, body) {
    const v = validateCreate(ENTITIES.thread_follows, body);
    if (!v.ok) throw failed("Insert failed", v.error);
    const d = v.data as { thread_root_id: number; following?: boolean; last_read_message_id?: number };
    return moveFollow(ctx, user, { thread_root_id: Number(d.thread_root_id), following: d.following ?? true, read_message_id: d.last_read_message_id });
  },
  async update(ctx, user, id, body) {
    const v = validateUpdate(ENTITIES.thread_follows, body);
    if (!v.ok) throw failed("Update failed", v.error);
    const row = await ctx.db.selectFrom("thread_follows").selectAll().where("id", "=", id).where("user_id", "=", user.id).executeTakeFirst();
    if (!row) throw notFound();
    const d = v.data as { thread_root_id?: number; following?: boolean; last_read_message_id?: number };
    if (d.thread_root_id !== undefined && Number(d.thread_root_id) !== row.thread_root_id) throw failed("Update failed", "thread_root_id cannot be changed");
    return moveFollow(ctx, user, { thread_root_id: row.thread_root_id, following: d.following, read_message_id: d.last_read_message_id });
  },
};
