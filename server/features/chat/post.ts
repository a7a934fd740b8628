// `messages.create`: the one write path for a new message, over REST (POST /entities/messages)
// and the socket alike (docs/architecture.md, "The write path"). Messages arriving together share
// one statement (group commit): an INSERT ... SELECT that joins the channel and keeps only the
// messages whose sender may read it (the channel read rule, checked against the database at the
// moment of the insert), stores each message's change record and moves the channels'
// last_activity, so a message is pushed from a committed record at no extra round trip.
// last_activity is the time of a channel's newest message: every reader of the channel receives
// that message, so clients move it themselves and it needs no change record of its own; the
// stored value (for REST lists) moves at most once a second per channel and node.
import type { AppContext } from "../../context";
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
import { postReply } from "./threads";

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

interface Pending {
  values: NewMessage;
  resolve: (m: Message) => void;
  reject: (e: unknown) => void;
}

/**
 * Group commit: messages queue for the next turn of the event loop; up to `lanes` INSERTs run at
 * once, so under load the queue grows into bigger batches instead of more round trips.
 */
class MessageBatcher {
  private queue: Pending[] = [];
  private busy = 0;
  private scheduled = false;

  private touch = new TouchThrottle();

  constructor(
    private ctx: AppContext,
    private lanes = 4,
    private maxBatch = 200,
  ) {}

  insert(values: NewMessage): Promise<Message> {
    return new Promise((resolve, reject) => {
      this.queue.push({ values, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.drain();
        });
      }
    });
  }

  private drain(): void {
    while (this.queue.length && this.busy < this.lanes) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.busy++;
      void this.run(batch).finally(() => {
        this.busy--;
        this.drain();
      });
    }
  }

  private async insert1(batch: Pending[]): Promise<void> {
    const values = batch.map((b) => b.values);
    const touch = this.touch.due(values.map((v) => v.channel_id), Date.now());
    const stored = await insertMessagesWhere(this.ctx.db as Db, values, channelReadableBy, touch);
    // Committed: every reader's socket gets them now, in the order of their records.
    const changes: CommittedChange[] = [];
    for (const s of stored) if (s) changes.push(describeChange("messages", "create", s.row.id, s.row, null, s.seq));
    publishChanges(this.ctx, changes);
    stored.forEach((s, i) => (s ? batch[i].resolve(s.row) : batch[i].reject(notFound("Channel not found"))));
  }

  private async run(batch: Pending[]): Promise<void> {
    try {
      await this.insert1(batch);
    } catch {
      // One bad row must not fail its neighbours.
      await Promise.all(batch.map((b) => this.insert1([b]).catch(b.reject)));
    }
  }
}

const batchers = new WeakMap<AppContext, MessageBatcher>();
const batcherFor = (ctx: AppContext) => {
  let b = batchers.get(ctx);
  if (!b) batchers.set(ctx, (b = new MessageBatcher(ctx)));
  return b;
};

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
  // A reply changes its root and follows too: one transaction of its own (./threads.ts).
  if (data.thread_root_id != null) return postReply(ctx, sender, { ...data, thread_root_id: Number(data.thread_root_id), content: data.content ?? "" });
  if (data.also_to_channel) throw fail("also_to_channel: only a reply in a thread is also sent to the channel");
  const row = await batcherFor(ctx).insert({
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
