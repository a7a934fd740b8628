// The arithmetic of two-step sign-in (docs/authentication.md, "Two-step sign-in"): TOTP codes
// through otplib (RFC 6238: 6 digits, SHA-1, a 30 s step, one step either side accepted) and
// recovery codes, kept only as hashes.
import crypto from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import { RECOVERY_CODE_COUNT } from "@shared/two-step";

export const TOTP_STEP_SECONDS = 30;
const ISSUER = "Teamspace";

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI authenticator apps read from the QR code. */
export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret, period: TOTP_STEP_SECONDS, digits: 6, algorithm: "sha1" });
}

/** Letters and digits, spaces and dashes dropped, lower case: how a typed code is compared. */
export const normaliseCode = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();

export const isTotpCode = (code: string) => /^\d{6}$/.test(normaliseCode(code));

/**
 * The time step `code` belongs to (this one or the one either side), provided it is later than
 * `afterStep`: a code already used, or older than one used, is never accepted again. Null otherwise.
 */
export async function totpStep(secret: string, code: string, afterStep: number | null, now = Date.now()): Promise<number | null> {
  const token = normaliseCode(code);
  if (!/^\d{6}$/.test(token)) return null;
  const epoch = Math.floor(now / 1000);
  try {
    const r = await verify({ secret, token, epoch, epochTolerance: TOTP_STEP_SECONDS, period: TOTP_STEP_SECONDS });
    if (!r.valid) return null;
    const step = Math.floor(epoch / TOTP_STEP_SECONDS) + r.delta;
    return afterStep !== null && step <= afterStep ? null : step;
  } catch {
    return null; // a secret or token otplib refuses is simply not a match
  }
}

// 31 letters and digits without 0/o, 1/l/i: three groups of four, about 59 bits each.
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 12 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join("");
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

/** Random codes of ~59 bits need no slow hash; the account id keeps equal codes of two people apart. */
export function recoveryHash(userId: number, code: string): string {
  return crypto.createHash("sha256").update(`recovery:${userId}:${normaliseCode(code)}`).digest("hex");
}
