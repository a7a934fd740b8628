import { TASK_CHANNELS } from "@shared/constants";
import type { Channel, User } from "../api/types";

type RoleHolder = Pick<User, "role" | "team_role"> | null | undefined;

/** Admin in the spec's sense: role admin or team_role admin. */
export function isAdmin(u: RoleHolder): boolean {
  return !!u && (u.role === "admin" || u.team_role === "admin");
}

/** The Admin menu entry is stricter than isAdmin: both roles must be admin. */
export function canSeeAdminPage(u: RoleHolder): boolean {
  return !!u && u.role === "admin" && u.team_role === "admin";
}

export function canDeleteChannel(u: RoleHolder, channel: Pick<Channel, "is_system">): boolean {
  return isAdmin(u) && !channel.is_system;
}

export function canAssignTaskFromMessage(u: RoleHolder, channel: Pick<Channel, "name"> | undefined): boolean {
  if (!u || !channel) return false;
  const privileged = u.role === "admin" || u.team_role === "manager" || u.team_role === "admin";
  return privileged && (TASK_CHANNELS as readonly string[]).includes(channel.name);
}
