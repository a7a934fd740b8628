// A person's custom status (docs/integrations.md, "Slash commands": `/status Lunch 1h`): its text
// and when it ends, or null once it has expired (the server stops showing it then too).
import type { PublicUser } from "@shared/entities";

export function customStatus(user: Pick<PublicUser, "status_message" | "status_expires_at">, now = Date.now()): { text: string; until: string | null } | null {
  if (!user.status_message) return null;
  const ends = user.status_expires_at ? new Date(user.status_expires_at) : null;
  if (ends && ends.getTime() <= now) return null;
  const sameDay = ends && new Date(now).toDateString() === ends.toDateString();
  const until = ends ? ends.toLocaleString(undefined, sameDay ? { hour: "2-digit", minute: "2-digit" } : { weekday: "short", hour: "2-digit", minute: "2-digit" }) : null;
  return { text: user.status_message, until };
}
