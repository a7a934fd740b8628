// The call state machine over simple-peer, as a full mesh (docs/calls.md):
// whoever is already in the call offers to each newcomer; the newcomer only answers, so two
// peers never offer to each other at once. One instance, created by ./index (loaded lazily by
// ../controller), holds the current call's state.
import type { CallType, SignalMessage } from "@shared/realtime";
import { activeParticipants } from "../store";
import { errorText, type EngineDeps } from "./deps";
import { describeMediaError, stopStream } from "./media";
import { MeshPeers } from "./mesh";
import type { Peer } from "./peer";
import { endInfo, parseData } from "./signalData";
import type { CallTarget, LocalMedia } from "./state";

/** How long an "ended" call stays on screen before the view returns to idle. */
export const ENDED_VISIBLE_MS = 2500;

export class CallEngine {
  /** The current call's camera, microphone and screen track. */
  readonly media: LocalMedia = { local: null, cameraTrack: null, screenTrack: null };
  readonly mesh: MeshPeers;
  private iceServers: RTCIceServer[] = [];
  private endedTimer: ReturnType<typeof setTimeout> | null = null;
  /** Signals that arrive between `calls.initiate` (or `meetings.join`) and its ack, before we know our call id. */
  private early: SignalMessage[] = [];

  constructor(private readonly deps: EngineDeps) {
    this.mesh = new MeshPeers(deps, this.media, () => this.iceServers, {
      connected: () => this.markConnected(),
      lost: (userId, peer) => this.lostPeer(userId, peer),
    });
  }

  private get store() {
    return this.deps.store();
  }

  /** The SFU half of the call (./sfu), for meetings and the controls. */
  get sfu() {
    return this.deps.sfu;
  }

  get timeline() {
    return this.deps.timeline;
  }

  private mark(event: string): void {
    this.deps.timeline.mark(event);
  }

  callTimeline(): { event: string; at: number }[] {
    return this.deps.timeline.list();
  }

  peerConnections(): { userId: number; pc: RTCPeerConnection }[] {
    // Through the SFU there is no connection per person: user 0 stands for Janus.
    return [...this.mesh.entries().map((e) => ({ userId: e.userId, pc: e.pc })), ...this.deps.sfu.connections().map((pc) => ({ userId: 0, pc }))];
  }

  /** Opens camera and microphone (or takes the pre-join screen's stream) and loads the ICE servers. */
  async prepareMedia(kind: CallType, group: boolean, given?: MediaStream): Promise<MediaStream | null> {
    try {
      const [stream, ice] = await Promise.all([given ?? this.deps.openMedia(kind, group), this.deps.loadIceServers()]);
      this.iceServers = ice;
      return stream;
    } catch (err) {
      this.store.patch({ mediaError: describeMediaError(err), busy: false });
      return null;
    }
  }

  currentIceServers(): RTCIceServer[] {
    return this.iceServers;
  }

  adoptLocal(stream: MediaStream): void {
    if (this.endedTimer) clearTimeout(this.endedTimer);
    this.media.local = stream;
    this.media.cameraTrack = stream.getVideoTracks()[0] ?? null;
  }

  async start(targets: CallTarget[], kind: CallType, group: boolean): Promise<void> {
    const st = this.store;
    if (st.busy || st.status === "connecting" || st.status === "connected") return;
    st.patch({ busy: true });
    this.deps.timeline.reset();
    this.mark("start");
    const stream = await this.prepareMedia(kind, group);
    this.mark("media-open");
    if (!stream) return;
    this.adoptLocal(stream);
    this.early = [];
    this.store.reset();
    this.store.patch({
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
      this.store.setParticipant(t.id, { name: t.name, state: "ringing" });
      this.mesh.open(t.id, true, true);
    }
    try {
      const { emit } = this.deps;
      const started = group
        ? await emit("calls.initiateGroup", { target_user_ids: targets.map((t) => t.id), call_type: kind })
        : await emit("calls.initiate", { target_user_id: targets[0].id, call_type: kind });
      if (this.store.status !== "connecting") {
        // Hung up while the server was answering: the call exists now, so end it there too.
        emit("calls.end", { call_id: started.call_id }).catch(() => {});
        return;
      }
      this.store.patch({ callId: started.call_id, busy: false });
      if (started.status === "rejected") {
        // Nobody could be rung (everyone busy): the server rejected the call outright.
        this.early = [];
        return this.finish(group ? "Everyone is busy" : `${targets[0].name} is busy`, false);
      }
      for (const id of started.rejected_user_ids ?? []) this.dropPeer(id, "rejected");
      if (started.media === "sfu") {
        // A call this large goes through the SFU from the start: no offers to each person.
        this.closeMeshPeers();
        this.store.patch({ media: "sfu" });
        this.early = [];
        await this.deps.sfu.start(started.call_id, stream, this.iceServers);
        return;
      }
      this.replayEarly(started.call_id);
    } catch (err) {
      this.finish(`Failed to initiate call: ${errorText(err)}`, false);
    }
  }

  async accept(): Promise<void> {
    const invite = this.store.incoming;
    if (!invite || this.store.busy) return;
    const clickedAt = Date.now();
    this.deps.closeCallNotice(invite.callId);
    this.store.patch({ busy: true });
    this.deps.timeline.reset();
    this.mark("accept");
    const stream = await this.prepareMedia(invite.callType, invite.isGroup);
    this.mark("media-open");
    if (!stream) {
      // Without media we cannot take part: tell the caller instead of leaving them ringing.
      this.store.patch({ incoming: null });
      this.deps.emit("calls.answer", { call_id: invite.callId, accepted: false }).catch(() => {});
      return;
    }
    if (this.store.incoming?.callId !== invite.callId) {
      stopStream(stream); // the caller gave up while the camera was opening
      this.store.patch({ busy: false });
      return;
    }
    this.adoptLocal(stream);
    this.store.reset();
    this.store.patch({
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
    this.store.setParticipant(invite.fromUserId, { name: invite.fromName, state: "connecting" });
    try {
      const answered = await this.deps.emit("calls.answer", { call_id: invite.callId, accepted: true });
      this.mark("answer-acked");
      // A calls.update may have moved us to the SFU already (moveToSfu): publishing twice would
      // have Janus replace the first feed while its answer is on the way.
      if (answered.media === "sfu" && !this.deps.sfu.active()) {
        this.store.patch({ media: "sfu" });
        await this.deps.sfu.start(invite.callId, stream, this.iceServers);
      }
    } catch (err) {
      this.finish(`Failed to answer call: ${errorText(err)}`, false);
    }
  }

  /** Signals queued while calls.initiate or meetings.join was under way, now that the call id is known. */
  replayEarly(callId: string): void {
    const queued = this.early.filter((s) => s.call_id === callId);
    this.early = [];
    for (const s of queued) this.handleSignal(s);
  }

  handleSignal(s: SignalMessage): void {
    const st = this.store;
    if (st.incoming?.callId === s.call_id && (s.message_type === "call_end" || s.message_type === "call_reject")) {
      st.patch({ incoming: null }); // the caller hung up, or the ring timed out, before we answered
      return;
    }
    // Signals that arrive before our call id is known (calls.initiate or meetings.join not yet answered).
    if (!st.callId && (st.outgoing || st.meetingId) && st.status === "connecting") {
      this.early.push(s);
      return;
    }
    if (s.call_id !== st.callId || st.status === "idle" || st.status === "ended") return;
    const from = s.from_user_id;
    this.mark(`recv ${s.message_type}`);
    switch (s.message_type) {
      case "call_accept": {
        this.store.patch({ acceptedAt: st.acceptedAt ?? Date.now() });
        this.store.setParticipant(from, { name: s.from_user_name, state: "connecting" });
        // Through the SFU their picture arrives with Janus's next offer; in a mesh we offer to them,
        // on a new connection if they walk into the meeting again (a reloaded page).
        const existing = this.mesh.get(from);
        if (st.media === "mesh" && st.meetingId && existing && !existing.held) this.dropPeer(from, "connecting");
        if (st.media === "mesh") this.mesh.release(this.mesh.open(from, true));
        return;
      }
      case "call_reject": {
        // The server says whether the whole call is over (`call_ended`) or one person declined.
        const info = endInfo(s.message_data);
        if (!st.isGroup || info.callEnded) {
          return this.finish(info.reason === "busy" ? `${s.from_user_name || "They"} is busy` : "Call declined", false);
        }
        this.dropPeer(from, "rejected");
        return this.endIfAlone();
      }
      case "call_end": {
        const info = endInfo(s.message_data);
        if (!st.isGroup || info.callEnded || !st.participants[from]) {
          return this.finish(info.reason === "missed" ? "No answer" : "Call ended", false);
        }
        this.dropPeer(from); // one person left a group call that goes on
        return this.endIfAlone();
      }
      case "offer":
      case "answer":
      case "ice_candidate": {
        if (st.media === "sfu") return; // a mesh signal sent before the call moved to the SFU
        const data = parseData(s.message_data);
        if (!data) return;
        let entry = this.mesh.get(from);
        if (!entry && s.message_type === "offer" && data.type === "offer") {
          this.store.setParticipant(from, { name: s.from_user_name, state: "connecting" });
          entry = this.mesh.open(from, false);
        }
        if (!entry) return;
        entry.peer.signal(data);
        // An offer (callee) or an answer (caller) makes the call connected.
        if (data.type === "offer" || data.type === "answer") this.markConnected();
        return;
      }
    }
  }

  private markConnected(): void {
    const st = this.store;
    if (st.status === "connecting") st.patch({ status: "connected", connectedAt: Date.now(), busy: false });
  }

  /** The connection to one person died (failed, disconnected or closed ends the call). */
  private lostPeer(userId: number, peer: Peer): void {
    if (this.mesh.get(userId)?.peer !== peer) return; // already handled or replaced
    const st = this.store;
    this.dropPeer(userId, st.isGroup ? "left" : "connecting");
    if (!st.isGroup) void this.endUnlessMoved(st.callId, "Connection lost");
    else if (activeParticipants(this.store.participants).length === 0 && !st.meetingId) void this.endUnlessMoved(st.callId, "Everyone left the call");
  }

  /**
   * The last other person closed the connection, maybe because people were added and the call moved
   * to the SFU, which the calls.update still on its way here (or lost with a reconnect) would say:
   * ask the server before ending the call.
   */
  private async endUnlessMoved(callId: string | null, reason: string): Promise<void> {
    const rec = callId ? await this.deps.fetchCurrentCall(callId).catch(() => null) : null;
    if (this.store.callId !== callId || this.store.status === "ended" || this.store.media === "sfu") return; // settled meanwhile
    if (rec?.media === "sfu" && !["ended", "rejected", "missed"].includes(rec.status)) return this.deps.applyCallRecord(rec);
    this.finish(reason, true);
  }

  /** The call moved to the SFU: the direct connections go, the people stay (their pictures come back through Janus). */
  closeMeshPeers(): void {
    for (const userId of this.mesh.closeAll()) {
      if (this.store.participants[userId]?.state !== "ringing") this.store.setParticipant(userId, { state: "connecting" });
    }
  }

  dropPeer(userId: number, state: "left" | "rejected" | "connecting" = "left"): void {
    this.mesh.close(userId);
    this.store.setParticipant(userId, { state, stream: null });
  }

  /** A group call with nobody left (everyone rejected or hung up) is over for us too; a meeting's room is not. */
  private endIfAlone(): void {
    if (this.store.meetingId) return;
    const others = activeParticipants(this.store.participants);
    if (others.length === 0) this.finish("Everyone left the call", true);
  }

  /** Stops every track, closes every connection and forgets the call. */
  private cleanup(): void {
    // Stops the recorder first, which then uploads what it has in the background.
    void this.deps.stopRecording();
    this.deps.sfu.stop();
    this.mesh.closeAll();
    const { media } = this;
    media.screenTrack?.stop();
    media.screenTrack = null;
    stopStream(media.local);
    media.cameraTrack?.stop();
    media.local = null;
    media.cameraTrack = null;
    this.early = [];
  }

  /** Ends the call and shows why for a moment; `tellServer` when the others may not know yet. */
  finish(reason: string, tellServer: boolean): void {
    const callId = this.store.callId;
    if (tellServer && callId) this.deps.emit("calls.end", { call_id: callId }).catch(() => {});
    this.cleanup();
    this.store.reset();
    this.store.patch({ status: "ended", endReason: reason, callId });
    if (this.endedTimer) clearTimeout(this.endedTimer);
    this.endedTimer = setTimeout(() => {
      this.endedTimer = null;
      if (this.store.status === "ended") this.store.reset();
    }, ENDED_VISIBLE_MS);
  }

  /** The user hangs up: no lingering "ended" screen, straight back to idle. */
  hangUp(): void {
    const callId = this.store.callId;
    if (callId) {
      this.deps.emit("calls.end", { call_id: callId }).catch((err) => console.warn(`Failed to end call: ${errorText(err)}`));
    }
    if (this.endedTimer) clearTimeout(this.endedTimer);
    this.cleanup();
    this.store.reset();
  }
}
