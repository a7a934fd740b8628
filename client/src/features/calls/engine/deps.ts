// What the call engine needs from outside, handed to it once by ./index: the calls store, the
// socket, the server's current call, the media, the SFU connection and the set-up timeline. Passing them in keeps
// the engine free of import cycles (the call-record handler lives in ./meeting, which uses the
// engine) and lets its tests run without a browser (./engine.test.ts).
import type { CallRecord, CallType } from "@shared/realtime";
import type { emitWithAck } from "../../../realtime/socket";
import type { useCallsStore } from "../store";
import type { Peer, PeerOptions } from "./peer";
import type { CallTimeline } from "./timeline";

export type CallsStore = ReturnType<typeof useCallsStore.getState>;

/** The SFU half of a call (./sfu). */
export interface SfuLink {
  start(callId: string, local: MediaStream, ice: RTCIceServer[]): Promise<void>;
  stop(): void;
  active(): boolean;
  connections(): RTCPeerConnection[];
  /** Asks again for the simulcast layers the tiles need (people, speaker or pin changed). */
  scheduleLayers(): void;
  /** Puts a new local track (screen share, camera back) on the published video. */
  replaceVideo(track: MediaStreamTrack): Promise<void>;
}

export interface EngineDeps {
  store: () => CallsStore;
  emit: typeof emitWithAck;
  /** The call's record as the server has it now (docs/calls.md: a move to the SFU may be on its way). */
  fetchCurrentCall: (callId: string) => Promise<CallRecord | null>;
  /** Applies a call's record read from the server (./meeting's receiveCallUpdate). */
  applyCallRecord: (rec: CallRecord) => void;
  openMedia: (kind: CallType, group: boolean) => Promise<MediaStream>;
  loadIceServers: () => Promise<RTCIceServer[]>;
  createPeer: (opts: PeerOptions) => Peer;
  sfu: SfuLink;
  timeline: CallTimeline;
  stopRecording: () => Promise<void>;
  closeCallNotice: (callId: string) => void;
}

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
