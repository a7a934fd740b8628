import { useEffect, useRef } from "react";
import { MicOff } from "lucide-react";
import { applySpeaker } from "../engine/mediaSettings";
import { cn } from "../../../lib/utils";
import { UserAvatar } from "../../../ui/avatar";

interface VideoTileProps {
  stream: MediaStream | null;
  name: string;
  /** The local preview: silent (no echo) and mirrored like a mirror. */
  local?: boolean;
  /** Show the avatar instead of the picture (audio call, camera off, still connecting). */
  showAvatar?: boolean;
  /** Their microphone is off: a crossed-out microphone beside the name, for everyone to see. */
  muted?: boolean;
  status?: string;
  fit?: "cover" | "contain";
  className?: string;
  onFirstFrame?: (at: number) => void;
  testId?: string;
}

export function VideoTile({
  stream,
  name,
  local = false,
  showAvatar = false,
  muted = false,
  status,
  fit = "cover",
  className,
  onFirstFrame,
  testId,
}: VideoTileProps) {
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (el.srcObject !== stream) el.srcObject = stream;
    if (!local) applySpeaker(el);
    if (stream) el.play().catch(() => {}); // autoplay may wait for a gesture; the attribute retries
  }, [stream, local]);

  useEffect(() => {
    const el = ref.current as (HTMLVideoElement & { requestVideoFrameCallback?: (cb: () => void) => number }) | null;
    if (!el || !stream || !onFirstFrame) return;
    let done = false;
    const report = () => {
      if (done || el.videoWidth === 0) return;
      done = true;
      onFirstFrame(Date.now());
    };
    if (el.requestVideoFrameCallback) el.requestVideoFrameCallback(report);
    el.addEventListener("loadeddata", report);
    return () => {
      done = true;
      el.removeEventListener("loadeddata", report);
    };
  }, [stream, onFirstFrame]);

  return (
    <div
      className={cn("relative overflow-hidden rounded-xl bg-zinc-900 ring-1 ring-white/10", className)}
      data-testid={testId}
    >
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={local}
        className={cn(
          "size-full",
          fit === "cover" ? "object-cover" : "object-contain",
          local && "-scale-x-100",
          showAvatar && "invisible",
        )}
      />
      {showAvatar && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3">
          <UserAvatar name={name} className="size-20 *:text-2xl ring-4 ring-white/10" />
          {status && <span className="text-sm text-white/60">{status}</span>}
        </div>
      )}
      <div className="absolute bottom-2 left-2 flex max-w-[calc(100%-1rem)] items-center gap-1.5 rounded-md bg-black/55 px-2 py-1 text-xs font-medium text-white backdrop-blur">
        {muted && <MicOff role="img" className="size-3 text-rose-300" aria-label="Muted" />}
        <span className="truncate">{name}</span>
      </div>
    </div>
  );
}
