import type { PublicUser } from "@shared/entities";
import type { SignInMethods } from "@shared/sign-in";
import type { SecondFactorNeeded, TotpSetup, TotpStatus } from "@shared/two-step";
import { request } from "../../lib/http";

export interface AuthResult {
  user: PublicUser;
  accessToken: string;
  /** Epoch seconds. */
  expiresAt: number;
}

/** A session, or (two-step sign-in) a challenge to answer with a code or an enrolment first. */
export function login(email: string, password: string): Promise<AuthResult | SecondFactorNeeded> {
  return request<AuthResult | SecondFactorNeeded>("/auth/login", {
    method: "POST",
    body: { email, password },
    skipAuthFailure: true,
  });
}

export function refreshToken(): Promise<AuthResult> {
  return request<AuthResult>("/auth/login", { method: "POST", query: { refresh: "true" }, skipAuthFailure: true });
}

/** end_session_url: the identity provider's page that ends a single sign-on session there too. */
export function logout(): Promise<{ ok: boolean; end_session_url?: string }> {
  return request("/auth/logout", { method: "POST", skipAuthFailure: true });
}

export function fetchSignInMethods(): Promise<SignInMethods> {
  return request<SignInMethods>("/auth/methods", { skipAuthFailure: true });
}

/** After single sign-on: the session the server just made, handed over once (docs/authentication.md). */
export function takeSsoSession(): Promise<AuthResult> {
  return request<AuthResult>("/auth/oidc/session", { skipAuthFailure: true });
}

/** Where "Sign in with <provider>" goes: the server redirects on to the provider. */
export const SSO_START_URL = "/api/auth/oidc/start";

export function fetchMe(): Promise<PublicUser> {
  return request<PublicUser>("/auth/me", { skipAuthFailure: true });
}

export interface InvitationPreview {
  email: string;
  expires_at: string;
}

export function fetchInvitation(token: string): Promise<InvitationPreview> {
  return request<InvitationPreview>(`/invitations/${encodeURIComponent(token)}`, { skipAuthFailure: true });
}

export function acceptInvite(token: string, fullName: string, password: string): Promise<AuthResult | SecondFactorNeeded> {
  return request<AuthResult | SecondFactorNeeded>("/auth/accept-invite", {
    method: "POST",
    body: { token, full_name: fullName, password },
    skipAuthFailure: true,
  });
}

// ---- Two-step sign-in (docs/authentication.md, "Two-step sign-in") ----

/** Completes a password sign-in with a code from the authenticator app or a recovery code. */
export function loginWithCode(challenge: string, code: string): Promise<AuthResult> {
  return request<AuthResult>("/auth/login/totp", { method: "POST", body: { challenge, code }, skipAuthFailure: true });
}

export function fetchTotpStatus(): Promise<TotpStatus> {
  return request<TotpStatus>("/auth/totp");
}

/** challenge: the enrolment challenge of a sign-in (REQUIRE_TOTP); without it, the session's person. */
export function startTotpSetup(challenge?: string): Promise<TotpSetup> {
  return request<TotpSetup>("/auth/totp/setup", { method: "POST", body: challenge ? { challenge } : {}, skipAuthFailure: !!challenge });
}

/** The recovery codes, shown once; with an enrolment challenge, also the session it completes. */
export function confirmTotp(enrolment: string, code: string, challenge?: string): Promise<{ recovery_codes: string[] } & Partial<AuthResult>> {
  return request("/auth/totp/confirm", { method: "POST", body: challenge ? { enrolment, code, challenge } : { enrolment, code }, skipAuthFailure: !!challenge });
}

export function disableTotp(proof: { code: string } | { password: string }): Promise<{ ok: boolean }> {
  return request("/auth/totp/disable", { method: "POST", body: proof });
}
