import { useCallback } from "react";
import { useCallsStore, type CallParticipant } from "../store";
import { VideoTile } from "./VideoTile";

const STATE_TEXT: Record<CallParticipant["state"], string> = {
  ringing: "Ringing…",
  connecting: "Connecting…",
  connected: "",
  left: "Left",
  rejected: "Declined",
};

/** A remote participant; records when their first video frame was painted (read by the e2e timing test). */
export function RemoteTile({ p, audioOnly }: { p: CallParticipant; audioOnly: boolean }) {
  const recordFrame = useCallback(
    (at: number) => {
      if (!useCallsStore.getState().participants[p.userId]?.firstFrameAt) {
        useCallsStore.getState().setParticipant(p.userId, { firstFrameAt: at });
      }
    },
    [p.userId],
  );
  const muted = useCallsStore((s) => !!s.micOff[p.userId]);
  return (
    <VideoTile
      stream={p.stream}
      name={p.name}
      muted={muted}
      showAvatar={audioOnly || !p.stream}
      status={p.stream ? undefined : STATE_TEXT[p.state]}
      onFirstFrame={audioOnly ? undefined : recordFrame}
      className="aspect-video min-h-0 w-full"
      testId={`remote-tile-${p.userId}`}
    />
  );
}
