import { useCallback, useEffect, useRef, useState } from "react";
import { callConstraints, describeMediaError, stopStream } from "./engine/media";
import { writeMediaSettings } from "./engine/mediaSettings";
import { listDevices, type DeviceLists } from "./useDeviceTests";

/**
 * The pre-join screen's camera and microphone: opened with the chosen devices, opened again when
 * the choice changes, and handed over to the call on joining (`take`), so joining needs no second
 * permission prompt and the picture does not blink.
 */
export function usePreview(enabled: boolean) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [devices, setDevices] = useState<DeviceLists | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [camOn, setCamOn] = useState(true);
  const [micOn, setMicOn] = useState(true);
  const [version, setVersion] = useState(0);
  const owned = useRef<MediaStream | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    navigator.mediaDevices
      ?.getUserMedia(callConstraints("video", true))
      .then(async (s) => {
        if (cancelled) return stopStream(s);
        owned.current = s;
        setStream(s);
        setError(null);
        setDevices(await listDevices().catch(() => null));
      })
      .catch((err) => !cancelled && setError(describeMediaError(err)));
    return () => {
      cancelled = true;
      stopStream(owned.current);
      owned.current = null;
      setStream(null);
    };
  }, [enabled, version]);

  useEffect(() => {
    stream?.getVideoTracks().forEach((t) => (t.enabled = camOn));
    stream?.getAudioTracks().forEach((t) => (t.enabled = micOn));
  }, [stream, camOn, micOn]);

  const choose = useCallback((key: "camera_id" | "microphone_id", id: string) => {
    writeMediaSettings({ [key]: id });
    setVersion((v) => v + 1);
  }, []);

  /** Hands the stream to the call: it is no longer stopped when the screen goes. */
  const take = useCallback(() => {
    const s = owned.current;
    owned.current = null;
    return s ?? undefined;
  }, []);

  return { stream, devices, error, camOn, micOn, setCamOn, setMicOn, choose, take };
}
