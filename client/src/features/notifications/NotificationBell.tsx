// The notification centre in the shell's header (docs/notifications.md): a bell with the count
// of unread items and the newest items, kept live by the change feed (table notifications).
import { useEffect, useState } from "react";
import { Bell } from "lucide-react";
import { useNavigate } from "react-router-dom";
import type { AppNotification } from "@shared/entities";
import { Button } from "../../ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "../../ui/popover";
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from "./api";
import { NotificationItem } from "./NotificationItem";
import { CallNotificationsToggle } from "./CallNotificationsToggle";
import { resyncPush } from "./push";

export function NotificationBell() {
  const { data = [] } = useNotifications();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = data.filter((n) => !n.is_read).length;
  // A browser subscribed to pushes before is tied to this session again (the server forgets it on logout).
  useEffect(() => void resyncPush(), []);
  // A click on a push: the service worker asks this tab to go to the pushed page (without a reload).
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const onMessage = (e: MessageEvent<{ type?: string; url?: string }>) => {
      if (e.data?.type !== "open" || !e.data.url) return;
      const url = new URL(e.data.url, window.location.origin);
      if (url.origin !== window.location.origin) return;
      navigate(`${url.pathname}${url.search}`);
      // The service worker waits for this answer, else it reloads the tab there.
      e.ports[0]?.postMessage("opened");
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    return () => navigator.serviceWorker.removeEventListener("message", onMessage);
  }, [navigate]);

  const openItem = (item: AppNotification) => {
    if (!item.is_read) markRead.mutate(item.id);
    setOpen(false);
    navigate(item.link || "/");
  };
  const label = unread ? `Notifications, ${unread} unread` : "Notifications";

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon-sm" className="relative" aria-label={label} title={label}>
          <Bell />
          {unread > 0 && (
            <span className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-destructive px-1 text-center text-[10px] leading-4 font-semibold text-white" aria-hidden>
              {unread > 99 ? "99+" : unread}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-80 p-0" aria-label="Notification centre">
        <div className="flex items-center justify-between border-b px-3 py-2">
          <h2 className="text-sm font-semibold">Notifications</h2>
          <Button variant="ghost" size="sm" disabled={!unread || markAll.isPending} onClick={() => markAll.mutate()}>
            Mark all read
          </Button>
        </div>
        {data.length ? (
          <ul className="max-h-96 divide-y overflow-y-auto" aria-label="Notifications, newest first">
            {data.map((n) => (
              <NotificationItem key={n.id} item={n} onOpen={openItem} />
            ))}
          </ul>
        ) : (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground">Nothing new.</p>
        )}
        <div className="border-t p-1">
          <CallNotificationsToggle />
        </div>
      </PopoverContent>
    </Popover>
  );
}
