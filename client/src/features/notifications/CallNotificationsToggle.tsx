// Browser notifications for incoming calls (and calendar reminders, which follow the same choice:
// lib/browserNotifications.ts), in the notification centre's panel (docs/notifications.md). It
// was a second bell beside the centre's in the header, which read as the same control twice.
import { useState } from "react";
import { Bell, BellOff } from "lucide-react";
import { notificationsEnabled, setNotificationsEnabled } from "../../lib/browserNotifications";
import { cn } from "../../lib/utils";
import { toast } from "../../ui/notifications";

export function CallNotificationsToggle() {
  const [enabled, setEnabled] = useState(notificationsEnabled);
  const label = enabled ? "Call notifications on" : "Call notifications off";

  const toggle = async () => {
    const error = await setNotificationsEnabled(!enabled);
    if (error) {
      toast({ title: "Notifications", description: error, variant: "destructive" });
      setEnabled(false);
      return;
    }
    setEnabled(!enabled);
    toast({
      title: enabled ? "Call notifications turned off" : "Call notifications turned on",
      description: enabled ? undefined : "You will be notified of incoming calls while this tab is in the background.",
      variant: "success",
    });
  };

  const Icon = enabled ? Bell : BellOff;
  return (
    <button
      type="button"
      aria-pressed={enabled}
      onClick={() => void toggle()}
      className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm transition hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
    >
      <Icon aria-hidden className={cn("size-4 shrink-0", enabled ? "text-primary" : "text-muted-foreground")} />
      {label}
    </button>
  );
}
