// messages.create over a socket. A socket outside the channel's room goes through
// createMessage (the REST path: policy check, insert and last_activity in one transaction).
// The hot path, for a socket in the channel's room: rooms follow membership changes only
// asynchronously (a removed member's socket stays in the room for a moment), so the room is a
// hint, not the check. Messages arriving together share one INSERT ... SELECT that joins the
// channel and keeps only the rows whose sender may read it (the policy, checked against the
// database in the same statement, at no extra round trip); last_activity moves at most once a
// second per channel and node, and the same domain events are emitted after the commit.
import type { z } from "zod";
import type { AppContext } from "../../context";
import type { Db } from "../../db";
import type { Message, User } from "../../db/schema";
import { insertMessagesWhere, touchChannel, type NewMessage } from "./repository";
import { channelReadableBy } from "./channels.policy";
import { notFound } from "../../errors";
import { createMessage } from "./messages";
import { emitChange } from "../../entities/events";
import { messagesPolicy } from "./messages.policy";
import { safeLink } from "@shared/entities/fields";
import { rooms, type messageCreateInput } from "@shared/realtime";
import type { IoSocket } from "../../realtime/hub";

type Input = z.output<typeof messageCreateInput>;

const touched = new Map<number, number>();

function touchSoon(ctx: AppContext, channelId: number, at: Date): void {
  const now = at.getTime();
  if (now - (touched.get(channelId) ?? 0) < 1000) return;
  touched.set(channelId, now);
  if (touched.size > 10_000) touched.clear();
  touchChannel(ctx.db, channelId, at).catch((err) => ctx.log.warn({ err, channelId }, "touching channel failed"));
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

  constructor(
    private db: Db,
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

  private async run(batch: Pending[]): Promise<void> {
    const settle = (b: Pending, row: Message | null) => (row ? b.resolve(row) : b.reject(notFound("Channel not found")));
    try {
      const rows = await insertMessagesWhere(this.db, batch.map((b) => b.values), channelReadableBy);
      rows.forEach((r, i) => settle(batch[i], r));
    } catch {
      // One bad row must not fail its neighbours.
      await Promise.all(batch.map((b) => insertMessagesWhere(this.db, [b.values], channelReadableBy).then(([r]) => settle(b, r), b.reject)));
    }
  }
}

const batchers = new WeakMap<Db, MessageBatcher>();
const batcherFor = (db: Db) => {
  let b = batchers.get(db);
  if (!b) batchers.set(db, (b = new MessageBatcher(db)));
  return b;
};

export async function postMessage(ctx: AppContext, socket: IoSocket, input: Input): Promise<Message> {
  const user = socket.data.u as User;
  const content = input.content.trim();
  // Anything createMessage would refuse (empty text, an unsafe link) takes its path and its error.
  const plain = (content || input.file_url) && (input.file_url === undefined || safeLink.safeParse(input.file_url).success);
  if (!plain || !socket.rooms.has(rooms.channel(input.channel_id))) return createMessage(ctx, user, input);
  const row = await batcherFor(ctx.db).insert({
    channel_id: input.channel_id,
    content,
    message_type: input.message_type ?? "text",
    file_url: input.file_url ?? null,
    file_name: input.file_name?.trim() || null,
    ...(messagesPolicy.serverFields.create(user, input, ctx.db) as { sender_id: number; sender_name: string; sender_email: string }),
  });
  touchSoon(ctx, input.channel_id, new Date());
  // Committed: every reader's socket gets it now (fanout.ts listens for this event).
  emitChange(ctx, "messages", "create", row.id, row);
  return row;
}
