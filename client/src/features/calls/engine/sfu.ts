// Media through the SFU (docs/calls.md): one connection publishing this
// browser's camera (in simulcast layers) and microphone to Janus, and one receiving everyone
// else's streams. All signalling goes through our hub (sfu.publish, sfu.offer/sfu.answer,
// sfu.trickle); the browser never talks to Janus except for media. One SfuConnection, made by
// ./index and handed to the engine (./deps, SfuLink), holds the current call's session.
import type { SfuOffer } from "@shared/realtime";
import type { EngineDeps, SfuLink } from "./deps";
import { chooseLayers, SIMULCAST_ENCODINGS } from "./layers";

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

export class SfuConnection implements SfuLink {
  private session: SfuSession | null = null;
  private iceServers: RTCIceServer[] = [];
  // sfu.offer pushes are applied one at a time, in order.
  private offers: Promise<void> = Promise.resolve();

  constructor(private readonly deps: Pick<EngineDeps, "store" | "emit" | "timeline">) {}

  private get store() {
    return this.deps.store();
  }

  private mark(event: string): void {
    this.deps.timeline.mark(event);
  }

  active(): boolean {
    return this.session !== null && !this.session.closed;
  }

  connections(): RTCPeerConnection[] {
    const s = this.session;
    return s ? [s.pub, ...(s.sub ? [s.sub] : [])] : [];
  }

  private trickle(callId: string, target: "publisher" | "subscriber", candidate: RTCIceCandidateInit | null): void {
    this.deps
      .emit("sfu.trickle", {
        call_id: callId,
        target,
        candidate: candidate ? { candidate: candidate.candidate ?? "", sdpMid: candidate.sdpMid ?? null, sdpMLineIndex: candidate.sdpMLineIndex ?? null } : null,
      })
      .catch(() => {});
  }

  /** Publishes the local camera and microphone to the call's SFU room. */
  async start(callId: string, local: MediaStream, ice: RTCIceServer[]): Promise<void> {
    this.stop();
    this.iceServers = ice;
    const pub = new RTCPeerConnection({ iceServers: ice, bundlePolicy: "max-bundle" });
    const s: SfuSession = { callId, pub, sub: null, mids: new Map(), queued: [], streams: new Map(), closed: false };
    this.session = s;
    for (const track of local.getAudioTracks()) pub.addTransceiver(track, { direction: "sendonly", streams: [local] });
    for (const track of local.getVideoTracks()) {
      pub.addTransceiver(track, { direction: "sendonly", streams: [local], sendEncodings: SIMULCAST_ENCODINGS });
    }
    pub.onicecandidate = (e) => {
      const c = e.candidate ? e.candidate.toJSON() : null;
      if (s.queued) s.queued.push(c);
      else this.trickle(callId, "publisher", c);
    };
    pub.onconnectionstatechange = () => {
      this.mark(`sfu pub ${pub.connectionState}`);
      // Media flow to the SFU: the call is connected for us.
      const st = this.store;
      if (pub.connectionState === "connected" && st.status === "connecting" && st.callId === callId) {
        st.patch({ status: "connected", connectedAt: st.connectedAt ?? Date.now(), busy: false });
      }
    };
    await pub.setLocalDescription(await pub.createOffer());
    this.mark("sfu publish");
    const res = await this.deps.emit("sfu.publish", { call_id: callId, jsep: { type: "offer", sdp: pub.localDescription!.sdp } }, 30_000);
    if (s.closed) return;
    await pub.setRemoteDescription(res.jsep);
    const queued = s.queued ?? [];
    s.queued = null;
    for (const c of queued) this.trickle(callId, "publisher", c);
  }

  /** Janus offers everyone else's streams (again); answer, then show each person's tracks. */
  receiveOffer(o: SfuOffer): void {
    this.offers = this.offers.then(() => this.applyOffer(o)).catch((err) => console.warn("SFU offer failed", err));
  }

  private async applyOffer(o: SfuOffer): Promise<void> {
    const s = this.session;
    if (!s || s.closed || o.call_id !== s.callId) return;
    this.mark("sfu offer");
    s.mids = new Map(o.streams.map((x) => [x.mid, { user_id: x.user_id, kind: x.kind }]));
    if (!s.sub) {
      const sub = new RTCPeerConnection({ iceServers: this.iceServers, bundlePolicy: "max-bundle" });
      s.sub = sub;
      sub.onicecandidate = (e) => this.trickle(s.callId, "subscriber", e.candidate ? e.candidate.toJSON() : null);
      sub.ontrack = () => queueMicrotask(() => this.showStreams(s));
      sub.onconnectionstatechange = () => {
        this.mark(`sfu sub ${sub.connectionState}`);
        if (sub.connectionState === "connected") this.showStreams(s);
      };
    }
    await s.sub.setRemoteDescription(o.jsep);
    await s.sub.setLocalDescription(await s.sub.createAnswer());
    await this.deps.emit("sfu.answer", { call_id: s.callId, jsep: { type: "answer", sdp: s.sub.localDescription!.sdp } }, 30_000);
    this.showStreams(s);
  }

  /** One MediaStream per person from the receiving transceivers, as the offer's stream map says. */
  private showStreams(s: SfuSession): void {
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
      this.store.setParticipant(userId, { stream, state: "connected" });
    }
    for (const userId of [...s.streams.keys()]) {
      if (tracks.has(userId)) continue;
      s.streams.delete(userId);
      if (this.store.participants[userId]) this.store.setParticipant(userId, { stream: null });
    }
    this.scheduleLayers();
  }

  /** Asks for the simulcast layer each tile needs; called when people, the speaker or the pin change. */
  scheduleLayers(): void {
    const s = this.session;
    if (!s || s.closed) return;
    if (s.layersTimer) clearTimeout(s.layersTimer);
    s.layersTimer = setTimeout(() => {
      const { speakerId, pinnedId } = this.store;
      const layers = chooseLayers([...s.streams.keys()], { speakerId, pinnedId });
      if (layers.length) this.deps.emit("sfu.configure", { call_id: s.callId, layers }).catch(() => {});
    }, 150);
  }

  /** Janus's audio-level events: the last person to start talking is the active speaker. */
  receiveTalking(t: { call_id: string; user_id: number; talking: boolean }): void {
    const st = this.store;
    if (t.call_id !== st.callId) return;
    if (t.talking) st.patch({ speakerId: t.user_id });
    else if (st.speakerId === t.user_id) st.patch({ speakerId: null });
    this.scheduleLayers();
  }

  /** Puts a new local track (screen share, camera back) on the published video. */
  async replaceVideo(track: MediaStreamTrack): Promise<void> {
    const sender = this.session?.pub.getSenders().find((x) => x.track?.kind === "video");
    await sender?.replaceTrack(track);
  }

  stop(): void {
    const s = this.session;
    this.session = null;
    if (!s) return;
    s.closed = true;
    if (s.layersTimer) clearTimeout(s.layersTimer);
    s.pub.close();
    s.sub?.close();
  }
}
