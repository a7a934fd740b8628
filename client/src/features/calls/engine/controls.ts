// In-call controls: mute, camera, screen share and recording, applied to the
// live media and every peer connection of the call the engine holds.
import { toast } from "../../../ui/notifications";
import { useCallsStore } from "../store";
import { errorText } from "./deps";
import type { CallEngine } from "./engine";
import { stopStream } from "./media";
import { isRecording, startRecording, stopRecording, updateRecordingStreams } from "./recorder";
import { serverRecordsSfu, startServerRecording, stopServerRecording } from "./serverRecording";

const store = () => useCallsStore.getState();

export class CallControls {
  constructor(private readonly engine: CallEngine) {}

  toggleMute(): void {
    const enabled = !store().audioEnabled;
    this.engine.media.local?.getAudioTracks().forEach((t) => (t.enabled = enabled));
    store().patch({ audioEnabled: enabled });
  }

  toggleCamera(): void {
    const { media } = this.engine;
    if (!media.cameraTrack) return;
    const enabled = !store().videoEnabled;
    media.cameraTrack.enabled = enabled;
    store().patch({ videoEnabled: enabled });
  }

  /** Swaps the camera track for a screen track on every connection, and back. */
  async toggleScreenShare(): Promise<void> {
    const { media, mesh } = this.engine;
    if (media.screenTrack) return this.stopScreenShare();
    if (!media.cameraTrack || !media.local) return;
    let screen: MediaStream;
    try {
      screen = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    } catch (err) {
      if (err instanceof DOMException && err.name === "NotAllowedError") return; // the user cancelled the picker
      toast({ title: "Screen sharing failed", description: errorText(err), variant: "destructive" });
      return;
    }
    const track = screen.getVideoTracks()[0];
    if (!track || !media.local) {
      stopStream(screen);
      return;
    }
    media.screenTrack = track;
    for (const { peer } of mesh.entries()) peer.replaceTrack(media.cameraTrack, track, media.local);
    void this.engine.sfu.replaceVideo(track);
    // The browser's own "Stop sharing" button ends the track; fall back to the camera then.
    track.addEventListener("ended", () => this.stopScreenShare());
    store().patch({ screenSharing: true, localStream: new MediaStream([track, ...media.local.getAudioTracks()]) });
  }

  private stopScreenShare(): void {
    const { media, mesh } = this.engine;
    const track = media.screenTrack;
    if (!track) return;
    media.screenTrack = null;
    if (media.cameraTrack && media.local) for (const { peer } of mesh.entries()) peer.replaceTrack(track, media.cameraTrack, media.local);
    if (media.cameraTrack) void this.engine.sfu.replaceVideo(media.cameraTrack);
    track.stop();
    store().patch({ screenSharing: false, localStream: media.local });
  }

  async toggleRecording(): Promise<void> {
    const { callId, media: via, recording } = store();
    const { media } = this.engine;
    // Through the SFU the server records (when it can): nothing runs in this browser.
    if (callId && via === "sfu" && !isRecording() && (await serverRecordsSfu())) {
      if (recording) {
        store().patch({ recording: false });
        return stopServerRecording(callId);
      }
      store().patch({ recording: await startServerRecording(callId) });
      return;
    }
    if (isRecording()) {
      store().patch({ recording: false });
      await stopRecording();
      return;
    }
    const ok = await startRecording(media.local, remoteStreams());
    store().patch({ recording: ok });
    if (!ok) return;
    // Follow joins, leaves and new remote streams until the recording stops.
    const unsubscribe = useCallsStore.subscribe((s, prev) => {
      if (!isRecording()) return unsubscribe();
      if (s.participants !== prev.participants || s.localStream !== prev.localStream) updateRecordingStreams(media.local, remoteStreams());
    });
  }
}

function remoteStreams(): { stream: MediaStream; label: string }[] {
  return Object.values(store().participants)
    .filter((p) => p.stream && p.state !== "left")
    .map((p) => ({ stream: p.stream!, label: p.name }));
}
