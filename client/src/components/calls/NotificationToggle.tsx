import { useState } from "react";
import { Bell, BellOff } from "lucide-react";
import { notificationsEnabled, setNotificationsEnabled } from "../../calls/notify";
import { cn } from "../../lib/utils";
import { toast } from "../../stores/notifications";
import { SimpleTooltip } from "../ui/tooltip";

/** The floating control that turns browser notifications for incoming calls on and off. */
export function NotificationToggle() {
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

  return (
    <SimpleTooltip label={label} side="left">
      <button
        type="button"
        aria-label={label}
        aria-pressed={enabled}
        onClick={() => void toggle()}
        className={cn(
          "fixed right-4 bottom-4 z-40 flex size-10 items-center justify-center rounded-full border bg-background/90 shadow-lg shadow-black/10 backdrop-blur transition hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none",
          enabled ? "text-primary" : "text-muted-foreground",
        )}
      >
        {enabled ? <Bell className="size-4" /> : <BellOff className="size-4" />}
      </button>
    </SimpleTooltip>
  );
}
