import { Circle, Mic, MicOff, MonitorUp, MonitorX, PhoneOff, Square, Video, VideoOff } from "lucide-react";
import type { ReactNode } from "react";
import { hangUp, toggleCamera, toggleMute, toggleRecording, toggleScreenShare } from "../controller";
import { useCallsStore } from "../store";
import { ControlButton } from "./ControlButton";

/** Mute, camera, screen share and hang-up; also used by the Meet page. */
export function CallControls({ onHangUp = hangUp, extra }: { onHangUp?: () => void; extra?: ReactNode }) {
  const audioEnabled = useCallsStore((s) => s.audioEnabled);
  const videoEnabled = useCallsStore((s) => s.videoEnabled);
  const sharing = useCallsStore((s) => s.screenSharing);
  const recording = useCallsStore((s) => s.recording);
  const connected = useCallsStore((s) => s.status === "connected");
  const isVideo = useCallsStore((s) => s.callType === "video");
  const canShare = isVideo && typeof navigator !== "undefined" && !!navigator.mediaDevices?.getDisplayMedia;

  return (
    <div role="toolbar" aria-label="Call controls" className="flex items-center gap-3 rounded-full bg-zinc-900/80 p-2 shadow-2xl ring-1 ring-white/10 backdrop-blur">
      <ControlButton label={audioEnabled ? "Mute" : "Unmute"} onClick={toggleMute} active={audioEnabled} pressed={!audioEnabled}>
        {audioEnabled ? <Mic /> : <MicOff />}
      </ControlButton>
      {isVideo && (
        <ControlButton
          label={videoEnabled ? "Turn camera off" : "Turn camera on"}
          onClick={toggleCamera}
          active={videoEnabled}
          pressed={!videoEnabled}
        >
          {videoEnabled ? <Video /> : <VideoOff />}
        </ControlButton>
      )}
      {isVideo && (
        <ControlButton
          label={sharing ? "Stop sharing screen" : "Share screen"}
          onClick={() => void toggleScreenShare()}
          active={!sharing}
          pressed={sharing}
          disabled={!canShare}
        >
          {sharing ? <MonitorX /> : <MonitorUp />}
        </ControlButton>
      )}
      <ControlButton
        label={recording ? "Stop recording" : "Record call"}
        onClick={() => void toggleRecording()}
        active={!recording}
        pressed={recording}
        disabled={!connected || typeof MediaRecorder === "undefined"}
      >
        {recording ? <Square className="fill-rose-600 text-rose-600" /> : <Circle />}
      </ControlButton>
      {extra}
      <ControlButton label="Hang up" onClick={onHangUp} danger>
        <PhoneOff />
      </ControlButton>
    </div>
  );
}
