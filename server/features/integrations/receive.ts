// What a tool's POST to an incoming webhook does (docs/integrations.md): find the webhook by its
// token's hash, read the payload (Slack's JSON, Slack's form field `payload=`, or the native form),
// and post it as the integration through chat's one message path (server/features/chat/post.ts),
// so readers get it exactly like a person's message: live, unread, searchable, notified.
import { z } from "zod";
import { webhookPayload, type WebhookPayload } from "@shared/entities";
import type { Message, User } from "../../db/schema";
import type { AppContext } from "../../context";
import { HttpError, badRequest, notFound, zodMessage } from "../../errors";
import { isPrivileged } from "../../auth/roles";
import { withChanges } from "../../feed/changelog";
import { postIntegrationMessage } from "../chat/post";
import { mentionsOf } from "../chat/mentions";
import { tokenHash } from "./hooks";
import { convertPayload } from "./slack-format";
import { findWebhookByHash, touchWebhook, type WebhookWithOwner } from "./repository";

export const NO_SUCH_WEBHOOK = "No such webhook: it was revoked, or the address is wrong";

/** A webhook's messages name it by an address no account can have (.invalid is reserved), so nobody is their sender. */
export const webhookSenderEmail = (id: number) => `webhook-${id}@integrations.invalid`;

// Slack's form body: one field, `payload`, holding the JSON.
const formBody = z.object({ payload: z.string({ error: "must be the message as JSON text" }) }, { error: "the body must be an object" });

/** The payload of a request body as the JSON and form parsers left it; a 400 that says why otherwise. */
export function readPayload(body: unknown, isForm: boolean): WebhookPayload {
  let json: unknown = body;
  if (isForm) {
    const form = formBody.safeParse(body);
    if (!form.success) throw badRequest(zodMessage(form.error));
    try {
      json = JSON.parse(form.data.payload);
    } catch {
      throw badRequest("payload: is not valid JSON");
    }
  }
  const parsed = webhookPayload.safeParse(json);
  if (!parsed.success) throw badRequest(zodMessage(parsed.error));
  return parsed.data;
}

async function lookup(ctx: AppContext, token: string): Promise<WebhookWithOwner> {
  // A token is 32 base64url characters; anything else cannot be one, so it costs no query.
  const hook = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await findWebhookByHash(ctx.db, tokenHash(token)) : undefined;
  if (!hook) throw notFound(NO_SUCH_WEBHOOK);
  return hook;
}

/** `messages.create` as the webhook: answers the stored message. */
export async function receiveWebhook(ctx: AppContext, token: string, body: unknown, isForm: boolean): Promise<Message> {
  const hook = await lookup(ctx, token);
  const payload = readPayload(body, isForm);
  // @channel from a tool notifies everyone only if its owner could say it themself.
  const owner = { role: hook.owner_role, team_role: hook.owner_team_role } as Pick<User, "role" | "team_role">;
  const converted = convertPayload(payload, hook.name, { mayMentionAll: isPrivileged(owner) });
  const mentioned = mentionsOf(owner, converted.content);
  let message: Message;
  try {
    message = await postIntegrationMessage(ctx, {
      channel_id: hook.channel_id,
      thread_root_id: null,
      also_to_channel: false,
      content: converted.content,
      message_type: "text",
      file_url: null,
      file_name: null,
      sender_id: null,
      sender_name: converted.name,
      sender_email: webhookSenderEmail(hook.id),
      mentions: mentioned.emails,
      mentions_all: mentioned.all,
      webhook_id: hook.id,
      attachments: converted.attachments,
    });
  } catch (err) {
    // Revoked between the lookup and the insert: the insert's own check said so.
    if (err instanceof HttpError && err.status === 404) throw notFound(NO_SUCH_WEBHOOK);
    throw err;
  }
  // Last use moves at most once a minute, so a chatty tool costs no write per message.
  if (!hook.last_used_at || Date.now() - new Date(hook.last_used_at).getTime() > 60_000) {
    await withChanges(ctx, async (trx, log) => {
      const after = await touchWebhook(trx, hook.id);
      const { owner_role: _role, owner_team_role: _teamRole, ...before } = hook;
      if (after) log.add("incoming_webhooks", "update", after.id, after, before);
    });
  }
  return message;
}
