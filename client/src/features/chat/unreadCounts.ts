// The unread counts from the server (docs/unread.md): GET /api/chat/unread into the unread store.
// Apart from reads.ts (which needs the socket) so that the entry can ask for them before the
// app's JavaScript has run (app/prefetch.ts; docs/benchmarks.md, "Cold load").
import type { ChannelUnread } from "@shared/entities";
import { request } from "../../lib/http";
import { useUnreadStore } from "./unreadStore";

let loading: Promise<void> | null = null;
let again = false;

/** GET /api/chat/unread into the store; calls while one runs share one more after it. */
export function refreshUnread(): Promise<void> {
  if (loading) {
    again = true;
    return loading;
  }
  loading = request<{ channels: ChannelUnread[] }>("/chat/unread")
    .then((res) => useUnreadStore.getState().setAll(res.channels))
    .catch((err: unknown) => console.error("Loading unread counts failed", err))
    .finally(() => {
      loading = null;
      if (again) {
        again = false;
        void refreshUnread();
      }
    });
  return loading;
}
