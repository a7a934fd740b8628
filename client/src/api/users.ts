import { useQuery } from "@tanstack/react-query";
import { listEntities } from "./entities";
import { queryKeys } from "./queryClient";
import type { User } from "./types";

export function useUsers(enabled = true) {
  return useQuery({
    queryKey: queryKeys.users,
    queryFn: ({ signal }) => listEntities<User>("users", { sort: "full_name", limit: 1000 }, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}
