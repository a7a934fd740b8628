import { useCallback, useEffect, useRef, useState } from "react";
import { LIMITS } from "@shared/constants";
import { stopStream } from "./engine/media";

export const DEVICES_ERROR =
  "Could not access media devices. Please ensure you have granted camera and microphone permissions in your browser settings.";
export const CAMERA_TEST_ERROR = "Unable to test camera. Please check your camera permissions.";
export const MIC_TEST_ERROR = "Unable to test microphone. Please check your microphone permissions.";

export interface DeviceLists {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  speakers: MediaDeviceInfo[];
}

/** Lists devices; asks for access once first, because without it browsers hide the names. */
export async function listDevices(): Promise<DeviceLists> {
  const probe = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
  stopStream(probe);
  const all = (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.deviceId);
  return {
    cameras: all.filter((d) => d.kind === "videoinput"),
    microphones: all.filter((d) => d.kind === "audioinput"),
    speakers: all.filter((d) => d.kind === "audiooutput"),
  };
}

/** Camera test: a live preview for the documented 5 seconds, then the camera is released. */
export function useCameraTest() {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    setStream((s) => {
      stopStream(s);
      return null;
    });
  }, []);

  const start = useCallback(
    async (deviceId?: string) => {
      stop();
      setError(null);
      try {
        const s = await navigator.mediaDevices.getUserMedia({ video: deviceId ? { deviceId: { exact: deviceId } } : true });
        setStream(s);
        timer.current = setTimeout(stop, LIMITS.cameraTestMs);
      } catch {
        setError(CAMERA_TEST_ERROR);
      }
    },
    [stop],
  );

  useEffect(() => stop, [stop]);
  return { stream, error, start, stop };
}

/** Microphone test: a level meter (0..1) for the documented 3 seconds. */
export function useMicrophoneTest() {
  const [level, setLevel] = useState(0);
  const [active, setActive] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cleanup = useRef<(() => void) | null>(null);

  const stop = useCallback(() => {
    cleanup.current?.();
    cleanup.current = null;
    setActive(false);
    setLevel(0);
  }, []);

  const start = useCallback(
    async (deviceId?: string) => {
      stop();
      setError(null);
      try {
        const stream = await navigator.mediaDevices.getUserMedia({ audio: deviceId ? { deviceId: { exact: deviceId } } : true });
        const ctx = new AudioContext();
        const analyser = ctx.createAnalyser();
        analyser.fftSize = 512;
        ctx.createMediaStreamSource(stream).connect(analyser);
        const data = new Uint8Array(analyser.fftSize);
        let frame = 0;
        const tick = () => {
          analyser.getByteTimeDomainData(data);
          let peak = 0;
          for (const v of data) peak = Math.max(peak, Math.abs(v - 128) / 128);
          setLevel(peak);
          frame = requestAnimationFrame(tick);
        };
        tick();
        const timer = setTimeout(stop, LIMITS.microphoneTestMs);
        cleanup.current = () => {
          cancelAnimationFrame(frame);
          clearTimeout(timer);
          stopStream(stream);
          void ctx.close();
        };
        setActive(true);
      } catch {
        setError(MIC_TEST_ERROR);
      }
    },
    [stop],
  );

  useEffect(() => stop, [stop]);
  return { level, active, error, start, stop };
}
