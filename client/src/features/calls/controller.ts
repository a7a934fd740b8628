// The light half of the calls layer: it lives in the main bundle, takes socket events and UI
// commands, and loads the WebRTC engine (simple-peer and friends) only when a call needs it.
import type { CallRecord, CallType, SfuOffer, SignalMessage } from "@shared/realtime";
import { MESSAGES } from "@shared/constants";
import { emitWithAck } from "../../realtime/socket";
import { useCallsStore } from "./store";
import { toast } from "../../ui/notifications";
import { useSessionStore } from "../auth/store";
import { closeCallNotice, notifyIncomingCall } from "./engine/notify";
import { warmUpNetwork } from "./engine/warmup";
import { socketConnected } from "./heldCall";

type Engine = typeof import("./engine/index");

import type { CallTarget } from "./engine/state";

export type { CallTarget };

let enginePromise: Promise<Engine> | null = null;
let engine: Engine | null = null;

export function loadEngine(): Promise<Engine> {
  enginePromise ??= import("./engine/index").then((m) => {
    engine = m;
    return m;
  });
  return enginePromise;
}

// Signals are applied strictly in arrival order even though loading the engine is asynchronous:
// an ICE candidate handled before its offer would be lost.
let chain: Promise<void> = Promise.resolve();

/** A `signals.receive` push (see ./socket). */
export function receiveSignal(s: SignalMessage): void {
  if (s.message_type === "call_invite") {
    receiveInvite(s);
    return;
  }
  if (s.message_type === "call_end" || s.message_type === "call_reject") closeCallNotice(s.call_id);
  chain = chain
    .then(async () => (await loadEngine()).callEngine.handleSignal(s))
    .catch((err) => console.warn("Failed to handle signal", s.message_type, err));
}

// How many invites this tab received: the e2e tests check that walking into a meeting rings nobody.
let invitesSeen = 0;

function receiveInvite(s: SignalMessage): void {
  invitesSeen += 1;
  const me = useSessionStore.getState().user;
  const calls = useCallsStore.getState();
  const inCall = calls.status === "connecting" || calls.status === "connected";
  // A busy user rejects automatically; so does one already in a call or ringing.
  if (me?.user_status === "busy" || inCall || (calls.incoming && calls.incoming.callId !== s.call_id)) {
    emitWithAck("calls.answer", { call_id: s.call_id, accepted: false, reason: "busy" }).catch((err) =>
      console.warn("Failed to answer call", err),
    );
    return;
  }
  const invite = {
    callId: s.call_id,
    fromUserId: s.from_user_id,
    fromName: s.from_user_name || "Unknown Caller",
    callType: s.call_type ?? "video",
    participantIds: s.participant_ids ?? [s.from_user_id, s.to_user_id],
    isGroup: isGroupInvite(s),
    receivedAt: Date.now(),
  };
  useCallsStore.getState().patch({ incoming: invite });
  notifyIncomingCall(invite);
  void loadEngine(); // warm up, so accepting does not wait for the download
  warmUpNetwork();
}

function isGroupInvite(s: SignalMessage): boolean {
  const data = typeof s.message_data === "string" ? safeJson(s.message_data) : s.message_data;
  if (data && typeof data === "object" && "is_group" in data) return data.is_group === true;
  return (s.participant_ids?.length ?? 2) > 2;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function refuseWhenBusy(): boolean {
  if (useSessionStore.getState().user?.user_status !== "busy") return false;
  toast({ title: "Do Not Disturb", description: MESSAGES.busyStart, variant: "destructive" });
  return true;
}

export async function startCall(targets: CallTarget[], kind: CallType, group = targets.length > 1): Promise<void> {
  if (!targets.length || refuseWhenBusy()) return;
  await (await loadEngine()).callEngine.start(targets, kind, group);
}

/** Walks into a meeting's room (nobody is rung); `preview` is the pre-join screen's camera. */
export async function joinMeeting(meetingId: string, title: string, preview?: MediaStream): Promise<void> {
  if (refuseWhenBusy()) return;
  await (await loadEngine()).meetings.joinMeeting(meetingId, title, preview);
}

/** Rings more people into the call (calls.invite); the server moves a call past the mesh size to the SFU. */
export async function addPeople(people: CallTarget[]): Promise<void> {
  const st = useCallsStore.getState();
  if (!st.callId || !people.length) return;
  for (const p of people) useCallsStore.getState().setParticipant(p.id, { name: p.name, state: "ringing" });
  useCallsStore.getState().patch({ isGroup: true });
  try {
    await emitWithAck("calls.invite", { call_id: st.callId, user_ids: people.map((p) => p.id) });
  } catch (err) {
    for (const p of people) useCallsStore.getState().removeParticipant(p.id);
    toast({ title: "Could not add people", description: err instanceof Error ? err.message : String(err), variant: "destructive" });
  }
}

export async function setHandRaised(raised: boolean): Promise<void> {
  await engine?.meetings.setHandRaised(raised);
}

/** The organiser mutes or removes someone in the meeting. */
export async function moderate(userId: number, action: "mute" | "remove"): Promise<void> {
  const callId = useCallsStore.getState().callId;
  if (!callId) return;
  try {
    await emitWithAck(action === "mute" ? "meetings.mute" : "meetings.remove", { call_id: callId, user_id: userId });
  } catch (err) {
    toast({ title: action === "mute" ? "Could not mute" : "Could not remove", description: err instanceof Error ? err.message : String(err), variant: "destructive" });
  }
}

/** Pins a person's tile (full video layer, big tile), or unpins. */
export function setPinned(userId: number | null): void {
  useCallsStore.getState().patch({ pinnedId: userId });
  engine?.sfu.scheduleLayers();
}

/** After a reconnect (session.ready): hold our place in the call again, and publish to the SFU again if the call goes through it. */
export function resumeAfterReconnect(): void {
  chain = chain.then(async () => engine?.meetings.resumeCall()).catch((err) => console.warn("Failed to resume the call", err));
}

/**
 * A reloaded meeting page walks back into the meeting its tab was in (./heldCall), with the
 * microphone and camera as they were, once the socket can carry the join. Do Not Disturb does
 * not keep anyone out of a meeting they were already in.
 */
export async function resumeMeeting(meetingId: string, title: string, held: { audio: boolean; video: boolean }, preview: () => MediaStream | undefined): Promise<void> {
  const [eng] = await Promise.all([loadEngine(), socketConnected()]);
  await eng.meetings.joinMeeting(meetingId, title, preview(), held);
}

// SFU and meeting pushes, applied in order with the signals.
export function receiveCallUpdate(rec: CallRecord): void {
  if (!engine || rec.call_id !== useCallsStore.getState().callId) return;
  engine.meetings.receiveCallUpdate(rec);
}

export function receiveSfuOffer(o: SfuOffer): void {
  chain = chain.then(async () => (await loadEngine()).sfu.receiveOffer(o)).catch((err) => console.warn("Failed to handle SFU offer", err));
}

export function receiveTalking(t: { call_id: string; user_id: number; talking: boolean }): void {
  engine?.sfu.receiveTalking(t);
}

export function receiveControl(c: { call_id: string; action: "mute" | "remove" }): void {
  engine?.meetings.receiveControl(c);
}

export async function acceptIncoming(): Promise<void> {
  await (await loadEngine()).callEngine.accept();
}

export function rejectIncoming(): void {
  const invite = useCallsStore.getState().incoming;
  if (!invite) return;
  useCallsStore.getState().patch({ incoming: null });
  closeCallNotice(invite.callId);
  emitWithAck("calls.answer", { call_id: invite.callId, accepted: false }).catch((err) =>
    console.warn("Failed to answer call", err),
  );
}

export function hangUp(): void {
  if (engine) engine.callEngine.hangUp();
  else useCallsStore.getState().reset();
}

export function toggleMute(): void {
  engine?.controls.toggleMute();
}

export function toggleCamera(): void {
  engine?.controls.toggleCamera();
}

export async function toggleRecording(): Promise<void> {
  await engine?.controls.toggleRecording();
}

export async function toggleScreenShare(): Promise<void> {
  await engine?.controls.toggleScreenShare();
}

// A read-only hook for end-to-end tests (stats, track state); it exposes nothing the page lacks.
declare global {
  interface Window {
    __calls?: {
      state: () => ReturnType<typeof useCallsStore.getState>;
      peerConnections: () => { userId: number; pc: RTCPeerConnection }[];
      localStream: () => MediaStream | null;
      timeline: () => { event: string; at: number }[];
      invites: () => number;
    };
  }
}
if (typeof window !== "undefined") {
  window.__calls = {
    state: () => useCallsStore.getState(),
    peerConnections: () => engine?.callEngine.peerConnections() ?? [],
    localStream: () => useCallsStore.getState().localStream,
    timeline: () => engine?.callEngine.callTimeline() ?? [],
    invites: () => invitesSeen,
  };
}
