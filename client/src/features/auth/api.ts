import type { PublicUser } from "@shared/entities";
import type { SignInMethods } from "@shared/sign-in";
import { request } from "../../lib/http";

export interface AuthResult {
  user: PublicUser;
  accessToken: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export function login(email: string, password: string): Promise<AuthResult> {
  return request<AuthResult>("/auth/login", {
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

export function acceptInvite(token: string, fullName: string, password: string): Promise<AuthResult> {
  return request<AuthResult>("/auth/accept-invite", {
    method: "POST",
    body: { token, full_name: fullName, password },
    skipAuthFailure: true,
  });
}
