// What of a user others may see: a hidden status reads as away, and private preferences go
// only to the user and admins.
import type { User } from "../../db/schema";
import { isAdmin } from "../../auth/roles";

export type Viewer = Pick<User, "id" | "role" | "team_role"> | null | undefined;

export function userView(out: Record<string, unknown>, row: Record<string, unknown>, viewer: Viewer): void {
  const self = viewer?.id === row.id;
  if (!self && row.show_online_status === false) out.user_status = "away";
  if (!(self || (viewer ? isAdmin(viewer) : false))) {
    delete out.notification_preferences;
    delete out.quiet_hours_enabled;
    delete out.quiet_hours_start;
    delete out.quiet_hours_end;
  }
}
