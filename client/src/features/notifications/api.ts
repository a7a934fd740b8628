// The notification centre's items (table notifications, docs/notifications.md): the query key
// starts with the table name, so every change of the table pushed over the socket refetches it
// (docs/architecture.md, "Catching up").
import { useMutation, useQuery } from "@tanstack/react-query";
import type { AppNotification } from "@shared/entities";
import { refetchAfterChange } from "../../app/queryClient";
import { listEntities, updateEntity } from "../../lib/entityApi";
import { request } from "../../lib/http";

export const notificationKeys = {
  all: ["notifications"] as const,
  list: ["notifications", "list"] as const,
};

/** The newest 50 items, newest first. */
export function useNotifications(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ signal }) => listEntities<AppNotification>("notifications", { sort: "-created_date", limit: 50 }, signal),
    enabled,
  });
}

const refresh = () => void refetchAfterChange({ queryKey: notificationKeys.all });

export function useMarkNotificationRead() {
  return useMutation({ mutationFn: (id: number) => updateEntity<AppNotification>("notifications", id, { is_read: true }), onSuccess: refresh });
}

export function useMarkAllNotificationsRead() {
  return useMutation({ mutationFn: () => request<{ updated: number }>("/notifications/read-all", { method: "POST" }), onSuccess: refresh });
}
