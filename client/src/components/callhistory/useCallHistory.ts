import { useQuery } from "@tanstack/react-query";
import { LIMITS } from "@shared/constants";
import type { CallRecord } from "@shared/realtime";
import { request } from "../../api/http";
import { CALL_HISTORY_KEY } from "../../calls/controller";

/** The newest page of the user's calls; `calls.update` pushes keep it current (see calls/controller). */
export function useCallHistory() {
  return useQuery({
    queryKey: CALL_HISTORY_KEY,
    queryFn: async ({ signal }) => {
      const res = await request<CallRecord[] | { calls: CallRecord[] }>("/webrtc/call-history", {
        query: { limit: LIMITS.callHistoryPageSize, offset: 0 },
        signal,
      });
      return Array.isArray(res) ? res : res.calls;
    },
    staleTime: 10_000,
  });
}
