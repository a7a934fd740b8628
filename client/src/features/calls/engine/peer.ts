import SimplePeerBundle from "simple-peer/simplepeer.min.js";

/** What simple-peer emits on 'signal': an SDP description, an ICE candidate, or a renegotiation request. */
export type PeerSignal =
  | { type: "offer" | "answer"; sdp: string }
  | { type: "candidate"; candidate: RTCIceCandidateInit }
  | { type: "renegotiate"; renegotiate: true }
  | { type: "transceiverRequest"; transceiverRequest: { kind: string; init?: RTCRtpTransceiverInit } };

export interface PeerOptions {
  initiator: boolean;
  stream: MediaStream | null;
  iceServers: RTCIceServer[];
}

/** The slice of a simple-peer instance the calls engine relies on. */
export interface Peer {
  signal(data: PeerSignal | string): void;
  replaceTrack(oldTrack: MediaStreamTrack, newTrack: MediaStreamTrack, stream: MediaStream): void;
  destroy(err?: Error): void;
  readonly destroyed: boolean;
  on(event: "signal", cb: (data: PeerSignal) => void): void;
  on(event: "stream", cb: (stream: MediaStream) => void): void;
  on(event: "connect" | "close", cb: () => void): void;
  on(event: "error", cb: (err: Error) => void): void;
  /** simple-peer keeps the RTCPeerConnection here; read for connection state and getStats(). */
  readonly _pc: RTCPeerConnection;
}

/**
 * WebRTC starts a video sender at about 300 kbit/s and ramps up; a 1080p key frame then takes
 * seconds to pace out, which is most of the wait for the first picture. Both sides are this app,
 * so each local description asks the other side to start higher.
 */
const START_KBPS = 2500;

export function withStartBitrate(sdp: string): string {
  let inVideo = false;
  return sdp
    .split("\r\n")
    .map((line) => {
      if (line.startsWith("m=")) inVideo = line.startsWith("m=video");
      if (inVideo && line.startsWith("a=fmtp:") && !line.includes("x-google-start-bitrate") && !/ apt=/.test(line)) {
        return `${line};x-google-start-bitrate=${START_KBPS}`;
      }
      return line;
    })
    .join("\r\n");
}

export function createPeer(opts: PeerOptions): Peer {
  return new SimplePeerBundle({
    initiator: opts.initiator,
    stream: opts.stream ?? undefined,
    trickle: true,
    // One transport for audio, video and data: a third of the ICE candidates to signal, and
    // nothing to renegotiate when the answer agrees to bundle anyway.
    config: { iceServers: opts.iceServers, bundlePolicy: "max-bundle" },
    sdpTransform: withStartBitrate,
    // No data channel traffic is used, but simple-peer always opens one; keep its defaults.
  }) as Peer;
}

/** Maps a simple-peer signal onto the documented signal message types. */
export function signalType(data: PeerSignal): "offer" | "answer" | "ice_candidate" {
  if (data.type === "answer") return "answer";
  if (data.type === "candidate") return "ice_candidate";
  // Renegotiation requests travel as offers: the receiver hands every payload to simple-peer as is.
  return "offer";
}
