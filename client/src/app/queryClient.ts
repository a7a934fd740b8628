import { QueryClient, type InvalidateQueryFilters, type QueryKey } from "@tanstack/react-query";
import { ApiError } from "../lib/http";

// Query keys live with their feature (features/*/api.ts) and start with the table name, so an
// `entities.change` for a table can invalidate every query about it.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retrying a 4xx only repeats the same refusal.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    },
  },
});

/**
 * After a change the server pushed (or a reconnect): marks the matching queries stale and fetches
 * the ones on screen again. A fetch already under way may have read before the change. TanStack
 * Query replaces it with a new one only when the query already has data; a query's first fetch
 * would take the invalidation in and then show what it read before the change, for good. So a
 * first fetch under way is let answer (a table that changes faster than it is read still shows),
 * and then the query is fetched again.
 */
export async function refetchAfterChange(filters: InvalidateQueryFilters, client: QueryClient = queryClient): Promise<void> {
  const firsts = client
    .getQueryCache()
    .findAll({ ...filters, fetchStatus: "fetching", predicate: (q) => q.state.data === undefined && (filters.predicate?.(q) ?? true) });
  // fetch() on a query fetching for the first time joins the fetch under way.
  await Promise.allSettled(firsts.map((q) => q.fetch()));
  await client.invalidateQueries(filters);
}

/**
 * Applies a pushed change to a cached query in place (an updater answering undefined leaves it
 * alone). A fetch under way may have read before the change and would put its older answer over
 * it, or, as the query's first fetch, find nothing to update yet: the query is then fetched again.
 */
export function updateCached<T>(queryKey: QueryKey, update: (old: T | undefined) => T | undefined, client: QueryClient = queryClient): void {
  client.setQueryData<T>(queryKey, update);
  if (client.isFetching({ queryKey }) > 0) void refetchAfterChange({ queryKey }, client);
}
