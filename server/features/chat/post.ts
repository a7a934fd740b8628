// `messages.create`: the one write path for a new message, root or reply, over REST (POST
// /entities/messages) and the socket alike (docs/architecture.md, "The write path"). One function
// builds the row (messageRow) and one statement stores a batch of them (insertMessages in
// ./repository.ts): messages arriving together share it (group commit), and it checks the channel
// read rule for every sender against the database at the moment of the insert, stores each
// message's change record through the ChangeLog and moves the channels' last_activity, so a
// message is pushed from a committed record at no extra round trip. Replies also change their
// root and follows, so they have a queue and a transaction of their own (./replies.ts) around
// the same statement.
import { perContext, type AppContext } from "../../context";
import type { Message, User } from "../../db/schema";
import type { z } from "zod";
import { ENTITIES, validateCreate } from "@shared/entities";
import type { messageCreateInput } from "@shared/entities/messages";
import { HttpError, notFound } from "../../errors";
import { withStatementChanges } from "../../feed/changelog";
import { insertMessages, type NewMessage } from "./repository";
import { messagesPolicy } from "./messages.policy";
import { groupMentions, mentionsOf } from "./mentions";
import { postReply } from "./replies";
import { GroupCommit, type Job } from "./group-commit";
import { touchFor } from "./last-activity";
import { settle } from "./client-ids";

type Sender = Pick<User, "id" | "email" | "full_name" | "role" | "team_role">;

const fail = (detail: string) => new HttpError(400, `Insert failed: ${detail}`.slice(0, 315));

/** Stores a batch of channel messages (one statement, records included) and answers each once it is pushed. */
async function commitMessages(ctx: AppContext, batch: Job<NewMessage, Message>[]): Promise<void> {
  const values = batch.map((b) => b.input);
  const touch = touchFor(ctx).due(values.map((v) => v.channel_id));
  const placed = await withStatementChanges(ctx, (db, log) => insertMessages(db, log, values, { touch }));
  placed.forEach((p, i) => settle(batch[i], p, () => notFound("Channel not found")));
}

const batcherFor = perContext((ctx: AppContext) => new GroupCommit<NewMessage, Message>((jobs) => commitMessages(ctx, jobs)));

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

/**
 * The row of a new message, root or reply: as `sender` (never as whoever the input names), with
 * the people its text mentions (the insert keeps those who may read the channel, ./mentions.ts).
 */
export function messageRow(ctx: AppContext, sender: Sender, data: MessageData): NewMessage {
  const mentioned = mentionsOf(sender, data.content);
  const who = messagesPolicy.serverFields.create(sender as User, data, ctx.db) as { sender_id: number; sender_name: string; sender_email: string };
  return {
    channel_id: data.channel_id,
    thread_root_id: data.thread_root_id == null ? null : Number(data.thread_root_id),
    also_to_channel: !!data.also_to_channel,
    content: data.content ?? "",
    message_type: data.message_type ?? "text",
    file_url: data.file_url ?? null,
    file_name: data.file_name || null,
    mentions: mentioned.emails,
    mentions_all: mentioned.all,
    client_id: data.client_id ?? null,
    ...who,
  };
}

/**
 * An integration's message (an incoming webhook, docs/integrations.md): a root message in the same
 * group commit as people's, so readers get it live, with unread counts, search and notifications;
 * the insert checks that the webhook still exists for the channel (revoked: "not found").
 */
export const postIntegrationMessage = (ctx: AppContext, row: NewMessage & { webhook_id: number }): Promise<Message> =>
  batcherFor(ctx).submit({ ...row, thread_root_id: null, also_to_channel: false });

/** Stores the message if its sender may read the channel (a reply: if its root takes it too), and pushes it. */
export async function postMessage(ctx: AppContext, sender: Sender, data: MessageData): Promise<Message> {
  if (!data.content && !data.file_url) throw fail("content cannot be empty");
  if (data.thread_root_id == null && data.also_to_channel) throw fail("also_to_channel: only a reply in a thread is also sent to the channel");
  const row = messageRow(ctx, sender, data);
  // A group's @handle names its members now, at post time (docs/groups.md); the insert keeps those who may read the channel.
  const members = await groupMentions(ctx.db, sender, data.content);
  if (members.length) row.mentions = [...new Set([...row.mentions, ...members])];
  // A reply changes its root and follows too: replies arriving together share a transaction (./replies.ts).
  return row.thread_root_id != null ? postReply(ctx, row) : batcherFor(ctx).submit(row);
}
