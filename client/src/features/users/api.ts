import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
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

/** People per directory page: divisible by the grid's 1, 2 and 3 columns. */
export const DIRECTORY_PAGE_SIZE = 60;

/**
 * The directory, a page at a time, alphabetically, searched on the server (`q`: name, e-mail,
 * department, title). Pages are keyed by the last person shown (name, then id), so people
 * joining meanwhile neither repeat nor vanish, and there is no offset to run out of.
 */
export function useDirectory(search: string, emails?: readonly string[] | null) {
  const q = search.trim().slice(0, 200);
  // A group picked (docs/groups.md): only its people, still a page at a time.
  const only = emails ? { email: { in: [...emails] } } : {};
  return useInfiniteQuery({
    queryKey: [...userKeys.all, "directory", q, emails ?? null] as const,
    initialPageParam: null as PublicUser | null,
    queryFn: ({ pageParam: after, signal }) =>
      request<PublicUser[]>("/entities/users", {
        query: {
          q: q || undefined,
          sort: "full_name,id",
          limit: DIRECTORY_PAGE_SIZE,
          // Deactivated accounts stay in the users table (old messages still resolve their names)
          // but are nobody to find or call any more.
          where: JSON.stringify(
            after
              ? { is_active: true, ...only, or: [{ full_name: { gt: after.full_name } }, { full_name: after.full_name, id: { gt: after.id } }] }
              : { is_active: true, ...only },
          ),
        },
        signal,
      }),
    getNextPageParam: (last) => (last.length < DIRECTORY_PAGE_SIZE ? undefined : last[last.length - 1]),
    // The list stays on screen while a new search loads.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Profile fields of oneself (or anyone, for an admin); answers with the user as stored. */
export function updateUser(id: number, patch: Partial<PublicUser>): Promise<PublicUser> {
  return request<PublicUser>(`/auth/user/${id}`, { method: "PATCH", body: patch });
}

/** A one-time invitation link; `link` is relative to the app's origin. */
export interface Invitation {
  link: string;
  token: string;
  email: string;
  expires_at: string;
}

export function createInvitation(email: string, message: string): Promise<Invitation> {
  return request<Invitation>("/invitations", { method: "POST", body: { email, message } });
}
