import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { HEADER_ACTIONS_ID } from "../../../ui/headerSlot";
import { Bell, BellOff } from "lucide-react";
import { notificationsEnabled, setNotificationsEnabled } from "../../../lib/browserNotifications";
import { cn } from "../../../lib/utils";
import { toast } from "../../../ui/notifications";
import { SimpleTooltip } from "../../../ui/tooltip";

/**
 * Turns browser notifications for incoming calls on and off. It sits in the top bar's action
 * slot so it never covers page content (such as the chat composer's Send button); it floats
 * only where no top bar is rendered.
 */
export function NotificationToggle() {
  const [enabled, setEnabled] = useState(notificationsEnabled);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSlot(document.getElementById(HEADER_ACTIONS_ID)), []);
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

  const button = (
    <SimpleTooltip label={label} side={slot ? "bottom" : "left"}>
      <button
        type="button"
        aria-label={label}
        aria-pressed={enabled}
        onClick={() => void toggle()}
        className={cn(
          "flex items-center justify-center rounded-full transition hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none",
          slot ? "size-8" : "fixed right-4 bottom-4 z-40 size-10 border bg-background/90 shadow-lg shadow-black/10 backdrop-blur",
          enabled ? "text-primary" : "text-muted-foreground",
        )}
      >
        {enabled ? <Bell className="size-4" /> : <BellOff className="size-4" />}
      </button>
    </SimpleTooltip>
  );
  return slot ? createPortal(button, slot) : button;
}
