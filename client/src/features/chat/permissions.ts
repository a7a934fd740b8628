import { TASK_CHANNELS } from "@shared/constants";
import type { Channel } from "@shared/entities";
import { isAdmin, type RoleHolder } from "../users/roles";

export function canDeleteChannel(u: RoleHolder, channel: Pick<Channel, "is_system">): boolean {
  return isAdmin(u) && !channel.is_system;
}

export function canAssignTaskFromMessage(u: RoleHolder, channel: Pick<Channel, "name"> | undefined): boolean {
  if (!u || !channel) return false;
  const privileged = u.role === "admin" || u.team_role === "manager" || u.team_role === "admin";
  return privileged && (TASK_CHANNELS as readonly string[]).includes(channel.name);
}
