import { LIMITS } from "@shared/constants";
import type { PublicUser } from "@shared/entities";

// The app keeps the session in session storage: it ends with the tab, and each tab signs in on its own.
const TOKEN_KEY = "access_token";
const EXPIRES_KEY = "token_expires_at";
const USER_KEY = "current_user";
const REDIRECT_KEY = "redirect_after_login";

export interface StoredSession {
  token: string;
  expiresAt: number;
  user: PublicUser | null;
}

export function readSession(): StoredSession | null {
  const token = sessionStorage.getItem(TOKEN_KEY);
  const expiresAt = Number(sessionStorage.getItem(EXPIRES_KEY));
  if (!token || !Number.isFinite(expiresAt) || expiresAt <= 0) return null;
  return { token, expiresAt, user: readStoredUser() };
}

function readStoredUser(): PublicUser | null {
  try {
    return JSON.parse(sessionStorage.getItem(USER_KEY) ?? "null") as PublicUser | null;
  } catch {
    return null;
  }
}

export function writeSession(token: string, expiresAt: number, user: PublicUser): void {
  sessionStorage.setItem(TOKEN_KEY, token);
  sessionStorage.setItem(EXPIRES_KEY, String(expiresAt));
  sessionStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function writeStoredUser(user: PublicUser): void {
  sessionStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(EXPIRES_KEY);
  sessionStorage.removeItem(USER_KEY);
}

export function getToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Treated as expired a safety margin before the real expiry, so a request never races the deadline. */
export function isExpired(expiresAt: number): boolean {
  return nowSeconds() >= expiresAt - LIMITS.tokenExpiryMarginSeconds;
}

export function needsRefresh(expiresAt: number): boolean {
  return expiresAt - nowSeconds() < LIMITS.tokenRefreshBelowSeconds;
}

export function rememberPath(path: string): void {
  sessionStorage.setItem(REDIRECT_KEY, path);
}

/** Returns the remembered path once, so a later sign-in does not jump back to a stale page. */
export function takeRememberedPath(): string | null {
  const path = sessionStorage.getItem(REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  return path;
}
