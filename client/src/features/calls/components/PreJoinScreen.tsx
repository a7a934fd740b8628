import { useEffect, useRef } from "react";
import { Mic, MicOff, Video, VideoOff } from "lucide-react";
import { Button } from "../../../ui/button";
import { UserAvatar } from "../../../ui/avatar";
import { readMediaSettings } from "../engine/mediaSettings";
import type { usePreview } from "../usePreview";
import { ControlButton } from "./ControlButton";
import { DeviceSelect } from "./DeviceSelect";

/** Before walking in: see yourself, choose camera and microphone, and who is already inside. */
export function PreJoinScreen({
  preview,
  myName,
  inside,
  onJoin,
  joining,
}: {
  preview: ReturnType<typeof usePreview>;
  myName: string;
  inside: { user_id: number; name: string }[];
  onJoin: () => void;
  joining: boolean;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (videoRef.current) videoRef.current.srcObject = preview.stream;
  }, [preview.stream]);
  const chosen = readMediaSettings();

  return (
    <section aria-label="Before joining" className="m-auto grid w-full max-w-4xl items-center gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(16rem,2fr)]">
      <div className="mx-auto grid w-full max-w-xl gap-3">
        <div className="relative aspect-video overflow-hidden rounded-xl bg-zinc-900 ring-1 ring-white/10">
          <video ref={videoRef} autoPlay playsInline muted data-testid="self-view" className="size-full -scale-x-100 object-cover" hidden={!preview.camOn || !preview.stream} />
          {(!preview.camOn || !preview.stream) && (
            <div className="absolute inset-0 flex items-center justify-center">
              <UserAvatar name={myName} className="size-20 text-2xl" />
            </div>
          )}
          <span className="absolute bottom-2 left-2 rounded bg-black/60 px-2 py-0.5 text-xs">{myName} (You)</span>
        </div>
        <div className="flex justify-center gap-3">
          <ControlButton label={preview.micOn ? "Mute" : "Unmute"} onClick={() => preview.setMicOn(!preview.micOn)} active={preview.micOn} pressed={!preview.micOn}>
            {preview.micOn ? <Mic /> : <MicOff />}
          </ControlButton>
          <ControlButton label={preview.camOn ? "Turn camera off" : "Turn camera on"} onClick={() => preview.setCamOn(!preview.camOn)} active={preview.camOn} pressed={!preview.camOn}>
            {preview.camOn ? <Video /> : <VideoOff />}
          </ControlButton>
        </div>
        {preview.error && (
          <p role="alert" className="text-center text-sm text-rose-300">
            {preview.error}
          </p>
        )}
      </div>
      <div className="grid gap-4">
        <div>
          <h2 className="text-lg font-semibold">Ready to join?</h2>
          <p className="mt-1 text-sm text-white/60" data-testid="inside-now">
            {inside.length === 0
              ? "Nobody is in the meeting yet."
              : `${inside.map((p) => p.name).slice(0, 3).join(", ")}${inside.length > 3 ? ` and ${inside.length - 3} more` : ""} ${inside.length === 1 ? "is" : "are"} in the meeting.`}
          </p>
        </div>
        <div className="grid gap-3 rounded-lg bg-white p-3 text-zinc-900">
          <DeviceSelect id="prejoin-camera" label="Camera" devices={preview.devices?.cameras ?? []} value={chosen.camera_id} onChange={(id) => preview.choose("camera_id", id)} fallbackLabel="Camera" />
          <DeviceSelect id="prejoin-mic" label="Microphone" devices={preview.devices?.microphones ?? []} value={chosen.microphone_id} onChange={(id) => preview.choose("microphone_id", id)} fallbackLabel="Microphone" />
        </div>
        <Button size="lg" onClick={onJoin} disabled={joining}>
          <Video />
          Join meeting
        </Button>
      </div>
    </section>
  );
}
