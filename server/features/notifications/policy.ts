// notifications: the notification centre's items are their owner's alone (docs/notifications.md). The read rule is `user_id = me` in SQL and the room `user:<id>` as the audience
// (docs/architecture.md, "Policies and audiences"). Items are written by the notification worker
// (./worker.ts), never through the Entity API; their owner may only mark them read or unread.
import type { TablePolicy } from "../../entities/policy";
import { readsByAudience } from "../../entities/audience";
import { rooms } from "@shared/realtime";

export const NOTIFICATIONS_SERVER_ONLY = "Notifications are written by the server; mark them read instead";

export const notificationsAudience = (row: { user_id: number }) => [rooms.user(row.user_id)];

export const notificationsPolicy: TablePolicy<"notifications"> = {
  readFilter: (user) => (eb) => eb("notifications.user_id", "=", user.id),
  audience: notificationsAudience,
  canRead: readsByAudience(notificationsAudience),
  canCreate: () => NOTIFICATIONS_SERVER_ONLY,
  canUpdate: (user, row, changes) => row.user_id === user.id && Object.keys(changes).every((k) => k === "is_read"),
  canDelete: (user, row) => row.user_id === user.id,
  serverFields: {
    create: (user) => ({ user_id: user.id }),
  },
};
