// The live media and peer connections of the current call, shared by the engine and its controls.
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

export const peers = new Map<number, PeerEntry>();

export const media: {
  local: MediaStream | null;
  cameraTrack: MediaStreamTrack | null;
  screenTrack: MediaStreamTrack | null;
} = { local: null, cameraTrack: null, screenTrack: null };
