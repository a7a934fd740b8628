// "Enable notifications" in Profile (docs/notifications.md): per browser, since the push
// subscription belongs to this browser and the session signed in on it.
import { useEffect, useState } from "react";
import { Switch } from "../../ui/switch";
import { toast } from "../../ui/notifications";
import { currentSubscription, disablePush, enablePush, pushSupported } from "./push";

export function PushToggle() {
  const supported = pushSupported();
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void currentSubscription().then((s) => setOn(!!s && Notification.permission === "granted"), () => setOn(false));
  }, []);

  const change = async (next: boolean) => {
    setBusy(true);
    try {
      if (next) await enablePush();
      else await disablePush();
      setOn(next);
    } catch (err) {
      toast({ title: "Notifications", description: (err as Error).message || "Could not change notifications.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex items-center justify-between gap-4">
      <label htmlFor="push-notifications" className="grid gap-0.5">
        <span className="text-sm font-medium">Enable notifications on this browser</span>
        <span className="text-xs text-muted-foreground">
          {supported ? "Direct messages, assignments and missed calls reach you when the tab is closed." : "This browser cannot show notifications from the workspace."}
        </span>
      </label>
      <Switch id="push-notifications" checked={on} disabled={!supported || busy} onCheckedChange={(v) => void change(v)} />
    </div>
  );
}
