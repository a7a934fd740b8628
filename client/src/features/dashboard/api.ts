import { useQuery } from "@tanstack/react-query";
import type { ApprovalRequest, CalendarEvent, EntityTable, Note, SharedFile, Task } from "@shared/entities";
import { listEntities } from "../../lib/entityApi";
import { useSessionStore } from "../auth/store";
import { cachedPart, storePart } from "./cache";

// Keys start with the table name, so `entities.change` refetches the cards at once.
export const dashboardKeys = {
  part: (table: EntityTable) => [table, "dashboard"] as const,
};

/** One card's rows: painted from the 2-hour cache on arrival, always fetched, then kept live. */
function useDashboardPart<T>(table: EntityTable, sort: string, enabled = true) {
  const userId = useSessionStore((s) => s.user?.id ?? 0);
  const cached = cachedPart<T[]>(userId, table);
  return useQuery({
    queryKey: dashboardKeys.part(table),
    queryFn: async ({ signal }) => {
      const rows = await listEntities<T>(table, { sort, limit: 200 }, signal);
      storePart(userId, table, rows);
      return rows;
    },
    enabled: enabled && userId > 0,
    initialData: cached?.data,
    initialDataUpdatedAt: cached?.at,
    refetchOnMount: "always",
  });
}

export const useDashboardTasks = () => useDashboardPart<Task>("tasks", "due_date");
export const useDashboardEvents = () => useDashboardPart<CalendarEvent>("calendar_events", "-start_datetime");
export const useDashboardNotes = () => useDashboardPart<Note>("notes", "-updated_date");
export const useDashboardFiles = () => useDashboardPart<SharedFile>("shared_files", "-id");
export const useDashboardApprovals = (enabled: boolean) => useDashboardPart<ApprovalRequest>("approval_requests", "-created_date", enabled);
