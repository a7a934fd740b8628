import { TASK_CHANNELS } from "@shared/constants";
import type { Channel, ChatMessage, PublicUser } from "@shared/entities";
import { isAdmin, type RoleHolder } from "../users/roles";

type Person = (RoleHolder & Pick<PublicUser, "email">) | null | undefined;
type ChannelPeople = Pick<Channel, "type" | "is_system" | "members" | "created_by">;

export function canDeleteChannel(u: RoleHolder, channel: Pick<Channel, "is_system">): boolean {
  return isAdmin(u) && !channel.is_system;
}

export function canAssignTaskFromMessage(u: RoleHolder, channel: Pick<Channel, "name"> | undefined): boolean {
  if (!u || !channel) return false;
  const privileged = u.role === "admin" || u.team_role === "manager" || u.team_role === "admin";
  return privileged && (TASK_CHANNELS as readonly string[]).includes(channel.name);
}

const same = (a: string | null | undefined, b: string) => !!a && a.toLowerCase() === b.toLowerCase();

export function isChannelMember(u: Person, channel: Pick<Channel, "members">): boolean {
  return !!u && channel.members.some((m) => same(m, u.email));
}

// The server's channels policy, so nobody is offered what it would refuse (docs/channels.md):
// members (and the creator) and admins manage a channel, only admins a system channel.
export function canManageChannel(u: Person, channel: ChannelPeople): boolean {
  if (!u) return false;
  if (isAdmin(u)) return true;
  return !channel.is_system && (isChannelMember(u, channel) || same(channel.created_by, u.email));
}

// A dm's people never change.
export function canManageMembers(u: Person, channel: ChannelPeople): boolean {
  return channel.type !== "dm" && canManageChannel(u, channel);
}

// messages.resolve (docs/threads.md): the thread's starter, or anyone who manages the channel.
export function canResolveThread(u: Person, root: Pick<ChatMessage, "sender_email">, channel: ChannelPeople): boolean {
  return !!u && (same(root.sender_email, u.email) || canManageChannel(u, channel));
}

// messages.pin (docs/messages.md, "Pinned"): the message's author, or anyone who manages the channel.
export function canPinMessage(u: Person, message: Pick<ChatMessage, "sender_email">, channel: ChannelPeople | undefined): boolean {
  return !!u && (same(message.sender_email, u.email) || (!!channel && canManageChannel(u, channel)));
}

export function canLeaveChannel(u: Person, channel: ChannelPeople): boolean {
  return channel.type !== "dm" && !channel.is_system && isChannelMember(u, channel);
}

export function canJoinChannel(u: Person, channel: ChannelPeople): boolean {
  return !!u && channel.type === "public" && !channel.is_system && !isChannelMember(u, channel);
}

// The server's messages policy (docs/messages.md, "Reactions and edits"): the sender edits; the sender or
// an admin deletes.
export function canEditMessage(u: Person, message: Pick<ChatMessage, "sender_email">): boolean {
  return !!u && same(message.sender_email, u.email);
}

export function canDeleteMessage(u: Person, message: Pick<ChatMessage, "sender_email">): boolean {
  return canEditMessage(u, message) || isAdmin(u);
}
