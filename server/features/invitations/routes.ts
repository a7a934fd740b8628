// Invitations: an inviter creates a one-time link; the invitee opens it, picks a
// name and password, and is signed in. Links expire after 7 days and work once. Admins decide
// who may invite (everyone, managers and admins, or admins only).
import { Router } from "express";
import { z } from "zod";
import type { AppContext } from "../../context";
import { TOKEN_COOKIE, currentUser, requireAuth } from "../../auth/middleware";
import { createSession } from "../../auth/tokens";
import { secondFactorStep } from "../../auth/totp";
import { hashPassword } from "../../auth/passwords";
import { withChanges } from "../../feed/changelog";
import { isAdmin, isPrivileged } from "../../auth/roles";
import { presentUser } from "../../entities/present";
import { HttpError, badRequest, forbidden, notFound, zodMessage } from "../../errors";
import type { User } from "../../db/schema";
import { LIMITS } from "@shared/constants";
import { assertEmailFree } from "../users/service";
import { queueInvitationMail } from "../notifications/invitation-mail";
import {
  INVITE_POLICIES,
  findOpenInvitation,
  insertInvitation,
  insertInvitedUser,
  markAccepted,
  readInvitePolicy,
  writeInvitePolicy,
  type InvitePolicy,
} from "./repository";

export const INVITE_GONE = "This invitation link is invalid, has expired or has already been used.";
export const INVITE_REFUSED = "Your organization only lets admins (or managers) invite people.";

export const createSchema = z.object({
  email: z.string().trim().toLowerCase().email("email must be a valid e-mail address").max(320),
  message: z.string().max(5000).optional(),
});

export const acceptSchema = z.object({
  token: z.string().min(10, "token is required").max(200),
  full_name: z.string().trim().min(1, "full_name is required").max(200),
  password: z.string().min(8, "password must be at least 8 characters").max(200),
});

export const policySchema = z.object({ invite_policy: z.enum(INVITE_POLICIES, { error: "invite_policy must be everyone, managers or admins" }) });

export function mayInvite(user: User, policy: InvitePolicy): boolean {
  if (policy === "everyone") return true;
  if (policy === "managers") return isPrivileged(user);
  return isAdmin(user);
}

export function invitationRoutes(ctx: AppContext): Router {
  const r = Router();
  const secure = (ctx.config.publicUrl ?? "").startsWith("https://");

  r.get("/invitations/policy", requireAuth, async (req, res) => {
    const policy = await readInvitePolicy(ctx.db);
    res.json({ invite_policy: policy, can_invite: mayInvite(currentUser(req), policy) });
  });

  r.patch("/invitations/policy", requireAuth, async (req, res) => {
    if (!isAdmin(currentUser(req))) throw forbidden();
    const parsed = policySchema.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest(zodMessage(parsed.error));
    await writeInvitePolicy(ctx.db, parsed.data.invite_policy);
    res.json({ invite_policy: parsed.data.invite_policy });
  });

  r.post("/invitations", requireAuth, async (req, res) => {
    const actor = currentUser(req);
    const body = createSchema.safeParse(req.body ?? {});
    if (!body.success) throw badRequest(zodMessage(body.error));
    if (!mayInvite(actor, await readInvitePolicy(ctx.db))) throw new HttpError(403, INVITE_REFUSED);
    await assertEmailFree(ctx.db, body.data.email);
    const origin = ctx.config.publicUrl ?? `${req.protocol}://${req.get("host")}`;
    const message = body.data.message ?? null;
    const { token, expires, link } = await ctx.db.transaction().execute(async (trx) => {
      const made = await insertInvitation(trx, actor, body.data.email, message);
      const link = `${origin}/AcceptInvite?token=${made.token}`;
      // Mailed by the notification queue where SMTP is configured (docs/notifications.md), queued with the invitation.
      if (ctx.config.notify.smtpUrl) await queueInvitationMail(trx, { to: body.data.email, link, message, inviterId: actor.id, inviterName: actor.full_name });
      return { ...made, link };
    });
    ctx.events.emit("invitations.create", { email: body.data.email, link, message, inviterId: actor.id, inviterName: actor.full_name });
    res.status(201).json({
      link,
      token,
      email: body.data.email,
      expires_at: expires.toISOString(),
    });
  });

  // What the accept page shows before the invitee types anything: whose address it is for.
  r.get("/invitations/:token", async (req, res) => {
    const inv = await findOpenInvitation(ctx.db, String(req.params.token ?? ""));
    if (!inv) throw notFound(INVITE_GONE);
    res.json({ email: inv.email, expires_at: new Date(inv.expires_at).toISOString() });
  });

  r.post("/auth/accept-invite", async (req, res) => {
    const body = acceptSchema.safeParse(req.body ?? {});
    if (!body.success) throw badRequest(zodMessage(body.error));
    const passwordHash = await hashPassword(body.data.password);
    const user = await withChanges(ctx, async (trx, log) => {
      // Locked: two tabs submitting the same link cannot both create an account.
      const inv = await findOpenInvitation(trx, body.data.token, true);
      if (!inv) throw notFound(INVITE_GONE);
      await assertEmailFree(trx, inv.email);
      const created = await insertInvitedUser(trx, inv.email, body.data.full_name, passwordHash);
      await markAccepted(trx, inv.id, created.id);
      log.add("users", "create", created.id, created);
      return created;
    });
    // REQUIRE_TOTP: two-step sign-in is set up before the session (docs/authentication.md, "Two-step sign-in").
    const step = await secondFactorStep(ctx, user);
    if (step) {
      res.status(201).json(step);
      return;
    }
    const t = await createSession(ctx.db, ctx.config.jwtSecret, user.id);
    res.cookie(TOKEN_COOKIE, t.accessToken, { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: LIMITS.tokenLifetimeSeconds * 1000 });
    res.status(201).json({ user: presentUser(user, user), ...t });
  });

  return r;
}
