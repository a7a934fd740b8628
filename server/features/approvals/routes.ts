// GET /approvals/{id}/audit: the request's history, for its requester and for managers and
// admins; it outlives a withdrawn request, so access is read from the trail itself.
import { Router } from "express";
import type { AppContext } from "../../context";
import { currentUser, requireAuth } from "../../auth/middleware";
import { isPrivileged } from "../../auth/roles";
import { badRequest, notFound } from "../../errors";
import { sameEmail } from "../../entities/policy-helpers";
import { listAudit, presentAudit } from "./audit";

export function approvalsRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get("/approvals/:id/audit", requireAuth, async (req, res) => {
    const raw = String(req.params.id);
    const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
    if (!(id > 0 && id <= 2_147_483_647)) throw badRequest("id must be a positive whole number");
    const user = currentUser(req);
    const trail = await listAudit(ctx.db, id);
    // Someone who may not read the request learns nothing, not even that it exists.
    if (trail.length === 0 || !(isPrivileged(user) || sameEmail(trail[0].requester_email, user.email))) throw notFound();
    res.json(trail.map(presentAudit));
  });
  return r;
}
