import { useCallback } from "react";
import { activeParticipants, useCallsStore } from "../store";
import { VideoTile } from "./VideoTile";

/** One-to-one: the other person fills the screen, you sit in a small preview. */
export function OneToOneStage() {
  const participants = useCallsStore((s) => s.participants);
  const localStream = useCallsStore((s) => s.localStream);
  const audioOnly = useCallsStore((s) => s.callType === "audio");
  const videoEnabled = useCallsStore((s) => s.videoEnabled);
  const sharing = useCallsStore((s) => s.screenSharing);
  const remote = activeParticipants(participants)[0];
  const remoteId = remote?.userId;
  const remoteMuted = useCallsStore((s) => remoteId !== undefined && !!s.micOff[remoteId]);
  const recordFrame = useCallback(
    (at: number) => {
      if (remoteId && !useCallsStore.getState().participants[remoteId]?.firstFrameAt) {
        useCallsStore.getState().setParticipant(remoteId, { firstFrameAt: at });
      }
    },
    [remoteId],
  );

  return (
    <div className="relative min-h-0 flex-1">
      <VideoTile
        stream={remote?.stream ?? null}
        name={remote?.name ?? "Connecting"}
        muted={remoteMuted}
        showAvatar={audioOnly || !remote?.stream}
        status={remote?.stream ? undefined : "Connecting…"}
        fit="contain"
        onFirstFrame={audioOnly ? undefined : recordFrame}
        className="absolute inset-0 rounded-2xl"
        testId="remote-video"
      />
      {!audioOnly && (
        <VideoTile
          stream={localStream}
          name="You"
          local={!sharing}
          showAvatar={!videoEnabled && !sharing}
          className="absolute right-4 bottom-4 aspect-video w-40 shadow-2xl sm:w-56"
          testId="local-video"
        />
      )}
    </div>
  );
}
