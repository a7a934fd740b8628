// GET /api/search (docs/search.md): one answer with messages, tasks, notes and files.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { SearchAnswer, SearchSort } from "@shared/search";
import { request } from "../../lib/http";

// The key starts with "messages" so a change to messages refetches an open results page
// (docs/architecture.md, "Catching up").
export const searchKeys = { q: (q: string, sort: SearchSort) => ["messages", "search", q, sort] as const };

export function useSearch(q: string, sort: SearchSort) {
  const query = q.trim();
  return useQuery({
    queryKey: searchKeys.q(query, sort),
    queryFn: ({ signal }) => request<SearchAnswer>("/search", { query: { q: query, sort }, signal }),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
