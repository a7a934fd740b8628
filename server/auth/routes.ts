import { Router } from "express";
import { rateLimit, ipKeyGenerator } from "express-rate-limit";
import { z } from "zod";
import { metrics } from "../ops/metrics";
import { limitStore } from "../rate-limits";
import type { AppContext } from "../context";
import { createSession, sign } from "./tokens";
import { setTokenCookie } from "./cookies";
import { ID_TOKEN_COOKIE, endSessionUrl, oidcRoutes } from "./oidc";
import { revokeSession } from "./repository";
import { secondFactorStep, totpRoutes } from "./totp";
import { ldapSignIn } from "./ldap-login";
import { startDirectorySync } from "./ldap-sync";
import { verifyPassword } from "./passwords";
import { TOKEN_COOKIE, currentUser, requireAuth } from "./middleware";
import { presentUser } from "../entities/present";
import { updateUser } from "../features/users/service";
import { findUserByEmail } from "../features/users/repository";
import { HttpError, badRequest, unauthorized } from "../errors";
import { MESSAGES } from "@shared/constants";
import { USER_MESSAGES } from "@shared/entities";
import { PASSWORD_LOGIN_OFF, type SignInMethods } from "@shared/sign-in";

export const loginSchema = z.object({
  email: z.string().max(320).optional(),
  password: z.string().max(200).optional(),
  refresh: z.union([z.boolean(), z.string()]).optional(),
});

const isTrue = (v: unknown) => v === true || v === "true" || v === "1";

export function authRoutes(ctx: AppContext): Router {
  const r = Router();
  const secureCookie = (ctx.config.publicUrl ?? "").startsWith("https://");

  // Only failed attempts count, keyed by address and e-mail: a guesser is slowed, a busy office is not.
  // With Redis the count is shared by every node, so a guesser gains nothing by spreading attempts.
  const loginLimiter = rateLimit({
    store: limitStore(ctx, "login"),
    windowMs: 15 * 60 * 1000,
    limit: ctx.config.loginRateLimit,
    skipSuccessfulRequests: true,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    keyGenerator: (req) => `${ipKeyGenerator(req.ip ?? "")}:${String(req.body?.email ?? "").toLowerCase()}`,
    skip: (req) => isTrue(req.query.refresh) || isTrue(req.body?.refresh),
    handler: (_req, res) => {
      metrics.rateLimited("login");
      res.status(429).json({ error: "Too many sign-in attempts. Please try again later." });
    },
  });

  r.post("/auth/login", loginLimiter, async (req, res) => {
    const parsed = loginSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest("email and password must be text");
    const { email, password } = parsed.data;

    if (isTrue(req.query.refresh) || isTrue(parsed.data.refresh)) {
      if (!req.user || !req.sessionId) throw unauthorized();
      const t = await sign(ctx.config.jwtSecret, req.user.id, req.sessionId);
      setTokenCookie(res, t, secureCookie);
      res.json({ user: presentUser(req.user, req.user), ...t });
      return;
    }
    // By design: an empty e-mail or password just returns the current user.
    if (!email?.trim() || !password) {
      if (!req.user) throw unauthorized();
      res.json({ user: presentUser(req.user, req.user) });
      return;
    }
    const { enabled, breakGlassAdmin } = ctx.config.passwordLogin;
    const breakGlass = email.trim().toLowerCase() === breakGlassAdmin;
    const { ldap } = ctx.config;
    // The directory decides for the people it knows (docs/authentication.md, "LDAP / Active
    // Directory"); the break-glass admin's own password is the way in when the directory is wrong.
    let user = ldap && !breakGlass ? await ldapSignIn(ctx, ldap, email, password) : null;
    if (!user) {
      // Refused before the password is looked at, in the same words for every address: no account is revealed.
      if (!enabled && !breakGlass) throw ldap ? new HttpError(401, MESSAGES.invalidCredentials) : new HttpError(403, PASSWORD_LOGIN_OFF);
      user = (await findUserByEmail(ctx.db, email)) ?? null;
      // An account that belongs to the directory signs in through it only, so leaving the directory locks it out at once.
      const directoryOwned = !!ldap && !!user?.directory_dn && !breakGlass;
      if (!user || directoryOwned || !(await verifyPassword(password, user.password_hash))) {
        throw new HttpError(401, MESSAGES.invalidCredentials);
      }
    }
    // Said only to someone who knows the password: it does not reveal accounts to guessers.
    if (!user.is_active) throw new HttpError(403, USER_MESSAGES.accountDeactivated);
    // Two-step sign-in: a challenge instead of a session (docs/authentication.md, "Two-step sign-in").
    const step = await secondFactorStep(ctx, user);
    if (step) {
      res.json(step);
      return;
    }
    const t = await createSession(ctx.db, ctx.config.jwtSecret, user.id);
    setTokenCookie(res, t, secureCookie);
    res.json({ user: presentUser(user, user), ...t });
  });

  // What Login offers (docs/authentication.md).
  r.get("/auth/methods", (_req, res) => {
    const methods: SignInMethods = { password: ctx.config.passwordLogin.enabled, oidc: ctx.config.oidc ? { name: ctx.config.oidc.name } : null };
    if (ctx.config.ldap) methods.ldap = true;
    res.json(methods);
  });

  r.use(oidcRoutes(ctx));
  startDirectorySync(ctx);
  r.use(totpRoutes(ctx));

  r.post("/auth/logout", async (req, res) => {
    if (req.sessionId) {
      await revokeSession(ctx.db, req.sessionId);
      ctx.events.emit("sessions.revoke", req.sessionId);
    }
    // A session that came from the identity provider is ended there too, when it offers that.
    const endSession = await endSessionUrl(ctx, req);
    res.clearCookie(TOKEN_COOKIE, { path: "/" });
    res.clearCookie(ID_TOKEN_COOKIE, { path: "/api/auth" });
    res.json(endSession ? { ok: true, end_session_url: endSession } : { ok: true });
  });

  r.get("/auth/me", requireAuth, (req, res) => {
    const u = currentUser(req);
    res.json(presentUser(u, u));
  });

  r.patch("/auth/user/:id", requireAuth, async (req, res) => {
    const actor = currentUser(req);
    const id = Number(req.params.id);
    if (!Number.isInteger(id) || id <= 0) throw badRequest("id must be a positive integer");
    const updated = await updateUser(ctx, actor, id, req.body);
    res.json(presentUser(updated, actor));
  });

  return r;
}
