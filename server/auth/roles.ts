import type { User } from "../db/schema";

type RoleHolder = Pick<User, "role" | "team_role">;

/** Admins are `role` admin or `team_role` admin (docs/architecture.md, "Policies and audiences"). */
export const isAdmin = (u: RoleHolder) => u.role === "admin" || u.team_role === "admin";
export const isManager = (u: RoleHolder) => u.team_role === "manager";
export const isPrivileged = (u: RoleHolder) => isAdmin(u) || isManager(u);
