// `messages.create`: the one write path for a new message, over REST (POST /entities/messages)
// and the socket alike (docs/architecture.md, "The write path"). Messages arriving together share
// one statement (group commit): an INSERT ... SELECT that joins the channel and keeps only the
// messages whose sender may read it (the channel read rule, checked against the database at the
// moment of the insert), stores each message's change record and moves the channels'
// last_activity, so a message is pushed from a committed record at no extra round trip.
// last_activity is the time of a channel's newest message: every reader of the channel receives
// that message, so clients move it themselves and it needs no change record of its own; the
// stored value (for REST lists) moves at most once a second per channel and node.
import { perContext, type AppContext } from "../../context";
import type { Db } from "../../db";
import type { Message, User } from "../../db/schema";
import type { z } from "zod";
import { ENTITIES, validateCreate } from "@shared/entities";
import type { messageCreateInput } from "@shared/entities/messages";
import { HttpError, notFound } from "../../errors";
import { describeChange, publishChanges, type CommittedChange } from "../../feed/changelog";
import { insertMessagesWhere, type NewMessage } from "./repository";
import { channelReadableBy } from "./channels.policy";
import { messageAudience, messagesPolicy } from "./messages.policy";
import { mentionsOf } from "./mentions";
import { postReply } from "./replies";
import { GroupCommit, type Job } from "./group-commit";

type Sender = Pick<User, "id" | "email" | "full_name" | "role" | "team_role">;

const fail = (detail: string) => new HttpError(400, `Insert failed: ${detail}`.slice(0, 315));

/**
 * Which channels' last_activity a batch moves: each at most once a second per node (the newest
 * message says the rest, see below). Kept per app, forgotten in bulk when it grows large.
 */
class TouchThrottle {
  private last = new Map<number, number>();
  due(channelIds: number[], now: number): number[] {
    const out: number[] = [];
    for (const id of new Set(channelIds)) {
      if (now - (this.last.get(id) ?? 0) < 1000) continue;
      this.last.set(id, now);
      out.push(id);
    }
    if (this.last.size > 10_000) this.last.clear();
    return out;
  }
}

/** Stores a batch of channel messages (one statement) and pushes their records once committed. */
function messageCommit(ctx: AppContext) {
  const touch = new TouchThrottle();
  return async (batch: Job<NewMessage, Message>[]): Promise<void> => {
    const values = batch.map((b) => b.input);
    const due = touch.due(values.map((v) => v.channel_id), Date.now());
    const stored = await insertMessagesWhere(ctx.db as Db, values, channelReadableBy, due);
    // Committed: every reader's socket gets them now, in the order of their records.
    const changes: CommittedChange[] = [];
    for (const s of stored) if (s) changes.push(describeChange("messages", "create", s.row.id, s.row, null, s.seq));
    publishChanges(ctx, changes);
    stored.forEach((s, i) => (s ? batch[i].resolve(s.row) : batch[i].reject(notFound("Channel not found"))));
  };
}

const batcherFor = perContext((ctx: AppContext) => new GroupCommit(messageCommit(ctx)));

/**
 * A message body as REST takes it (the table's definition; messageCreateInput, which the socket
 * validates with, is built from the same field rules, so both refuse bad input in the same words).
 */
export function messageInput(body: unknown): MessageData {
  const v = validateCreate(ENTITIES.messages, body);
  if (!v.ok) throw fail(v.error);
  return v.data as MessageData;
}

type MessageData = z.output<typeof messageCreateInput>;

/** Validates a body (as REST does), then posts it. */
export const createMessage = (ctx: AppContext, sender: Sender, body: unknown): Promise<Message> => postMessage(ctx, sender, messageInput(body));

/** Stores the message as `sender` (never as whoever the input names) if they may read the channel, and pushes it. */
export async function postMessage(ctx: AppContext, sender: Sender, data: MessageData): Promise<Message> {
  if (!data.content && !data.file_url) throw fail("content cannot be empty");
  // Who is mentioned comes from the text alone; the insert keeps those who may read the channel (./mentions.ts).
  const mentioned = mentionsOf(sender, data.content);
  // A reply changes its root and follows too: replies arriving together share a transaction (./replies.ts).
  if (data.thread_root_id != null) return postReply(ctx, sender, { ...data, thread_root_id: Number(data.thread_root_id), content: data.content ?? "" });
  if (data.also_to_channel) throw fail("also_to_channel: only a reply in a thread is also sent to the channel");
  const row = await batcherFor(ctx).submit({
    channel_id: data.channel_id,
    content: data.content ?? "",
    message_type: data.message_type ?? "text",
    file_url: data.file_url ?? null,
    file_name: data.file_name || null,
    mentions: mentioned.emails,
    mentions_all: mentioned.all,
    ...(messagesPolicy.serverFields.create(sender as User, data, ctx.db) as { sender_id: number; sender_name: string; sender_email: string }),
    audience: messageAudience({ channel_id: data.channel_id }),
  });
  return row;
}
