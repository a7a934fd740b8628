import { PhoneOff, PhoneMissed } from "lucide-react";
import { hangUp } from "../controller";
import { useCallsStore } from "../store";
import { Button } from "../../../ui/button";
import { UserAvatar } from "../../../ui/avatar";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../ui/dialog";

/** 'Calling...' while the other side rings, then, for a moment, why the call ended. */
export function OutgoingCallDialog() {
  const status = useCallsStore((s) => s.status);
  const outgoing = useCallsStore((s) => s.outgoing);
  const title = useCallsStore((s) => s.title);
  const callType = useCallsStore((s) => s.callType);
  const endReason = useCallsStore((s) => s.endReason);
  const ringing = status === "connecting" && outgoing;
  const ended = status === "ended";
  const open = ringing || ended;

  return (
    <Dialog open={open} onOpenChange={(next) => !next && hangUp()}>
      <DialogContent
        hideClose
        className="max-w-sm gap-6 p-8 text-center"
        onInteractOutside={(e) => e.preventDefault()}
        data-testid={ended ? "call-ended" : "outgoing-call"}
        data-call-status={status}
      >
        <div className="flex flex-col items-center gap-4">
          {ended ? (
            <span className="flex size-20 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <PhoneMissed className="size-8" />
            </span>
          ) : (
            <span className="relative flex">
              <span className="absolute inset-0 animate-ping rounded-full bg-primary/25" />
              <UserAvatar name={title} className="relative size-20 *:text-2xl ring-4 ring-background" />
            </span>
          )}
          <div className="grid gap-1.5">
            <DialogTitle className="text-xl">{ended ? (endReason ?? "Call ended") : "Calling..."}</DialogTitle>
            <DialogDescription>
              {ended ? "The call has ended." : `${title} · ${callType === "video" ? "Video" : "Audio"} call`}
            </DialogDescription>
          </div>
        </div>
        {ringing && (
          <div className="flex flex-col items-center gap-2">
            <Button variant="destructive" className="size-14 rounded-full" aria-label="Hang up" onClick={hangUp} autoFocus>
              <PhoneOff className="size-6" />
            </Button>
            <span className="text-xs text-muted-foreground">Cancel</span>
          </div>
        )}
        {ended && (
          <Button variant="outline" onClick={() => useCallsStore.getState().reset()}>
            Close
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}
