import crypto from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import type { Db } from "../db";
import type { User } from "../db/schema";
import { LIMITS } from "@shared/constants";
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
 * Verifies signature, expiry, that the session is still live and that its account is active
 * (a deactivated user's tokens are refused even if a session somehow survived); returns the
 * current user row.
 */
export async function verifyToken(db: Db, secret: Uint8Array, token: string | undefined | null): Promise<VerifiedToken | null> {
  if (!token || token.length > 4096) return null;
  let sid: string;
  let userId: number;
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ["HS256"] });
    if (typeof payload.sid !== "string" || !payload.sub) return null;
    sid = payload.sid;
    userId = Number(payload.sub);
    if (!Number.isInteger(userId)) return null;
  } catch {
    return null;
  }
  const session = await findSessionUser(db, sid, userId);
  if (!session || session.revoked_at || session.expires_at.getTime() <= Date.now() || !session.user.is_active) return null;
  return { user: session.user, sid };
}
