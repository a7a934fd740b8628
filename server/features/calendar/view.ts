// Calendar times are stored as instants and read as the documented wall-clock text in the
// reader's own zone (their profile's, or UTC): a change to an event goes out in one version per
// zone among the people it names (docs/architecture.md, "The change feed").
import { rooms } from "@shared/realtime";
import { EVENT_ZONED_FIELDS, zonedText } from "@shared/entities/calendar_events";
import type { AppContext } from "../../context";
import type { RowVersion, View, Viewer } from "../../entities/policy";
import type { CommittedChange } from "../../feed/types";
import { findZonesOf } from "../users/repository";

/** The zone a reader sees calendar times in: their profile's, or UTC. */
export const zoneOf = (viewer: Viewer): string | null => viewer?.time_zone ?? null;

export const eventView: View = (out, src, viewer) => {
  const zone = zoneOf(viewer);
  for (const f of EVENT_ZONED_FIELDS) {
    const v = src[f];
    const d = v instanceof Date ? v : typeof v === "string" && v ? new Date(/[zZ]|[+-]\d\d(:?\d\d)?$/.test(v) ? v : `${v.replace(" ", "T")}Z`) : null;
    out[f] = d && !Number.isNaN(d.getTime()) ? zonedText(d, zone) : null;
  }
};

/** One version per time zone among the event's readers, looked up by their e-mail rooms. */
export async function eventVersions(ctx: AppContext, c: CommittedChange): Promise<RowVersion[]> {
  const zones = await findZonesOf(ctx.db, c.after.filter((r) => r.startsWith("email:")).map((r) => r.slice("email:".length)));
  const byZone = new Map<string | null, string[]>();
  for (const [email, zone] of zones) byZone.set(zone, [...(byZone.get(zone) ?? []), rooms.email(email)]);
  return [...byZone].map(([zone, to]) => ({ to, viewer: { id: -1, role: "user", team_role: "member", time_zone: zone } }));
}
