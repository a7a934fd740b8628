// incoming_webhooks (docs/integrations.md): a webhook is seen by the readers of its channel, like
// its messages (the list in the channel's details shows its name, owner and last use; the token is
// only ever a hash), and made or revoked by those who manage the channel: the channel-manage rule
// of server/features/chat/channels.policy.ts, so whoever may change a channel's people may also
// let a tool speak in it. A dm has no webhooks.
import type { Channel, User } from "../../db/schema";
import { rooms } from "@shared/realtime";
import { notFound } from "../../errors";
import { emailOf } from "../../entities/policy-helpers";
import type { RowOf, TablePolicy, Verdict } from "../../entities/policy";
import { canManageChannel, canReadChannel, channelReadCondition } from "../chat/channels.policy";
import { findChannel } from "../chat/repository";

export const WEBHOOK_NOT_CHANGED = "An incoming webhook is not changed: revoke it and create another";
export const WEBHOOK_MANAGERS_ONLY = "Only those who manage the channel may add or revoke its webhooks";
export const WEBHOOK_NOT_IN_DM = "A direct message has no webhooks";

export const incomingWebhookAudience = (row: Pick<RowOf<"incoming_webhooks">, "channel_id">) => [rooms.channel(row.channel_id)];

/** Whether `user` may add a webhook to `channel` or revoke one of it; an unreadable channel is "not found". */
export function webhookManageVerdict(user: User, channel: Channel | undefined): Verdict {
  if (!channel || !canReadChannel(user, channel)) throw notFound("Channel not found");
  if (channel.type === "dm") return WEBHOOK_NOT_IN_DM;
  return canManageChannel(user, channel) || WEBHOOK_MANAGERS_ONLY;
}

export const incomingWebhooksPolicy: TablePolicy<"incoming_webhooks"> = {
  readFilter: (user) => (eb) =>
    eb("incoming_webhooks.channel_id", "in", eb.selectFrom("channels").select("channels.id").where((ceb) => channelReadCondition(ceb, user))),
  audience: incomingWebhookAudience,
  // As a message: only as visible as its channel, so without the channel at hand the answer is no.
  canRead: (user, row, related) => !!related?.channel && related.channel.id === row.channel_id && canReadChannel(user, related.channel),
  canCreate: async (user, input, db) => webhookManageVerdict(user, await findChannel(db, Number(input.channel_id))),
  canUpdate: () => WEBHOOK_NOT_CHANGED,
  // Revoking needs the channel: incoming_webhooks.delete (./hooks.ts) asks webhookManageVerdict.
  canDelete: () => WEBHOOK_MANAGERS_ONLY,
  serverFields: {
    create: (user) => ({ created_by: emailOf(user) }),
  },
};
