import { Router, type Response } from "express";
import { rateLimit, ipKeyGenerator } from "express-rate-limit";
import { RedisStore } from "rate-limit-redis";
import { createClient } from "redis";
import { z } from "zod";
import crypto from "node:crypto";
import type { AppContext } from "../context";
import { createSession, revokeSession, sign, type IssuedToken } from "./tokens";
import { hashPassword, verifyPassword } from "./passwords";
import { TOKEN_COOKIE, currentUser, requireAuth } from "./middleware";
import { presentUser } from "../entities/present";
import { updateUser } from "../features/users/service";
import { HttpError, badRequest, unauthorized } from "../errors";
import { MESSAGES, LIMITS } from "@shared/constants";

const loginSchema = z.object({
  email: z.string().max(320).optional(),
  password: z.string().max(200).optional(),
  refresh: z.union([z.boolean(), z.string()]).optional(),
});

const acceptSchema = z.object({
  token: z.string().min(10).max(200),
  full_name: z.string().trim().min(1, "full_name is required").max(200),
  password: z.string().min(8, "password must be at least 8 characters").max(200),
});

const isTrue = (v: unknown) => v === true || v === "true" || v === "1";
const hashToken = (t: string) => crypto.createHash("sha256").update(t).digest("hex");

function setTokenCookie(res: Response, t: IssuedToken, secure: boolean) {
  res.cookie(TOKEN_COOKIE, t.accessToken, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: LIMITS.tokenLifetimeSeconds * 1000,
  });
}

export function authRoutes(ctx: AppContext): Router {
  const r = Router();
  const secureCookie = (ctx.config.publicUrl ?? "").startsWith("https://");

  // Only failed attempts count, keyed by address and e-mail: a guesser is slowed, a busy office is not.
  // With Redis the count is shared by every node, so a guesser gains nothing by spreading attempts.
  let limitStore: RedisStore | undefined;
  if (ctx.config.redisUrl) {
    const client = createClient({ url: ctx.config.redisUrl });
    client.on("error", (err) => ctx.log.warn({ err }, "login limiter redis error"));
    client.unref();
    void client.connect().catch((err) => ctx.log.warn({ err }, "login limiter redis connect failed"));
    limitStore = new RedisStore({ sendCommand: (...args: string[]) => client.sendCommand(args), prefix: `${ctx.config.redisPrefix}:rl:login:` });
  }
  const loginLimiter = rateLimit({
    store: limitStore,
    windowMs: 15 * 60 * 1000,
    limit: ctx.config.loginRateLimit,
    skipSuccessfulRequests: true,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    keyGenerator: (req) => `${ipKeyGenerator(req.ip ?? "")}:${String(req.body?.email ?? "").toLowerCase()}`,
    skip: (req) => isTrue(req.query.refresh) || isTrue(req.body?.refresh),
    handler: (_req, res) => res.status(429).json({ error: "Too many sign-in attempts. Please try again later." }),
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
    // The spec: an empty e-mail or password just returns the current user.
    if (!email?.trim() || !password) {
      if (!req.user) throw unauthorized();
      res.json({ user: presentUser(req.user, req.user) });
      return;
    }
    const user = await ctx.db
      .selectFrom("users")
      .selectAll()
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
      .executeTakeFirst();
    if (!user || !(await verifyPassword(password, user.password_hash))) {
      throw new HttpError(401, MESSAGES.invalidCredentials);
    }
    const t = await createSession(ctx.db, ctx.config.jwtSecret, user.id);
    setTokenCookie(res, t, secureCookie);
    res.json({ user: presentUser(user, user), ...t });
  });

  r.post("/auth/logout", async (req, res) => {
    if (req.sessionId) {
      await revokeSession(ctx.db, req.sessionId);
      ctx.events.emit("sessions.revoke", req.sessionId);
    }
    res.clearCookie(TOKEN_COOKIE, { path: "/" });
    res.json({ ok: true });
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

  r.post("/invitations", requireAuth, async (req, res) => {
    const actor = currentUser(req);
    const body = z
      .object({ email: z.string().trim().toLowerCase().email("email must be a valid e-mail address").max(320), message: z.string().max(5000).optional() })
      .safeParse(req.body ?? {});
    if (!body.success) throw badRequest(body.error.issues[0]?.message ?? "Invalid invitation");
    const token = crypto.randomBytes(24).toString("base64url");
    const expires = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    await ctx.db
      .insertInto("invitations")
      .values({ token_hash: hashToken(token), email: body.data.email, message: body.data.message ?? null, invited_by: actor.id, expires_at: expires })
      .execute();
    const origin = ctx.config.publicUrl ?? `${req.protocol}://${req.get("host")}`;
    res.status(201).json({ link: `${origin}/Login?invite=${token}`, token, email: body.data.email, expires_at: expires.toISOString() });
  });

  r.post("/auth/accept-invite", async (req, res) => {
    const body = acceptSchema.safeParse(req.body ?? {});
    if (!body.success) throw badRequest(body.error.issues[0]?.message ?? "Invalid request");
    const result = await ctx.db.transaction().execute(async (trx) => {
      const inv = await trx
        .selectFrom("invitations")
        .selectAll()
        .where("token_hash", "=", hashToken(body.data.token))
        .forUpdate()
        .executeTakeFirst();
      if (!inv || inv.accepted_at || new Date(inv.expires_at) < new Date()) throw new HttpError(404, "Invitation not found or expired");
      const taken = await trx.selectFrom("users").select("id").where((eb) => eb(eb.fn("lower", ["email"]), "=", inv.email)).executeTakeFirst();
      if (taken) throw new HttpError(409, "A user with this email already exists");
      const user = await trx
        .insertInto("users")
        .values({ email: inv.email, full_name: body.data.full_name, password_hash: await hashPassword(body.data.password) })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.updateTable("invitations").set({ accepted_at: new Date(), accepted_user_id: user.id }).where("id", "=", inv.id).execute();
      return user;
    });
    const t = await createSession(ctx.db, ctx.config.jwtSecret, result.id);
    setTokenCookie(res, t, secureCookie);
    res.status(201).json({ user: presentUser(result, result), ...t });
  });

  return r;
}
