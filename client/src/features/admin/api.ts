import { useQuery } from "@tanstack/react-query";
import type { OrgStorageConfig, PublicUser } from "@shared/entities";
import type { SignInSettings } from "@shared/sign-in";
import { listEntities } from "../../lib/entityApi";
import { request } from "../../lib/http";

/** The deactivation contract: users rows carry is_active once the server has it. */
export type AdminUser = PublicUser & { is_active?: boolean };
export const isActive = (u: AdminUser) => u.is_active !== false;

export const adminKeys = {
  overview: ["admin", "overview"] as const,
  users: ["users", "admin"] as const,
  storage: ["org_storage_config"] as const,
  security: ["admin", "security"] as const,
  database: ["admin", "database"] as const,
  feed: ["admin", "feed"] as const,
  invitePolicy: ["admin", "invite-policy"] as const,
};

/** Asked first: the server answers 403 to anyone but an admin, and the page then shows no tab. */
export function useAdminAccess() {
  return useQuery({
    queryKey: adminKeys.overview,
    queryFn: () => request<{ ok: true }>("/admin/overview"),
    retry: false,
  });
}

export function useAdminUsers() {
  return useQuery({
    queryKey: adminKeys.users,
    queryFn: ({ signal }) => listEntities<AdminUser>("users", { sort: "full_name", limit: 1000 }, signal),
  });
}

export function updateUser(id: number, body: Record<string, unknown>) {
  return request<AdminUser>(`/entities/users/${id}`, { method: "PATCH", body });
}

export function deactivateUser(id: number) {
  return request(`/entities/users/${id}`, { method: "DELETE" });
}

export function useStorageConfigs() {
  return useQuery({
    queryKey: adminKeys.storage,
    queryFn: ({ signal }) => listEntities<OrgStorageConfig>("org_storage_config", { sort: "id" }, signal),
  });
}

export function testStorage(provider: string, config: Record<string, unknown>) {
  return request<{ success: boolean; message: string }>("/test-storage-connection", {
    method: "POST",
    body: { storage_provider: provider, config },
  });
}

export interface SessionInfo {
  id: string;
  user_id: number;
  full_name: string;
  email: string;
  created_at: string;
  expires_at: string;
  current: boolean;
}

export interface SecurityInfo {
  sessions: SessionInfo[];
  settings: {
    login_rate_limit: number;
    login_rate_window_minutes: number;
    token_lifetime_seconds: number;
    session_max_age_seconds: number;
    password_min_length: number;
    max_upload_bytes: number;
    invite_policy: InvitePolicy;
    /** Passwords and single sign-on (docs/authentication.md). */
    sign_in: SignInSettings;
  };
}

export function useSecurity() {
  return useQuery({ queryKey: adminKeys.security, queryFn: () => request<SecurityInfo>("/admin/security") });
}

export function revokeSession(id: string) {
  return request(`/admin/sessions/${id}`, { method: "DELETE" });
}

export interface DatabaseInfo {
  size_bytes: number;
  tables: { table: string; rows: number }[];
  migration_version: string | null;
  migrations_applied: number;
}

export function useDatabaseInfo() {
  return useQuery({ queryKey: adminKeys.database, queryFn: () => request<DatabaseInfo>("/admin/database") });
}

/** GET /admin/feed: the change feed's durable consumers and the records they gave up on (docs/architecture.md, "Side effects"). */
export interface FeedStatus {
  consumers: { name: string; cursor_seq: number; behind: number; failures: number; retry_at: string | null; last_error: string | null; updated_at: string }[];
  dead_letters: { id: number; consumer: string; seq: number; tbl: string; op: string; row_id: number; error: string; attempts: number; created_at: string; retried_at: string | null }[];
}

export function useFeedStatus() {
  return useQuery({ queryKey: adminKeys.feed, queryFn: () => request<FeedStatus>("/admin/feed") });
}

export function retryDeadLetter(id: number) {
  return request<{ ok: true }>(`/admin/feed/dead-letters/${id}/retry`, { method: "POST", body: {} });
}

export type InvitePolicy = "everyone" | "managers" | "admins";

export function setInvitePolicy(invite_policy: InvitePolicy) {
  return request<{ invite_policy: InvitePolicy }>("/invitations/policy", { method: "PATCH", body: { invite_policy } });
}

/** An admin turns someone's two-step sign-in off (docs/authentication.md, "Two-step sign-in"). */
export function resetTotp(userId: number): Promise<{ ok: boolean }> {
  return request("/auth/totp/reset", { method: "POST", body: { user_id: userId } });
}
