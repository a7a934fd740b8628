import type { Response } from "express";
import { LIMITS } from "@shared/constants";
import type { IssuedToken } from "./tokens";
import { TOKEN_COOKIE } from "./middleware";

/** The session token as a cookie too, for what the browser fetches by itself (images, downloads): every sign-in sets it. */
export function setTokenCookie(res: Response, t: IssuedToken, secure: boolean) {
  res.cookie(TOKEN_COOKIE, t.accessToken, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: LIMITS.tokenLifetimeSeconds * 1000,
  });
}
