import { useQuery } from "@tanstack/react-query";
import type { PublicUser } from "@shared/entities";
import { listEntities } from "../../lib/entityApi";
import { request } from "../../lib/http";

export const userKeys = {
  all: ["users"] as const,
};

export function useUsers(enabled = true) {
  return useQuery({
    queryKey: userKeys.all,
    queryFn: ({ signal }) => listEntities<PublicUser>("users", { sort: "full_name", limit: 1000 }, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Profile fields of oneself (or anyone, for an admin); answers with the user as stored. */
export function updateUser(id: number, patch: Partial<PublicUser>): Promise<PublicUser> {
  return request<PublicUser>(`/auth/user/${id}`, { method: "PATCH", body: patch });
}

/** A one-time invitation link (DESIGN section 6); `link` is relative to the app's origin. */
export interface Invitation {
  link: string;
  token: string;
  email: string;
  expires_at: string;
}

export function createInvitation(email: string, message: string): Promise<Invitation> {
  return request<Invitation>("/invitations", { method: "POST", body: { email, message } });
}
