// What of a user others may see: a hidden status reads as away, and private preferences go
// only to the user and admins. So a change to a user row goes out in three versions. A status
// message past its expiry (`/status`, docs/integrations.md) reads as none, for everyone.
import { rooms } from "@shared/realtime";
import { isAdmin } from "../../auth/roles";
import type { RowVersion, Viewer } from "../../entities/policy";
import type { CommittedChange } from "../../feed/types";

export type { Viewer };

export function userView(out: Record<string, unknown>, row: Record<string, unknown>, viewer: Viewer): void {
  const self = viewer?.id === row.id;
  if (!self && row.show_online_status === false) out.user_status = "away";
  const expires = row.status_expires_at;
  if (expires != null && new Date(expires as Date | string).getTime() <= Date.now()) {
    out.status_message = null;
    out.status_expires_at = null;
  }
  if (!(self || (viewer ? isAdmin(viewer) : false))) {
    delete out.notification_preferences;
    delete out.quiet_hours_enabled;
    delete out.quiet_hours_start;
    delete out.quiet_hours_end;
  }
}

/** The user themself, admins, everyone else (docs/architecture.md, "The change feed"). */
export function userVersions(_ctx: unknown, c: CommittedChange): RowVersion[] {
  const self = rooms.user(c.id);
  return [
    { to: [self], viewer: { id: c.id, role: "user", team_role: "member" } },
    { to: [rooms.admins], except: [self], viewer: { id: -1, role: "admin", team_role: "admin" } },
    { to: c.after, except: [rooms.admins, self], viewer: null },
  ];
}
