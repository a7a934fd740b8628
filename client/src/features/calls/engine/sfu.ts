// Media through the SFU (docs/calls.md): one connection publishing this
// browser's camera (in simulcast layers) and microphone to Janus, and one receiving everyone
// else's streams. All signalling goes through our hub (sfu.publish, sfu.offer/sfu.answer,
// sfu.trickle); the browser never talks to Janus except for media.
import type { SfuOffer } from "@shared/realtime";
import { emitWithAck } from "../../../realtime/socket";
import { useCallsStore } from "../store";
import { chooseLayers, SIMULCAST_ENCODINGS } from "./layers";
import { mark } from "./timeline";

interface SfuSession {
  callId: string;
  pub: RTCPeerConnection;
  sub: RTCPeerConnection | null;
  /** Janus mid of each received track → whose it is. */
  mids: Map<string, { user_id: number; kind: "audio" | "video" }>;
  /** Candidates gathered before Janus answered the publish. */
  queued: (RTCIceCandidateInit | null)[] | null;
  streams: Map<number, MediaStream>;
  closed: boolean;
  layersTimer?: ReturnType<typeof setTimeout>;
}

let session: SfuSession | null = null;
let iceServers: RTCIceServer[] = [];
// sfu.offer pushes are applied one at a time, in order.
let offers: Promise<void> = Promise.resolve();

const store = () => useCallsStore.getState();

export const sfuActive = () => session !== null && !session.closed;
export function sfuConnections(): RTCPeerConnection[] {
  return session ? [session.pub, ...(session.sub ? [session.sub] : [])] : [];
}

function trickle(callId: string, target: "publisher" | "subscriber", candidate: RTCIceCandidateInit | null): void {
  emitWithAck("sfu.trickle", {
    call_id: callId,
    target,
    candidate: candidate ? { candidate: candidate.candidate ?? "", sdpMid: candidate.sdpMid ?? null, sdpMLineIndex: candidate.sdpMLineIndex ?? null } : null,
  }).catch(() => {});
}

/** Publishes the local camera and microphone to the call's SFU room. */
export async function startSfu(callId: string, local: MediaStream, ice: RTCIceServer[]): Promise<void> {
  stopSfu();
  iceServers = ice;
  const pub = new RTCPeerConnection({ iceServers: ice, bundlePolicy: "max-bundle" });
  const s: SfuSession = { callId, pub, sub: null, mids: new Map(), queued: [], streams: new Map(), closed: false };
  session = s;
  for (const track of local.getAudioTracks()) pub.addTransceiver(track, { direction: "sendonly", streams: [local] });
  for (const track of local.getVideoTracks()) {
    pub.addTransceiver(track, { direction: "sendonly", streams: [local], sendEncodings: SIMULCAST_ENCODINGS });
  }
  pub.onicecandidate = (e) => {
    const c = e.candidate ? e.candidate.toJSON() : null;
    if (s.queued) s.queued.push(c);
    else trickle(callId, "publisher", c);
  };
  pub.onconnectionstatechange = () => {
    mark(`sfu pub ${pub.connectionState}`);
    // Media flow to the SFU: the call is connected for us.
    const st = store();
    if (pub.connectionState === "connected" && st.status === "connecting" && st.callId === callId) {
      st.patch({ status: "connected", connectedAt: st.connectedAt ?? Date.now(), busy: false });
    }
  };
  await pub.setLocalDescription(await pub.createOffer());
  mark("sfu publish");
  const res = await emitWithAck("sfu.publish", { call_id: callId, jsep: { type: "offer", sdp: pub.localDescription!.sdp } }, 30_000);
  if (s.closed) return;
  await pub.setRemoteDescription(res.jsep);
  const queued = s.queued ?? [];
  s.queued = null;
  for (const c of queued) trickle(callId, "publisher", c);
}

/** Janus offers everyone else's streams (again); answer, then show each person's tracks. */
export function receiveSfuOffer(o: SfuOffer): void {
  offers = offers.then(() => applyOffer(o)).catch((err) => console.warn("SFU offer failed", err));
}

async function applyOffer(o: SfuOffer): Promise<void> {
  const s = session;
  if (!s || s.closed || o.call_id !== s.callId) return;
  mark("sfu offer");
  s.mids = new Map(o.streams.map((x) => [x.mid, { user_id: x.user_id, kind: x.kind }]));
  if (!s.sub) {
    const sub = new RTCPeerConnection({ iceServers, bundlePolicy: "max-bundle" });
    s.sub = sub;
    sub.onicecandidate = (e) => trickle(s.callId, "subscriber", e.candidate ? e.candidate.toJSON() : null);
    sub.ontrack = () => queueMicrotask(() => showStreams(s));
    sub.onconnectionstatechange = () => {
      mark(`sfu sub ${sub.connectionState}`);
      if (sub.connectionState === "connected") showStreams(s);
    };
  }
  await s.sub.setRemoteDescription(o.jsep);
  await s.sub.setLocalDescription(await s.sub.createAnswer());
  await emitWithAck("sfu.answer", { call_id: s.callId, jsep: { type: "answer", sdp: s.sub.localDescription!.sdp } }, 30_000);
  showStreams(s);
}

/** One MediaStream per person from the receiving transceivers, as the offer's stream map says. */
function showStreams(s: SfuSession): void {
  if (!s.sub || s.closed) return;
  const tracks = new Map<number, MediaStreamTrack[]>();
  for (const t of s.sub.getTransceivers()) {
    const who = t.mid ? s.mids.get(t.mid) : undefined;
    if (!who || t.currentDirection === "inactive") continue;
    tracks.set(who.user_id, [...(tracks.get(who.user_id) ?? []), t.receiver.track]);
  }
  for (const [userId, list] of tracks) {
    const prev = s.streams.get(userId);
    const same = prev && prev.getTracks().length === list.length && list.every((t) => prev.getTracks().includes(t));
    if (same) continue;
    const stream = new MediaStream(list);
    s.streams.set(userId, stream);
    store().setParticipant(userId, { stream, state: "connected" });
  }
  for (const userId of [...s.streams.keys()]) {
    if (tracks.has(userId)) continue;
    s.streams.delete(userId);
    if (store().participants[userId]) store().setParticipant(userId, { stream: null });
  }
  scheduleLayers();
}

/** Asks for the simulcast layer each tile needs; called when people, the speaker or the pin change. */
export function scheduleLayers(): void {
  const s = session;
  if (!s || s.closed) return;
  if (s.layersTimer) clearTimeout(s.layersTimer);
  s.layersTimer = setTimeout(() => {
    const { speakerId, pinnedId } = store();
    const layers = chooseLayers([...s.streams.keys()], { speakerId, pinnedId });
    if (layers.length) emitWithAck("sfu.configure", { call_id: s.callId, layers }).catch(() => {});
  }, 150);
}

/** Janus's audio-level events: the last person to start talking is the active speaker. */
export function receiveTalking(t: { call_id: string; user_id: number; talking: boolean }): void {
  const st = store();
  if (t.call_id !== st.callId) return;
  if (t.talking) st.patch({ speakerId: t.user_id });
  else if (st.speakerId === t.user_id) st.patch({ speakerId: null });
  scheduleLayers();
}

/** Puts a new local track (screen share, camera back) on the published video. */
export async function replaceSfuVideo(track: MediaStreamTrack): Promise<void> {
  const sender = session?.pub.getSenders().find((x) => x.track?.kind === "video");
  await sender?.replaceTrack(track);
}

export function stopSfu(): void {
  const s = session;
  session = null;
  if (!s) return;
  s.closed = true;
  if (s.layersTimer) clearTimeout(s.layersTimer);
  s.pub.close();
  s.sub?.close();
}
