// Two-step sign-in's routes (docs/authentication.md, "Two-step sign-in"). A password sign-in of
// someone with TOTP on answers a challenge instead of a session: a JWT signed with the server's
// secret, living five minutes, that POST /auth/login/totp trades with a current code (or a
// recovery code) for the session a password sign-in makes. Where REQUIRE_TOTP applies to someone
// without TOTP, the challenge is an enrolment one: /auth/totp/setup and /confirm accept it in
// place of a session, and the confirmation makes the session. Single sign-on is left as it is:
// the identity provider's sign-in is its own factor.
import type { RequestHandler, Response } from "express";
import { Router } from "express";
import { rateLimit, ipKeyGenerator } from "express-rate-limit";
import { SignJWT, jwtVerify } from "jose";
import QRCode from "qrcode";
import { z } from "zod";
import type { AppContext } from "../context";
import type { User } from "../db/schema";
import { metrics } from "../ops/metrics";
import { limitStore } from "../rate-limits";
import { presentUser } from "../entities/present";
import { findUser } from "../features/users/repository";
import { disableTotp, enableTotp, resetTotp, totpRequiredFor, useSecondFactor } from "../features/users/totp";
import { HttpError, badRequest, unauthorized, zodMessage } from "../errors";
import { TOTP_MESSAGES, type SecondFactorNeeded, type TotpSetup, type TotpStatus } from "@shared/two-step";
import { createSession } from "./tokens";
import { setTokenCookie } from "./cookies";
import { currentUser, requireAuth } from "./middleware";
import { verifyPassword } from "./passwords";
import { newTotpSecret, totpUri } from "./otp";

const CHALLENGE_TTL = "5m";
const ENROLMENT_TTL = "15m";

// ---- Inputs (zod at the boundary; unknown fields are refused) ----

const code = z.string({ error: "code must be text" }).trim().min(1, "code is required").max(40, "code is too long");
const token = (field: string) => z.string({ error: `${field} must be text` }).min(1, `${field} is required`).max(4096, `${field} is too long`);

export const totpLoginInput = z.object({ challenge: token("challenge"), code }).strict();
export const totpSetupInput = z.object({ challenge: token("challenge").optional() }).strict();
export const totpConfirmInput = z.object({ enrolment: token("enrolment"), code, challenge: token("challenge").optional() }).strict();
export const totpDisableInput = z
  .object({ code: code.optional(), password: z.string({ error: "password must be text" }).min(1, "password is required").max(200).optional() })
  .strict()
  .refine((v) => v.code !== undefined || v.password !== undefined, "a code or the password is required");
export const totpResetInput = z.object({ user_id: z.number({ error: "user_id must be a number" }).int().positive() }).strict();

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw badRequest(zodMessage(parsed.error));
  return parsed.data;
}

// ---- Signed challenges (jose, HS256 with the server's secret, a purpose no session token has) ----

type Purpose = "second-factor" | "enrol" | "setup";

function signFor(ctx: AppContext, userId: number, purpose: Purpose, ttl: string, extra: Record<string, string> = {}): Promise<string> {
  return new SignJWT({ purpose, ...extra }).setProtectedHeader({ alg: "HS256" }).setSubject(String(userId)).setIssuedAt().setExpirationTime(ttl).sign(ctx.config.jwtSecret);
}

async function readSigned(ctx: AppContext, raw: string, purpose: Purpose): Promise<{ userId: number; payload: Record<string, unknown> } | null> {
  try {
    const { payload } = await jwtVerify(raw, ctx.config.jwtSecret, { algorithms: ["HS256"] });
    const userId = Number(payload.sub);
    if (payload.purpose !== purpose || !Number.isInteger(userId) || userId <= 0) return null;
    return { userId, payload };
  } catch {
    return null;
  }
}

/** The account a challenge names, still active; a forged, expired or foreign challenge is refused. */
async function challengedUser(ctx: AppContext, raw: string, purpose: "second-factor" | "enrol"): Promise<User> {
  const read = await readSigned(ctx, raw, purpose);
  const user = read && (await findUser(ctx.db, read.userId));
  if (!user || !user.is_active) throw new HttpError(401, TOTP_MESSAGES.expired);
  return user;
}

/**
 * What a password sign-in answers in place of a session when a second step is due: a code
 * (TOTP on), or enrolment first (REQUIRE_TOTP applies and TOTP is off). Null: no second step.
 */
export async function secondFactorStep(ctx: AppContext, user: User): Promise<SecondFactorNeeded | null> {
  if (user.totp_secret) return { second_factor: "totp", challenge: await signFor(ctx, user.id, "second-factor", CHALLENGE_TTL) };
  if (totpRequiredFor(ctx, user)) return { second_factor: "enrol", challenge: await signFor(ctx, user.id, "enrol", CHALLENGE_TTL) };
  return null;
}

/** The session a password sign-in makes, with its cookie (server/auth/routes.ts). */
export async function answerWithSession(ctx: AppContext, res: Response, user: User, extra: Record<string, unknown> = {}): Promise<void> {
  const t = await createSession(ctx.db, ctx.config.jwtSecret, user.id);
  setTokenCookie(res, t, (ctx.config.publicUrl ?? "").startsWith("https://"));
  res.json({ ...extra, user: presentUser(user, user), ...t });
}

export function totpRoutes(ctx: AppContext): Router {
  const r = Router();

  // Failed codes count like failed passwords (LOGIN_RATE_LIMIT per 15 minutes), per account
  // whatever the address (whoever guesses codes already has the password, so spreading the guesses
  // over addresses must gain nothing), and a new challenge does not start the count again. A
  // request naming no account is counted by its address.
  const codeLimiter = rateLimit({
    store: limitStore(ctx, "second-factor"),
    windowMs: 15 * 60 * 1000,
    limit: ctx.config.loginRateLimit,
    skipSuccessfulRequests: true,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    // Only a verified challenge names its account: a forged one must not use up someone else's count.
    keyGenerator: async (req) => {
      const challenge: unknown = req.body?.challenge;
      const verified = !req.user && typeof challenge === "string" && challenge.length <= 4096 ? await readSigned(ctx, challenge, "second-factor") : null;
      const subject = req.user?.id ?? verified?.userId;
      return subject !== undefined ? `user:${subject}` : `ip:${ipKeyGenerator(req.ip ?? "")}`;
    },
    handler: (_req, res) => {
      metrics.rateLimited("login");
      res.status(429).json({ error: TOTP_MESSAGES.tooMany });
    },
  });

  r.post("/auth/login/totp", codeLimiter, async (req, res) => {
    const input = parse(totpLoginInput, req.body);
    const user = await challengedUser(ctx, input.challenge, "second-factor");
    if (!(await useSecondFactor(ctx, user.id, input.code))) throw new HttpError(401, TOTP_MESSAGES.wrongCode);
    await answerWithSession(ctx, res, user);
  });

  r.get("/auth/totp", requireAuth, (req, res) => {
    const u = currentUser(req);
    const status: TotpStatus = { enabled: !!u.totp_secret, recovery_codes_left: u.totp_recovery_hashes?.length ?? 0, required: totpRequiredFor(ctx, u) };
    res.json(status);
  });

  /** The signed-in person, or the one an enrolment challenge names. */
  const enrollingUser = async (req: { user?: User }, challenge: string | undefined): Promise<User> => {
    if (challenge !== undefined) return challengedUser(ctx, challenge, "enrol");
    if (!req.user) throw unauthorized();
    return req.user;
  };

  r.post("/auth/totp/setup", async (req, res) => {
    const input = parse(totpSetupInput, req.body);
    const user = await enrollingUser(req, input.challenge);
    if (user.totp_secret) throw new HttpError(409, TOTP_MESSAGES.alreadyOn);
    const secret = newTotpSecret();
    const uri = totpUri(secret, user.email);
    const answer: TotpSetup = {
      secret,
      uri,
      qr_svg: await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" }),
      // Nothing is stored until the person confirms a code: the secret waits in this signed token.
      enrolment: await signFor(ctx, user.id, "setup", ENROLMENT_TTL, { secret }),
    };
    res.setHeader("Cache-Control", "no-store");
    res.json(answer);
  });

  r.post("/auth/totp/confirm", async (req, res) => {
    const input = parse(totpConfirmInput, req.body);
    const user = await enrollingUser(req, input.challenge);
    const enrolment = await readSigned(ctx, input.enrolment, "setup");
    if (!enrolment || enrolment.userId !== user.id || typeof enrolment.payload.secret !== "string") throw new HttpError(400, TOTP_MESSAGES.expired);
    const recovery_codes = await enableTotp(ctx, user.id, enrolment.payload.secret, input.code);
    res.setHeader("Cache-Control", "no-store");
    // Enrolling during a sign-in (REQUIRE_TOTP) completes it.
    if (input.challenge !== undefined) return answerWithSession(ctx, res, user, { recovery_codes });
    res.json({ recovery_codes });
  });

  /** Refusals that are no guess at a code or password come before the limiter counts one. */
  const mayTurnOff: RequestHandler = (req, _res, next) => {
    const user = currentUser(req);
    if (!user.totp_secret) throw new HttpError(409, TOTP_MESSAGES.notOn);
    if (totpRequiredFor(ctx, user)) throw new HttpError(403, TOTP_MESSAGES.required);
    next();
  };

  r.post("/auth/totp/disable", requireAuth, mayTurnOff, codeLimiter, async (req, res) => {
    const input = parse(totpDisableInput, req.body);
    const user = currentUser(req);
    const ok = input.password !== undefined ? await verifyPassword(input.password, user.password_hash) : await useSecondFactor(ctx, user.id, input.code ?? "");
    if (!ok) throw new HttpError(400, TOTP_MESSAGES.wrongPasswordOrCode);
    await disableTotp(ctx, user.id);
    res.json({ ok: true });
  });

  r.post("/auth/totp/reset", requireAuth, async (req, res) => {
    const input = parse(totpResetInput, req.body);
    await resetTotp(ctx, currentUser(req), input.user_id);
    res.json({ ok: true });
  });

  return r;
}
