// Who may keep and plan what (docs/messages.md: Pinned, Saved, Reminders, Scheduled messages).
// - Pin or unpin: whoever manages the channel (../chat/channels.policy.ts: an admin; but for a
//   system channel, its members and creator) and the message's author, as in Slack and
//   Mattermost where a message's pins belong to the channel's keepers. Everyone who reads the
//   channel sees its pins.
// - Saved messages, reminders and scheduled messages are their owner's alone: every query names
//   the owner, so another person's id answers "not found".
import type { User } from "../../db/schema";
import { sameEmail } from "../../entities/policy-helpers";
import { canManageChannel, canReadChannel } from "../chat/channels.policy";
import { notFound } from "../../errors";
import type { MessageInChannel } from "./repository";

export const PIN_REFUSED = "Only the message's author or someone who manages the channel may pin or unpin it";
export const NOT_IN_CHANNEL = "You can no longer post in this channel";

/** The message if the reader may read it (and it is not deleted); else "not found", as for a missing one. */
export function readableMessage(user: User, m: MessageInChannel | undefined): MessageInChannel {
  if (!m || m.deleted_at || !canReadChannel(user, m.channel)) throw notFound("Message not found");
  return m;
}

export function canPin(user: User, m: MessageInChannel): true | string {
  const author = m.sender_id != null ? m.sender_id === user.id : sameEmail(m.sender_email, user.email);
  return author || canManageChannel(user, m.channel) ? true : PIN_REFUSED;
}
