import { activeParticipants, useCallsStore } from "../store";
import { useSessionStore } from "../../auth/store";
import { cn } from "../../../lib/utils";
import { GRID_CLASSES, gridColumns } from "../gridColumns";
import { RemoteTile } from "./RemoteTile";
import { VideoTile } from "./VideoTile";

/** Everyone in a group call, you included, in the documented column layout. */
export function ParticipantGrid({ className }: { className?: string }) {
  const participants = useCallsStore((s) => s.participants);
  const localStream = useCallsStore((s) => s.localStream);
  const audioOnly = useCallsStore((s) => s.callType === "audio");
  const videoEnabled = useCallsStore((s) => s.videoEnabled);
  const audioEnabled = useCallsStore((s) => s.audioEnabled);
  const sharing = useCallsStore((s) => s.screenSharing);
  const me = useSessionStore((s) => s.user);
  const others = activeParticipants(participants);
  const cols = gridColumns(others.length + 1);

  return (
    <div className={cn("grid w-full content-center gap-3", GRID_CLASSES[cols], className)} data-columns={cols}>
      <VideoTile
        stream={localStream}
        name={`${me?.full_name ?? "You"} (You)`}
        local={!sharing}
        showAvatar={audioOnly || !videoEnabled}
        muted={!audioEnabled}
        className="aspect-video min-h-0 w-full"
        testId="local-tile"
      />
      {others.map((p) => (
        <RemoteTile key={p.userId} p={p} audioOnly={audioOnly} />
      ))}
    </div>
  );
}
