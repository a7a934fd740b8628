// messages.create over a socket. A socket outside the channel's room goes through
// createMessage (the REST path: policy check, insert and last_activity in one transaction).
// The hot path: a socket already in the room passed the channel policy when it joined (rooms
// follow membership changes), so the message is stored with a single INSERT, last_activity
// moves at most once a second per channel and node, and the same domain events are emitted.
import type { z } from "zod";
import type { AppContext } from "../context";
import type { Message, User } from "../db/schema";
import { insertMessage, touchChannel } from "../db/repositories/messages";
import { createMessage } from "../services/messages";
import { emitMessageCreated } from "../services/entity-events";
import { messagesPolicy } from "../policies/messages";
import { safeLink } from "@shared/entity-fields";
import { rooms, type messageCreateInput } from "@shared/realtime";
import type { IoSocket } from "./hub";

type Input = z.output<typeof messageCreateInput>;

const touched = new Map<number, number>();

function touchSoon(ctx: AppContext, channelId: number, at: Date): void {
  const now = at.getTime();
  if (now - (touched.get(channelId) ?? 0) < 1000) return;
  touched.set(channelId, now);
  if (touched.size > 10_000) touched.clear();
  touchChannel(ctx.db, channelId, at).catch((err) => ctx.log.warn({ err, channelId }, "touching channel failed"));
}

export async function postMessage(ctx: AppContext, socket: IoSocket, input: Input): Promise<Message> {
  const user = socket.data.u as User;
  const content = input.content.trim();
  // Anything createMessage would refuse (empty text, an unsafe link) takes its path and its error.
  const plain = (content || input.file_url) && (input.file_url === undefined || safeLink.safeParse(input.file_url).success);
  if (!plain || !socket.rooms.has(rooms.channel(input.channel_id))) return createMessage(ctx, user, input);
  const row = await insertMessage(ctx.db, {
    channel_id: input.channel_id,
    content,
    message_type: input.message_type ?? "text",
    file_url: input.file_url ?? null,
    file_name: input.file_name?.trim() || null,
    ...(messagesPolicy.serverFields.create(user, input, ctx.db) as { sender_id: number; sender_name: string; sender_email: string }),
  });
  touchSoon(ctx, input.channel_id, new Date());
  // Committed: every reader's socket gets it now (fanout.ts listens for this event).
  emitMessageCreated(ctx, row);
  return row;
}
