import { create } from "zustand";
import { LIMITS } from "@shared/constants";
import * as authApi from "./api";
import { ApiError, setAuthFailureHandler } from "../../lib/http";
import type { PublicUser } from "@shared/entities";
import type { SecondFactorNeeded } from "@shared/two-step";
import {
  clearSession,
  isExpired,
  needsRefresh,
  readSession,
  rememberPath,
  writeSession,
  writeStoredUser,
} from "../../lib/tokenStorage";
import { pageFromPath } from "../../app/pages";
import { forgetOfflineData } from "../../app/serviceWorker";

export type SessionStatus = "checking" | "authenticated" | "anonymous";

interface SessionState {
  status: SessionStatus;
  user: PublicUser | null;
  expiresAt: number | null;
  /** First check of the current user; the app shows a spinner until it settles. */
  init: () => Promise<void>;
  /** The user, or (two-step sign-in) the challenge to answer before there is a session. */
  signIn: (email: string, password: string) => Promise<PublicUser | SecondFactorNeeded>;
  /** Takes a session a second step made (a code, or an enrolment during sign-in). */
  adoptSession: (result: authApi.AuthResult) => void;
  /** Takes the session single sign-on just made (Login?sso=1). */
  adoptSsoSession: () => Promise<PublicUser>;
  /** Creates the invited account and signs it in. */
  acceptInvite: (token: string, fullName: string, password: string) => Promise<PublicUser | SecondFactorNeeded>;
  /** Resolves with the identity provider's end-session page when the session came from single sign-on. */
  signOut: () => Promise<string | undefined>;
  /** Refreshes the token when less than the documented hour remains; on failure the session ends. */
  checkToken: () => Promise<void>;
  /** The session died under the user (refresh failed, 401): forget it and come back here after Login. */
  expire: () => void;
  setUser: (user: PublicUser) => void;
}

let timer: ReturnType<typeof setInterval> | null = null;
let initStarted = false;
let ssoHandoff: Promise<authApi.AuthResult> | null = null;

function rememberCurrentPath(): void {
  const { pathname, search } = window.location;
  const page = pageFromPath(pathname);
  if (page !== "Login" && page !== "Logout") rememberPath(pathname + search);
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  status: "checking",
  user: null,
  expiresAt: null,

  init: async () => {
    if (initStarted) return;
    initStarted = true;
    setAuthFailureHandler(() => {
      if (get().status === "authenticated") get().expire();
    });
    if (!timer) timer = setInterval(() => void get().checkToken(), LIMITS.tokenCheckIntervalMs);
    // Timers stall while a laptop sleeps; check again as soon as the tab is looked at.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") void get().checkToken();
    });

    const stored = readSession();
    if (!stored || isExpired(stored.expiresAt)) {
      clearSession();
      set({ status: "anonymous", user: null, expiresAt: null });
      return;
    }
    set({ expiresAt: stored.expiresAt });
    try {
      if (needsRefresh(stored.expiresAt)) await get().checkToken();
      if (!readSession()) return; // the refresh failed and expire() already settled the state
      const user = await authApi.fetchMe();
      writeStoredUser(user);
      set({ status: "authenticated", user });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        clearSession();
        set({ status: "anonymous", user: null, expiresAt: null });
      } else if (stored.user) {
        // The server is unreachable for a moment: trust the stored user, the socket will retry.
        set({ status: "authenticated", user: stored.user });
      } else {
        set({ status: "anonymous", user: null, expiresAt: null });
      }
    }
  },

  signIn: async (email, password) => {
    const result = await authApi.login(email, password);
    if ("second_factor" in result) return result;
    get().adoptSession(result);
    return result.user;
  },

  adoptSession: (result) => {
    writeSession(result.accessToken, result.expiresAt, result.user);
    set({ status: "authenticated", user: result.user, expiresAt: result.expiresAt });
  },

  adoptSsoSession: async () => {
    // The hand-off is taken once: a second call (a page mounted twice) waits for the first.
    ssoHandoff ??= authApi.takeSsoSession();
    const result = await ssoHandoff;
    writeSession(result.accessToken, result.expiresAt, result.user);
    set({ status: "authenticated", user: result.user, expiresAt: result.expiresAt });
    return result.user;
  },

  acceptInvite: async (token, fullName, password) => {
    const result = await authApi.acceptInvite(token, fullName, password);
    // REQUIRE_TOTP: the new account sets up two-step sign-in before its session (docs/authentication.md).
    if ("second_factor" in result) return result;
    get().adoptSession(result);
    return result.user;
  },

  signOut: async () => {
    let endSession: string | undefined;
    try {
      endSession = (await authApi.logout()).end_session_url;
    } catch {
      // The token may already be gone; signing out locally is what matters to the user.
    }
    clearSession();
    void forgetOfflineData();
    set({ status: "anonymous", user: null, expiresAt: null });
    return endSession;
  },

  checkToken: async () => {
    const stored = readSession();
    if (!stored) return;
    if (!needsRefresh(stored.expiresAt)) return;
    try {
      const result = await authApi.refreshToken();
      writeSession(result.accessToken, result.expiresAt, result.user);
      set({ user: result.user, expiresAt: result.expiresAt });
    } catch {
      get().expire();
    }
  },

  expire: () => {
    clearSession();
    void forgetOfflineData();
    rememberCurrentPath();
    set({ status: "anonymous", user: null, expiresAt: null });
  },

  setUser: (user) => {
    writeStoredUser(user);
    set({ user });
  },
}));
