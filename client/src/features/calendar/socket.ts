import { addSocketHandlers } from "../../realtime/socket";
import { toast } from "../../ui/notifications";
import { notificationsEnabled } from "../../lib/browserNotifications";

const seen = new Set<string>();

/** Calendar reminders: an in-app notice, and a browser one when the user turned those on. */
export function registerCalendarSocket(): () => void {
  return addSocketHandlers((socket) => {
    socket.on("notifications.create", (n) => {
      if (seen.has(n.id)) return; // a replay after reconnecting is not a second reminder
      seen.add(n.id);
      toast({ title: n.title, description: n.body, duration: 15_000 });
      if (!notificationsEnabled()) return;
      try {
        const shown = new Notification(n.title, { body: n.body, tag: n.id });
        shown.onclick = () => {
          window.focus();
          if (n.link) window.location.assign(n.link);
          shown.close();
        };
        setTimeout(() => shown.close(), 30_000);
      } catch {
        // Notifications only from a service worker on this browser: the in-app notice stands.
      }
    });
  });
}
