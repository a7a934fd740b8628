import { useQuery } from "@tanstack/react-query";
import type { Task } from "@shared/entities";
import { queryClient } from "../../app/queryClient";
import { createEntity, listEntities, updateEntity } from "../../lib/entityApi";

export const taskKeys = {
  all: ["tasks"] as const,
  forMessage: (messageId: number) => ["tasks", "by-message", messageId] as const,
};

export function useTaskForMessage(messageId: number | null) {
  return useQuery({
    queryKey: taskKeys.forMessage(messageId ?? 0),
    queryFn: async ({ signal }) => {
      const rows = await listEntities<Task>("tasks", { where: { source_message_id: messageId! }, limit: 1 }, signal);
      return rows[0] ?? null;
    },
    enabled: messageId != null,
    staleTime: 0,
  });
}

export function createTask(body: Partial<Task>): Promise<Task> {
  return createEntity<Task>("tasks", body as Record<string, unknown>);
}

export function updateTask(id: number, body: Partial<Task>): Promise<Task> {
  return updateEntity<Task>("tasks", id, body as Record<string, unknown>);
}

export function invalidateTasks(): void {
  void queryClient.invalidateQueries({ queryKey: taskKeys.all });
}
