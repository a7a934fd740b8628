// A decision on (or withdrawal of) a Time Off request can change its requester's presence
// today: push their presence to subscribers at once instead of waiting for the next change.
import type { AppContext, EntityEvent } from "../../context";
import { TIME_OFF } from "@shared/entities/approval_requests";
import { findUserIdByEmail } from "./repository";

export function wireTimeOffPresence(ctx: AppContext): () => void {
  const onChange = (e: EntityEvent) => {
    const row = (e.row ?? e.before) as { category?: unknown; status?: unknown; created_by?: unknown } | null;
    if (!row || row.category !== TIME_OFF) return;
    if (e.op === "update" && (e.before as { status?: unknown } | null)?.status === row.status) return;
    void (async () => {
      const user = await findUserIdByEmail(ctx.db, String(row.created_by).toLowerCase());
      if (user) await ctx.realtime?.presence.push([user.id]);
    })().catch((err: unknown) => ctx.log.warn({ err }, "time off presence push failed"));
  };
  ctx.events.on("approval_requests.update", onChange);
  ctx.events.on("approval_requests.delete", onChange);
  return () => {
    ctx.events.off("approval_requests.update", onChange);
    ctx.events.off("approval_requests.delete", onChange);
  };
}
