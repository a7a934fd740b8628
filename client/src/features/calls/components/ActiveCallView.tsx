import { useState } from "react";
import { Lock, Phone, UserPlus, Video } from "lucide-react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { hangUp } from "../controller";
import { activeParticipants, useCallsStore } from "../store";
import { CallControls } from "./CallControls";
import { CallTimer } from "./CallTimer";
import { OneToOneStage } from "./OneToOneStage";
import { ParticipantGrid } from "./ParticipantGrid";
import { RecordingBadge } from "./RecordingBadge";
import { AddPeopleDialog } from "./AddPeopleDialog";
import { ControlButton } from "./ControlButton";

/** The full-screen call. */
export default function ActiveCallView() {
  const title = useCallsStore((s) => s.title);
  const isGroup = useCallsStore((s) => s.isGroup);
  const callType = useCallsStore((s) => s.callType);
  const connectedAt = useCallsStore((s) => s.connectedAt);
  const status = useCallsStore((s) => s.status);
  const count = useCallsStore((s) => activeParticipants(s.participants).length + 1);
  const [adding, setAdding] = useState(false);

  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && hangUp()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 flex flex-col bg-zinc-950 text-white outline-none data-[state=open]:animate-[fade-in_150ms_ease-out]"
          data-testid="active-call"
          data-call-status={status}
          // Escape is too easy to press by accident to hang up on someone.
          onEscapeKeyDown={(e) => e.preventDefault()}
        >
          <header className="flex items-center gap-3 px-5 py-4">
            <span className="flex size-9 items-center justify-center rounded-full bg-white/10">
              {callType === "video" ? <Video className="size-4" /> : <Phone className="size-4" />}
            </span>
            <div className="grid min-w-0 leading-tight">
              <DialogPrimitive.Title className="truncate text-sm font-semibold">
                {isGroup ? `Group call · ${count} people` : title}
              </DialogPrimitive.Title>
              <DialogPrimitive.Description className="flex items-center gap-1.5 text-xs text-white/60">
                <Lock className="size-3" />
                {status === "connected" ? <CallTimer since={connectedAt} /> : "Connecting…"}
              </DialogPrimitive.Description>
            </div>
            <RecordingBadge />
          </header>
          <main className="flex min-h-0 flex-1 flex-col overflow-y-auto px-4">
            {isGroup ? <ParticipantGrid className="my-auto" /> : <OneToOneStage />}
          </main>
          <footer className="flex justify-center px-4 py-5">
            <CallControls
              extra={
                status === "connected" && (
                  <ControlButton label="Add people" onClick={() => setAdding(true)}>
                    <UserPlus />
                  </ControlButton>
                )
              }
            />
          </footer>
          <AddPeopleDialog open={adding} onOpenChange={setAdding} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
