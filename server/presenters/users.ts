import type { User } from "../db/schema";
import { isAdmin } from "../auth/roles";
import type { PublicUser } from "@shared/realtime";

export type { PublicUser };

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/**
 * The only way a user row leaves the server: never the password hash. Others see `away`
 * when the user hides their status; private preferences only go to the user and admins.
 */
export function presentUser(u: User, viewer?: Pick<User, "id" | "role" | "team_role"> | null): PublicUser {
  const self = viewer?.id === u.id;
  const privileged = self || (viewer ? isAdmin(viewer) : false);
  const out: PublicUser = {
    id: u.id,
    email: u.email,
    full_name: u.full_name,
    job_title: u.job_title,
    department: u.department,
    phone_number: u.phone_number,
    status_message: u.status_message,
    profile_photo: u.profile_photo,
    role: u.role,
    team_role: u.team_role,
    user_status: !self && !u.show_online_status ? "away" : u.user_status,
    show_online_status: u.show_online_status,
    created_date: iso(u.created_at),
    updated_date: iso(u.updated_at),
  };
  if (privileged) out.notification_preferences = u.notification_preferences;
  return out;
}
