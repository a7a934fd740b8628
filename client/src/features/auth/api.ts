import type { PublicUser } from "@shared/entities";
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

export function logout(): Promise<unknown> {
  return request("/auth/logout", { method: "POST", skipAuthFailure: true });
}

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
