import { QueryClient } from "@tanstack/react-query";
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
