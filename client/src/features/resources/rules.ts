import type { RoleHolder } from "../users/roles";

/** team_role manager or admin, or role admin, add (and here also edit and delete) resources. */
export const canManageResources = (u: RoleHolder) => !!u && (u.role === "admin" || u.team_role === "admin" || u.team_role === "manager");

/** A web address the server will take: http or https only. */
export function isValidUrl(value: string): boolean {
  try {
    const u = new URL(value.trim());
    return (u.protocol === "http:" || u.protocol === "https:") && !!u.hostname;
  } catch {
    return false;
  }
}

/** Tags are comma-separated; trimmed, empties and repeats dropped. */
export const parseTags = (text: string) => [...new Set(text.split(",").map((t) => t.trim()).filter(Boolean))];
