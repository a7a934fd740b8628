import { Phone, PhoneOff, Video } from "lucide-react";
import { acceptIncoming, rejectIncoming } from "../controller";
import { useCallsStore } from "../store";
import { Button } from "../../../ui/button";
import { UserAvatar } from "../../../ui/avatar";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../ui/dialog";
import { Spinner } from "../../../ui/spinner";

export function IncomingCallDialog() {
  const incoming = useCallsStore((s) => s.incoming);
  const busy = useCallsStore((s) => s.busy);
  const name = incoming?.fromName || "Unknown Caller";
  const isVideo = incoming?.callType === "video";
  const isGroup = incoming?.isGroup ?? false;

  return (
    <Dialog open={!!incoming} onOpenChange={(open) => !open && rejectIncoming()}>
      <DialogContent
        hideClose
        className="max-w-sm gap-6 p-8 text-center"
        // A stray click beside the dialog must not decline a call.
        onInteractOutside={(e) => e.preventDefault()}
        data-testid="incoming-call"
      >
        <div className="flex flex-col items-center gap-4">
          <span className="relative flex">
            <span className="absolute inset-0 animate-ping rounded-full bg-emerald-500/30" />
            <UserAvatar name={name} className="relative size-20 *:text-2xl ring-4 ring-background" />
          </span>
          <div className="grid gap-1.5">
            <DialogTitle className="text-xl">{name}</DialogTitle>
            <DialogDescription className="flex items-center justify-center gap-1.5">
              {isVideo ? <Video className="size-4" /> : <Phone className="size-4" />}
              {isGroup ? `Incoming group ${isVideo ? "video" : "audio"} call` : `Incoming ${isVideo ? "video" : "audio"} call`}
            </DialogDescription>
          </div>
        </div>
        <div className="flex items-start justify-center gap-10">
          <div className="flex flex-col items-center gap-2">
            <Button
              variant="destructive"
              className="size-14 rounded-full"
              aria-label="Reject call"
              onClick={rejectIncoming}
              disabled={busy}
            >
              <PhoneOff className="size-6" />
            </Button>
            <span className="text-xs text-muted-foreground">Decline</span>
          </div>
          <div className="flex flex-col items-center gap-2">
            <Button
              className="size-14 rounded-full bg-emerald-600 text-white shadow-emerald-600/30 hover:bg-emerald-600/90"
              aria-label="Accept call"
              onClick={() => void acceptIncoming()}
              disabled={busy}
              autoFocus
            >
              {busy ? <Spinner className="size-6 text-white" /> : isVideo ? <Video className="size-6" /> : <Phone className="size-6" />}
            </Button>
            <span className="text-xs text-muted-foreground">Accept</span>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
