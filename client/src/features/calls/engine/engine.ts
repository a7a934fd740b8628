// The call state machine over simple-peer, as a full mesh (docs/calls.md):
// whoever is already in the call offers to each newcomer; the newcomer only answers, so two
// peers never offer to each other at once. Loaded lazily by ./controller.
import type { CallRecord, CallType, SignalMessage } from "@shared/realtime";
import { emitWithAck } from "../../../realtime/socket";
import { fetchCurrentCall } from "../api";
import { activeParticipants, useCallsStore } from "../store";
import type { CallTarget } from "./state";
import { loadIceServers } from "./ice";
import { describeMediaError, openCallMedia, stopStream } from "./media";
import { closeCallNotice } from "./notify";
import { createPeer, signalType, type Peer, type PeerSignal } from "./peer";
import { stopRecording } from "./recorder";
import { endInfo, parseData } from "./signalData";
import { media, peers, type PeerEntry } from "./state";
import { callTimeline, mark, resetTimeline } from "./timeline";
import { sfuActive, sfuConnections, startSfu, stopSfu } from "./sfu";

/** How long an "ended" call stays on screen before the view returns to idle. */
const ENDED_VISIBLE_MS = 2500;
/** A "disconnected" connection often recovers on its own (Wi-Fi hiccup); give it this long. */
const DISCONNECT_GRACE_MS = 4000;

let iceServers: RTCIceServer[] = [];
let endedTimer: ReturnType<typeof setTimeout> | null = null;
// Signals that arrive between `calls.initiate` and its ack, before we know our call id.
let early: SignalMessage[] = [];
// Applies a call's record read from the server: meeting.ts's receiveCallUpdate, set by ./index
// (meeting.ts imports this module, so this one cannot import it).
let applyCallRecord: (rec: CallRecord) => void = () => {};
export function setCallRecordHandler(apply: (rec: CallRecord) => void): void {
  applyCallRecord = apply;
}

const store = () => useCallsStore.getState();
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export { callTimeline };
export { toggleCamera, toggleMute, toggleRecording, toggleScreenShare } from "./controls";

export function peerConnections(): { userId: number; pc: RTCPeerConnection }[] {
  // Through the SFU there is no connection per person: user 0 stands for Janus.
  return [...[...peers.entries()].map(([userId, e]) => ({ userId, pc: e.pc })), ...sfuConnections().map((pc) => ({ userId: 0, pc }))];
}

/** Opens camera and microphone (or takes the pre-join screen's stream) and loads the ICE servers. */
export async function prepareMedia(kind: CallType, group: boolean, given?: MediaStream): Promise<MediaStream | null> {
  try {
    const [stream, ice] = await Promise.all([given ?? openCallMedia(kind, group), loadIceServers()]);
    iceServers = ice;
    return stream;
  } catch (err) {
    store().patch({ mediaError: describeMediaError(err), busy: false });
    return null;
  }
}

export const currentIceServers = () => iceServers;

export function adoptLocal(stream: MediaStream): void {
  if (endedTimer) clearTimeout(endedTimer);
  media.local = stream;
  media.cameraTrack = stream.getVideoTracks()[0] ?? null;
}

export async function start(targets: CallTarget[], kind: CallType, group: boolean): Promise<void> {
  const st = store();
  if (st.busy || st.status === "connecting" || st.status === "connected") return;
  st.patch({ busy: true });
  resetTimeline();
  mark("start");
  const stream = await prepareMedia(kind, group);
  mark("media-open");
  if (!stream) return;
  adoptLocal(stream);
  early = [];
  store().reset();
  store().patch({
    status: "connecting",
    outgoing: true,
    callType: kind,
    isGroup: group,
    title: group ? targets.map((t) => t.name).join(", ") : targets[0].name,
    localStream: stream,
    videoEnabled: kind === "video",
    busy: true,
  });
  for (const t of targets) {
    store().setParticipant(t.id, { name: t.name, state: "ringing" });
    openPeer(t.id, true, true);
  }
  try {
    const started = group
      ? await emitWithAck("calls.initiateGroup", { target_user_ids: targets.map((t) => t.id), call_type: kind })
      : await emitWithAck("calls.initiate", { target_user_id: targets[0].id, call_type: kind });
    if (store().status !== "connecting") {
      // Hung up while the server was answering: the call exists now, so end it there too.
      emitWithAck("calls.end", { call_id: started.call_id }).catch(() => {});
      return;
    }
    store().patch({ callId: started.call_id, busy: false });
    if (started.status === "rejected") {
      // Nobody could be rung (everyone busy): the server rejected the call outright.
      early = [];
      return finish(group ? "Everyone is busy" : `${targets[0].name} is busy`, false);
    }
    for (const id of started.rejected_user_ids ?? []) dropPeer(id, "rejected");
    const call_id = started.call_id;
    if (started.media === "sfu") {
      // A call this large goes through the SFU from the start: no offers to each person.
      closeMeshPeers();
      store().patch({ media: "sfu" });
      early = [];
      await startSfu(call_id, stream, iceServers);
      return;
    }
    const queued = early.filter((s) => s.call_id === call_id);
    early = [];
    for (const s of queued) handleSignal(s);
  } catch (err) {
    finish(`Failed to initiate call: ${errorText(err)}`, false);
  }
}

export async function accept(): Promise<void> {
  const invite = store().incoming;
  if (!invite || store().busy) return;
  const clickedAt = Date.now();
  closeCallNotice(invite.callId);
  store().patch({ busy: true });
  resetTimeline();
  mark("accept");
  const stream = await prepareMedia(invite.callType, invite.isGroup);
  mark("media-open");
  if (!stream) {
    // Without media we cannot take part: tell the caller instead of leaving them ringing.
    store().patch({ incoming: null });
    emitWithAck("calls.answer", { call_id: invite.callId, accepted: false }).catch(() => {});
    return;
  }
  if (store().incoming?.callId !== invite.callId) {
    stopStream(stream); // the caller gave up while the camera was opening
    store().patch({ busy: false });
    return;
  }
  adoptLocal(stream);
  store().reset();
  store().patch({
    incoming: null,
    status: "connecting",
    outgoing: false,
    callId: invite.callId,
    callType: invite.callType,
    isGroup: invite.isGroup,
    title: invite.fromName,
    localStream: stream,
    videoEnabled: invite.callType === "video",
    acceptedAt: clickedAt,
  });
  store().setParticipant(invite.fromUserId, { name: invite.fromName, state: "connecting" });
  try {
    const answered = await emitWithAck("calls.answer", { call_id: invite.callId, accepted: true });
    mark("answer-acked");
    // A calls.update may have moved us to the SFU already (moveToSfu): publishing twice would
    // have Janus replace the first feed while its answer is on the way.
    if (answered.media === "sfu" && !sfuActive()) {
      store().patch({ media: "sfu" });
      await startSfu(invite.callId, stream, iceServers);
    }
  } catch (err) {
    finish(`Failed to answer call: ${errorText(err)}`, false);
  }
}

/** Signals queued while meetings.join was under way, now that the call id is known. */
export function replayEarly(callId: string): void {
  const queued = early.filter((s) => s.call_id === callId);
  early = [];
  for (const s of queued) handleSignal(s);
}

export function handleSignal(s: SignalMessage): void {
  const st = store();
  if (st.incoming?.callId === s.call_id && (s.message_type === "call_end" || s.message_type === "call_reject")) {
    st.patch({ incoming: null }); // the caller hung up, or the ring timed out, before we answered
    return;
  }
  // Signals that arrive before our call id is known (calls.initiate or meetings.join not yet answered).
  if (!st.callId && (st.outgoing || st.meetingId) && st.status === "connecting") {
    early.push(s);
    return;
  }
  if (s.call_id !== st.callId || st.status === "idle" || st.status === "ended") return;
  const from = s.from_user_id;
  mark(`recv ${s.message_type}`);
  switch (s.message_type) {
    case "call_accept":
      store().patch({ acceptedAt: st.acceptedAt ?? Date.now() });
      store().setParticipant(from, { name: s.from_user_name, state: "connecting" });
      // Through the SFU their picture arrives with Janus's next offer; in a mesh we offer to them,
      // on a new connection if they walk into the meeting again (a reloaded page).
      if (st.media === "mesh" && st.meetingId && peers.get(from) && !peers.get(from)!.held) dropPeer(from, "connecting");
      if (st.media === "mesh") release(openPeer(from, true));
      return;
    case "call_reject": {
      // The server says whether the whole call is over (`call_ended`) or one person declined.
      const info = endInfo(s.message_data);
      if (!st.isGroup || info.callEnded) {
        return finish(info.reason === "busy" ? `${s.from_user_name || "They"} is busy` : "Call declined", false);
      }
      dropPeer(from, "rejected");
      return endIfAlone();
    }
    case "call_end": {
      const info = endInfo(s.message_data);
      if (!st.isGroup || info.callEnded || !st.participants[from]) {
        return finish(info.reason === "missed" ? "No answer" : "Call ended", false);
      }
      dropPeer(from); // one person left a group call that goes on
      return endIfAlone();
    }
    case "offer":
    case "answer":
    case "ice_candidate": {
      if (st.media === "sfu") return; // a mesh signal sent before the call moved to the SFU
      const data = parseData(s.message_data);
      if (!data) return;
      let entry = peers.get(from);
      if (!entry && s.message_type === "offer" && data.type === "offer") {
        store().setParticipant(from, { name: s.from_user_name, state: "connecting" });
        entry = openPeer(from, false);
      }
      if (!entry) return;
      entry.peer.signal(data);
      // An offer (callee) or an answer (caller) makes the call connected.
      if (data.type === "offer" || data.type === "answer") markConnected();
      return;
    }
  }
}

function markConnected(): void {
  const st = store();
  if (st.status === "connecting") st.patch({ status: "connected", connectedAt: Date.now(), busy: false });
}

function sendSignal(userId: number, data: PeerSignal): void {
  const callId = store().callId;
  if (!callId) return;
  mark(`send ${signalType(data)}`);
  emitWithAck("signals.send", {
    call_id: callId,
    to_user_id: userId,
    message_type: signalType(data),
    message_data: data as unknown as Record<string, unknown>,
  }).catch((err) => console.warn(`Failed to send signal: ${errorText(err)}`));
}

/**
 * The callee accepted: send the offer prepared while it rang. By now the local description holds
 * every candidate gathered so far, so one signal replaces the offer and its trickle of candidates.
 */
function release(entry: PeerEntry): void {
  const held = entry.held;
  if (!held) return;
  entry.held = undefined;
  const desc = entry.pc.localDescription;
  if (desc?.type === "offer" && held.some((d) => d.type === "offer")) {
    sendSignal(entry.userId, { type: "offer", sdp: desc.sdp });
    for (const data of held) if (data.type !== "offer" && data.type !== "candidate") sendSignal(entry.userId, data);
    return;
  }
  for (const data of held) sendSignal(entry.userId, data);
}

function openPeer(userId: number, initiator: boolean, hold = false): PeerEntry {
  const existing = peers.get(userId);
  if (existing) return existing;
  const peer = createPeer({ initiator, stream: media.local, iceServers });
  const entry: PeerEntry = { peer, pc: peer._pc, userId, held: hold ? [] : undefined };
  peers.set(userId, entry);
  // Someone joining while we share the screen sees the screen too.
  if (media.screenTrack && media.cameraTrack && media.local) peer.replaceTrack(media.cameraTrack, media.screenTrack, media.local);

  peer.on("signal", (data) => {
    if (entry.held) entry.held.push(data);
    else sendSignal(userId, data);
  });
  peer.on("stream", (stream) => {
    mark("stream");
    store().setParticipant(userId, { stream });
  });
  peer.on("connect", () => {
    mark("connect");
    store().setParticipant(userId, { state: "connected" });
    markConnected();
  });
  peer.on("close", () => lostPeer(userId, peer));
  peer.on("error", (err) => {
    console.warn("Peer connection error", err);
    lostPeer(userId, peer);
  });
  entry.pc.addEventListener("connectionstatechange", () => {
    const state = entry.pc.connectionState;
    mark(`pc ${state}`);
    if (state === "failed" || state === "closed") lostPeer(userId, peer);
    else if (state === "disconnected") {
      entry.disconnectTimer ??= setTimeout(() => {
        if (entry.pc.connectionState === "disconnected") lostPeer(userId, peer);
      }, DISCONNECT_GRACE_MS);
    } else if (entry.disconnectTimer) {
      clearTimeout(entry.disconnectTimer);
      entry.disconnectTimer = undefined;
    }
  });
  return entry;
}

/** The connection to one person died (failed, disconnected or closed ends the call). */
function lostPeer(userId: number, peer: Peer): void {
  if (peers.get(userId)?.peer !== peer) return; // already handled or replaced
  const st = store();
  dropPeer(userId, st.isGroup ? "left" : "connecting");
  if (!st.isGroup) void endUnlessMoved(st.callId, "Connection lost");
  else if (activeParticipants(store().participants).length === 0 && !st.meetingId) void endUnlessMoved(st.callId, "Everyone left the call");
}

/**
 * The last other person closed the connection, maybe because people were added and the call moved
 * to the SFU, which the calls.update still on its way here (or lost with a reconnect) would say:
 * ask the server before ending the call.
 */
async function endUnlessMoved(callId: string | null, reason: string): Promise<void> {
  const rec = callId ? await fetchCurrentCall(callId).catch(() => null) : null;
  if (store().callId !== callId || store().status === "ended" || store().media === "sfu") return; // settled meanwhile
  if (rec?.media === "sfu" && !["ended", "rejected", "missed"].includes(rec.status)) return applyCallRecord(rec);
  finish(reason, true);
}

/** The call moved to the SFU: the direct connections go, the people stay (their pictures come back through Janus). */
export function closeMeshPeers(): void {
  for (const [userId, entry] of [...peers.entries()]) {
    peers.delete(userId);
    if (entry.disconnectTimer) clearTimeout(entry.disconnectTimer);
    if (!entry.peer.destroyed) entry.peer.destroy();
    if (store().participants[userId]?.state !== "ringing") store().setParticipant(userId, { state: "connecting" });
  }
}

export function dropPeer(userId: number, state: "left" | "rejected" | "connecting" = "left"): void {
  const entry = peers.get(userId);
  peers.delete(userId);
  if (entry) {
    if (entry.disconnectTimer) clearTimeout(entry.disconnectTimer);
    if (!entry.peer.destroyed) entry.peer.destroy();
  }
  store().setParticipant(userId, { state, stream: null });
}

/** A group call with nobody left (everyone rejected or hung up) is over for us too; a meeting's room is not. */
function endIfAlone(): void {
  if (store().meetingId) return;
  const others = activeParticipants(store().participants);
  if (others.length === 0) finish("Everyone left the call", true);
}

/** Stops every track, closes every connection and forgets the call. */
function cleanup(): void {
  // Stops the recorder first, which then uploads what it has in the background.
  void stopRecording();
  stopSfu();
  for (const userId of [...peers.keys()]) {
    const entry = peers.get(userId);
    peers.delete(userId);
    if (entry?.disconnectTimer) clearTimeout(entry.disconnectTimer);
    if (entry && !entry.peer.destroyed) entry.peer.destroy();
  }
  media.screenTrack?.stop();
  media.screenTrack = null;
  stopStream(media.local);
  media.cameraTrack?.stop();
  media.local = null;
  media.cameraTrack = null;
  early = [];
}

/** Ends the call and shows why for a moment; `tellServer` when the others may not know yet. */
export function finish(reason: string, tellServer: boolean): void {
  const callId = store().callId;
  if (tellServer && callId) emitWithAck("calls.end", { call_id: callId }).catch(() => {});
  cleanup();
  store().reset();
  store().patch({ status: "ended", endReason: reason, callId });
  if (endedTimer) clearTimeout(endedTimer);
  endedTimer = setTimeout(() => {
    endedTimer = null;
    if (store().status === "ended") store().reset();
  }, ENDED_VISIBLE_MS);
}

/** The user hangs up: no lingering "ended" screen, straight back to idle. */
export function hangUp(): void {
  const callId = store().callId;
  if (callId) {
    emitWithAck("calls.end", { call_id: callId }).catch((err) => console.warn(`Failed to end call: ${errorText(err)}`));
  }
  if (endedTimer) clearTimeout(endedTimer);
  cleanup();
  store().reset();
}
