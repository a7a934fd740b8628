import type { PublicUser } from "@shared/entities";

export type RoleHolder = Pick<PublicUser, "role" | "team_role"> | null | undefined;

/** Admin in the documented sense: role admin or team_role admin. */
export function isAdmin(u: RoleHolder): boolean {
  return !!u && (u.role === "admin" || u.team_role === "admin");
}

/** The Admin menu entry is stricter than isAdmin: both roles must be admin. */
export function canSeeAdminPage(u: RoleHolder): boolean {
  return !!u && u.role === "admin" && u.team_role === "admin";
}
