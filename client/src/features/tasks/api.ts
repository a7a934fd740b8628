import { useQuery } from "@tanstack/react-query";
import type { Task } from "@shared/entities";
import { queryClient, refetchAfterChange } from "../../app/queryClient";
import { createEntity, deleteEntity, listEntities, updateEntity } from "../../lib/entityApi";
import { request } from "../../lib/http";

// Every key starts with "tasks" so an `entities.change` for the table refreshes them all.
export const taskKeys = {
  all: ["tasks"] as const,
  mine: (email: string) => ["tasks", "mine", email] as const,
  dated: (email: string) => ["tasks", "dated", email] as const,
  forMessage: (messageId: number) => ["tasks", "by-message", messageId] as const,
  forChannel: (channelId: number) => ["tasks", "by-channel", channelId] as const,
};

const quoted = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** The documented clause: the single assignee is me, or the assignee list contains me. */
const assignedTo = (email: string) => `(assignee_email = ${quoted(email)} OR JSON_CONTAINS(assignee_emails, ${quoted(JSON.stringify(email))}))`;

function listWhere(where: string, sort: string, signal?: AbortSignal): Promise<Task[]> {
  return request<Task[]>("/entities/tasks", { query: { where, sort, limit: 1000 }, signal });
}

/** Tasks assigned to the signed-in user (My Tasks). */
export function useMyTasks(email: string | undefined) {
  return useQuery({
    queryKey: taskKeys.mine(email ?? ""),
    enabled: !!email,
    queryFn: ({ signal }) => listWhere(assignedTo(email!), "-created_date", signal),
  });
}

/** Assigned tasks that have a due date (Calendar). */
export function useDatedTasks(email: string | undefined) {
  return useQuery({
    queryKey: taskKeys.dated(email ?? ""),
    enabled: !!email,
    queryFn: ({ signal }) => listWhere(`${assignedTo(email!)} AND due_date IS NOT NULL`, "-due_date", signal),
  });
}

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

/** The tasks made from messages of one channel that the reader may see, by message id. */
export function useChannelTasks(channelId: number | null) {
  return useQuery({
    queryKey: taskKeys.forChannel(channelId ?? 0),
    enabled: channelId != null,
    queryFn: async ({ signal }) => {
      const rows = await listEntities<Task>("tasks", { where: { source_channel_id: channelId! }, limit: 1000 }, signal);
      return new Map(rows.filter((t) => t.source_message_id != null).map((t) => [t.source_message_id!, t]));
    },
  });
}

export function createTask(body: Partial<Task>): Promise<Task> {
  return createEntity<Task>("tasks", body as Record<string, unknown>);
}

export function updateTask(id: number, body: Partial<Task>): Promise<Task> {
  return updateEntity<Task>("tasks", id, body as Record<string, unknown>);
}

export function deleteTask(id: number): Promise<unknown> {
  return deleteEntity("tasks", id);
}

/** Shows a change at once in every cached task list; the server's push or a refetch confirms it. */
export function patchCachedTask(id: number, patch: Partial<Task>): void {
  queryClient.setQueriesData<Task[]>({ queryKey: taskKeys.all }, (rows) =>
    Array.isArray(rows) ? rows.map((t) => (t.id === id ? { ...t, ...patch } : t)) : rows,
  );
}

export function invalidateTasks(): void {
  void refetchAfterChange({ queryKey: taskKeys.all });
}
