import type { PresenceState } from "@shared/realtime";
import type { PublicUser } from "@shared/entities";

export type ShownPresence = "online" | "away" | "busy" | "offline";

export const PRESENCE_LABELS: Record<ShownPresence, string> = {
  online: "Online",
  away: "Away",
  busy: "Busy",
  offline: "Offline",
};

/** What others see: live presence when known; a hidden status shows as Away. */
export function shownPresence(user: PublicUser, live: PresenceState | undefined): ShownPresence {
  if (user.show_online_status === false) return "away";
  if (live) return live.online ? live.user_status : "offline";
  return "offline";
}
