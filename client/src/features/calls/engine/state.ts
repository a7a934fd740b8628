// The types of the current call's live media and peer connections, shared by the engine
// (./engine, ./mesh), its controls (./controls) and meetings (./meeting); the instances live in
// the one CallEngine that ./index creates.
import type { Peer, PeerSignal } from "./peer";

/** Someone to call: the engine needs only who they are and what to show. */
export interface CallTarget {
  id: number;
  name: string;
}

export interface PeerEntry {
  peer: Peer;
  pc: RTCPeerConnection;
  userId: number;
  disconnectTimer?: ReturnType<typeof setTimeout>;
  /**
   * Signals of an offer prepared while the callee still rings; sent when they accept. Building
   * the offer and gathering candidates ahead takes that work off the time to first frame.
   */
  held?: PeerSignal[];
}

/** This browser's camera and microphone, and the screen track while it shares the screen. */
export interface LocalMedia {
  local: MediaStream | null;
  cameraTrack: MediaStreamTrack | null;
  screenTrack: MediaStreamTrack | null;
}
