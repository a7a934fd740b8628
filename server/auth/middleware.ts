import type { Request, RequestHandler } from "express";
import type { AppContext } from "../context";
import type { User } from "../db/schema";
import { verifyToken } from "./tokens";
import { unauthorized } from "../errors";

export const TOKEN_COOKIE = "ts_token";

declare module "express-serve-static-core" {
  interface Request {
    user?: User;
    sessionId?: string;
  }
}

/** The token of an `Authorization: Bearer` header: only a script of our own origin can send one. */
export function headerToken(req: Request): string | undefined {
  const h = req.headers.authorization;
  return h && /^Bearer\s+/i.test(h) ? h.replace(/^Bearer\s+/i, "").trim() : undefined;
}

export function bearerToken(req: Request): string | undefined {
  const fromHeader = headerToken(req);
  if (fromHeader) return fromHeader;
  // Cookies only authorise reads (images, downloads): a cross-site form can never write with them.
  if (req.method === "GET" || req.method === "HEAD") return readCookie(req.headers.cookie, TOKEN_COOKIE);
  return undefined;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return decodeCookie(part.slice(i + 1).trim());
  }
  return undefined;
}

/** A malformed value ('%E0%A4%A') is no token at all: ignored, so public routes still answer. */
function decodeCookie(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** Attaches req.user when a valid token is present; never refuses. */
export function authenticate(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (token) {
      const v = await verifyToken(ctx.db, ctx.config.jwtSecret, token);
      if (v) {
        req.user = v.user;
        req.sessionId = v.sid;
      }
    }
    next();
  };
}

export const requireAuth: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(unauthorized());
  next();
};

/** The signed-in user; only call behind requireAuth. */
export function currentUser(req: Request): User {
  if (!req.user) throw unauthorized();
  return req.user;
}
