import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./http";

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

/** Query keys start with the table name, so an `entities.change` for a table can invalidate them all. */
export const queryKeys = {
  channels: ["channels"] as const,
  users: ["users"] as const,
  taskForMessage: (messageId: number) => ["tasks", "by-message", messageId] as const,
};
