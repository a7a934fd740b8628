import crypto from "node:crypto";
import { SignJWT } from "jose";
import type { Db } from "../db";
import type { User } from "../db/schema";
import { LIMITS, UUID_RE } from "@shared/constants";
import { findSessionUser, insertSession } from "./repository";

export interface IssuedToken {
  accessToken: string;
  expiresAt: number; // epoch seconds
}

/** A session row backs every token, so logout revokes it on every node. */
export async function createSession(db: Db, secret: Uint8Array, userId: number): Promise<IssuedToken> {
  const sid = crypto.randomUUID();
  await insertSession(db, { id: sid, user_id: userId, expires_at: new Date(Date.now() + LIMITS.sessionMaxAgeSeconds * 1000) });
  return sign(secret, userId, sid);
}

export async function sign(secret: Uint8Array, userId: number, sid: string): Promise<IssuedToken> {
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + LIMITS.tokenLifetimeSeconds;
  const accessToken = await new SignJWT({ sid })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(userId))
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(secret);
  return { accessToken, expiresAt };
}

export interface VerifiedToken {
  user: User;
  sid: string;
}

/**
 * Tokens are checked with node:crypto rather than jose (which signs them): jose verifies through
 * WebCrypto, which costs six times as much per token, and after a restart thousands of sockets
 * present their tokens within a second (a sixth of the server's time went there).
 */
const macKeys = new WeakMap<Uint8Array, crypto.KeyObject>();
function hs256Valid(secret: Uint8Array, signingInput: string, signature: string): boolean {
  let key = macKeys.get(secret);
  if (!key) macKeys.set(secret, (key = crypto.createSecretKey(secret)));
  const mac = crypto.createHmac("sha256", key).update(signingInput).digest();
  const sig = Buffer.from(signature, "base64url");
  // Node's decoder skips stray characters: only the one spelling of the signature passes.
  return sig.length === mac.length && crypto.timingSafeEqual(sig, mac) && sig.toString("base64url") === signature;
}

/** A JWT segment: base64url of a JSON object (throws on anything else). */
function segment(text: string): Record<string, unknown> {
  const v: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  if (!v || typeof v !== "object" || Array.isArray(v)) throw new Error("not a JSON object");
  return v as Record<string, unknown>;
}

export interface TokenClaims {
  sid: string;
  userId: number;
}

/** The token's signature (HS256 only), expiry and claims, checked without the database. */
export async function readTokenClaims(secret: Uint8Array, token: string | undefined | null): Promise<TokenClaims | null> {
  if (!token || token.length > 4096) return null;
  try {
    const parts = token.split(".");
    if (parts.length !== 3) return null;
    // Only our own algorithm (never "none" or another key type), no extensions we don't know.
    const header = segment(parts[0]);
    if (header.alg !== "HS256" || header.crit !== undefined || header.b64 !== undefined) return null;
    if (!hs256Valid(secret, `${parts[0]}.${parts[1]}`, parts[2])) return null;
    const payload = segment(parts[1]);
    const now = Math.floor(Date.now() / 1000);
    if (typeof payload.exp !== "number" || payload.exp <= now) return null;
    if (payload.nbf !== undefined && (typeof payload.nbf !== "number" || payload.nbf > now)) return null;
    const userId = Number(payload.sub);
    if (typeof payload.sid !== "string" || !UUID_RE.test(payload.sid) || typeof payload.sub !== "string" || !Number.isInteger(userId)) return null;
    return { sid: payload.sid, userId };
  } catch {
    return null;
  }
}

/**
 * Verifies signature, expiry, that the session is still live and that its account is active
 * (a deactivated user's tokens are refused even if a session somehow survived); returns the
 * current user row.
 */
export async function verifyToken(db: Db, secret: Uint8Array, token: string | undefined | null): Promise<VerifiedToken | null> {
  const claims = await readTokenClaims(secret, token);
  if (!claims) return null;
  const session = await findSessionUser(db, claims.sid, claims.userId);
  if (!session || session.revoked_at || session.expires_at.getTime() <= Date.now() || !session.user.is_active) return null;
  return { user: session.user, sid: claims.sid };
}
