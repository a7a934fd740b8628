import { request } from "./http";
import type { AuthResult, User } from "./types";

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

export function fetchMe(): Promise<User> {
  return request<User>("/auth/me", { skipAuthFailure: true });
}

export function updateUser(id: number, patch: Partial<User>): Promise<User> {
  return request<User>(`/auth/user/${id}`, { method: "PATCH", body: patch });
}
