import type { CallType } from "@shared/realtime";
import { readSettings } from "../../users/settings";
import { readMediaSettings } from "./mediaSettings";

// The user's call quality setting; "auto" asks for the documented 1080p, except in a
// mesh group call, where every extra person costs another upload and encode.
const QUALITY: Record<string, { width: number; height: number; frameRate: number }> = {
  high: { width: 1920, height: 1080, frameRate: 30 },
  medium: { width: 1280, height: 720, frameRate: 30 },
  low: { width: 640, height: 360, frameRate: 24 },
};

function videoSize(group: boolean) {
  const q = readSettings().call_quality ?? "auto";
  if (q !== "auto" && QUALITY[q]) return QUALITY[q];
  return group ? QUALITY.medium : QUALITY.high;
}

export const MEDIA_DENIED =
  "Camera and microphone access was denied. Please allow access in your browser settings to use video calling.";

/** The two texts of the 'Media Permission Required' dialog. */
export function describeMediaError(err: unknown): string {
  const name = err instanceof DOMException || err instanceof Error ? err.name : "";
  if (name === "NotAllowedError" || name === "PermissionDeniedError" || name === "SecurityError") return MEDIA_DENIED;
  const message = err instanceof Error ? err.message : String(err);
  return `An unexpected error occurred while accessing media devices: ${message || name || "unknown error"}`;
}

/**
 * Ideal 1920x1080 at 30 fps, and audio. An audio call asks for no camera.
 * Chosen devices are preferences ("ideal"), so an unplugged device falls back instead of failing.
 */
export function callConstraints(kind: CallType, group = false): MediaStreamConstraints {
  const s = readMediaSettings();
  const audio: MediaTrackConstraints | boolean = s.microphone_id ? { deviceId: { ideal: s.microphone_id } } : true;
  if (kind === "audio") return { audio, video: false };
  const size = videoSize(group);
  const video: MediaTrackConstraints = {
    width: { ideal: size.width },
    height: { ideal: size.height },
    frameRate: { ideal: size.frameRate },
    ...(s.camera_id ? { deviceId: { ideal: s.camera_id } } : {}),
  };
  return { audio, video };
}

export async function openCallMedia(kind: CallType, group = false): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new Error("This browser cannot access a camera or microphone here (a secure https page is required).");
  }
  return navigator.mediaDevices.getUserMedia(callConstraints(kind, group));
}

export function stopStream(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((t) => t.stop());
}
