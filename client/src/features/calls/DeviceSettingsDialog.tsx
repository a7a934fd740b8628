import { useEffect, useRef, useState } from "react";
import { Camera, Mic, Play, Square } from "lucide-react";
import { LIMITS } from "@shared/constants";
import { readMediaSettings, writeMediaSettings, type MediaSettings } from "./engine/mediaSettings";
import { toast } from "../../ui/notifications";
import { Button } from "../../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../ui/dialog";
import { DialogActions } from "../../ui/DialogActions";
import { Spinner } from "../../ui/spinner";
import { DeviceSelect } from "./components/DeviceSelect";
import { DEVICES_ERROR, listDevices, useCameraTest, useMicrophoneTest, type DeviceLists } from "./useDeviceTests";

/** Camera, microphone and speaker choice, with the documented camera and microphone tests. */
export function DeviceSettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [devices, setDevices] = useState<DeviceLists | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [choice, setChoice] = useState<MediaSettings>(readMediaSettings);
  const camera = useCameraTest();
  const mic = useMicrophoneTest();
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setChoice(readMediaSettings());
    setLoadError(null);
    listDevices()
      .then((d) => !cancelled && setDevices(d))
      .catch(() => !cancelled && setLoadError(DEVICES_ERROR));
    return () => {
      cancelled = true;
    };
  }, [open]);

  useEffect(() => {
    if (videoRef.current) videoRef.current.srcObject = camera.stream;
  }, [camera.stream]);

  const close = () => {
    camera.stop();
    mic.stop();
    onOpenChange(false);
  };

  const pick = (key: keyof MediaSettings, list: MediaDeviceInfo[] | undefined) =>
    choice[key] && list?.some((d) => d.deviceId === choice[key]) ? choice[key] : list?.[0]?.deviceId;

  const save = () => {
    // What the pickers show is what is saved, including a default the user left as it was.
    writeMediaSettings({
      camera_id: pick("camera_id", devices?.cameras),
      microphone_id: pick("microphone_id", devices?.microphones),
      speaker_id: pick("speaker_id", devices?.speakers),
    });
    toast({ title: "Device settings saved", description: "Your next call will use these devices.", variant: "success" });
    close();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Camera & microphone</DialogTitle>
          <DialogDescription>Choose the devices your calls use, and check that they work.</DialogDescription>
        </DialogHeader>

        {loadError ? (
          <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm text-destructive">
            {loadError}
          </p>
        ) : !devices ? (
          <div className="flex justify-center py-10">
            <Spinner className="size-6" label="Looking for devices" />
          </div>
        ) : (
          <div className="grid gap-5">
            <div className="grid gap-3">
              <DeviceSelect
                id="camera-select"
                label="Camera"
                devices={devices.cameras}
                value={choice.camera_id}
                onChange={(id) => setChoice((c) => ({ ...c, camera_id: id }))}
                fallbackLabel="Camera"
              />
              <div className="relative aspect-video overflow-hidden rounded-lg border bg-zinc-950">
                <video ref={videoRef} autoPlay playsInline muted className="size-full -scale-x-100 object-cover" aria-label="Camera preview" />
                {!camera.stream && (
                  <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm text-white/60">
                    <Camera className="size-6" />
                    Preview runs for {LIMITS.cameraTestMs / 1000} seconds
                  </div>
                )}
              </div>
              <div className="flex items-center gap-3">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => (camera.stream ? camera.stop() : void camera.start(pick("camera_id", devices.cameras)))}
                >
                  {camera.stream ? <Square /> : <Play />}
                  {camera.stream ? "Stop test" : "Test camera"}
                </Button>
                {camera.error && (
                  <p role="alert" className="text-sm text-destructive">
                    {camera.error}
                  </p>
                )}
              </div>
            </div>

            <div className="grid gap-3">
              <DeviceSelect
                id="microphone-select"
                label="Microphone"
                devices={devices.microphones}
                value={choice.microphone_id}
                onChange={(id) => setChoice((c) => ({ ...c, microphone_id: id }))}
                fallbackLabel="Microphone"
              />
              <div className="flex items-center gap-3">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => (mic.active ? mic.stop() : void mic.start(pick("microphone_id", devices.microphones)))}
                >
                  {mic.active ? <Square /> : <Mic />}
                  {mic.active ? "Stop test" : "Test microphone"}
                </Button>
                <div
                  role="meter"
                  aria-label="Microphone level"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(mic.level * 100)}
                  className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
                >
                  <div
                    className="h-full rounded-full bg-emerald-500 transition-[width] duration-75"
                    style={{ width: `${Math.min(100, Math.round(mic.level * 140))}%` }}
                  />
                </div>
              </div>
              {mic.error && (
                <p role="alert" className="text-sm text-destructive">
                  {mic.error}
                </p>
              )}
            </div>

            {devices.speakers.length > 0 && (
              <DeviceSelect
                id="speaker-select"
                label="Speaker"
                devices={devices.speakers}
                value={choice.speaker_id}
                onChange={(id) => setChoice((c) => ({ ...c, speaker_id: id }))}
                fallbackLabel="Speaker"
              />
            )}
          </div>
        )}

        <DialogActions onCancel={close} confirmLabel="Save devices" onConfirm={save} disabled={!devices} />
      </DialogContent>
    </Dialog>
  );
}
