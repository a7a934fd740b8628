// The direct connections of a mesh call (docs/calls.md): one simple-peer per other person, keyed by
// user id. The engine (./engine) decides when to open and drop them; this class owns them.
import { errorText, type EngineDeps } from "./deps";
import { signalType, type Peer, type PeerSignal } from "./peer";
import type { LocalMedia, PeerEntry } from "./state";

/** A "disconnected" connection often recovers on its own (Wi-Fi hiccup); give it this long. */
const DISCONNECT_GRACE_MS = 4000;

export interface MeshEvents {
  /** A connection came up, or an offer or answer arrived: the call is connected for us. */
  connected(): void;
  /** The connection to one person died (failed, disconnected past the grace, or closed). */
  lost(userId: number, peer: Peer): void;
}

export class MeshPeers {
  private readonly peers = new Map<number, PeerEntry>();

  constructor(
    private readonly deps: Pick<EngineDeps, "store" | "emit" | "createPeer" | "timeline">,
    private readonly media: LocalMedia,
    private readonly iceServers: () => RTCIceServer[],
    private readonly events: MeshEvents,
  ) {}

  get(userId: number): PeerEntry | undefined {
    return this.peers.get(userId);
  }

  entries(): PeerEntry[] {
    return [...this.peers.values()];
  }

  /** The connection to `userId`, opened now unless there is one; `hold` keeps its offer until they accept. */
  open(userId: number, initiator: boolean, hold = false): PeerEntry {
    const existing = this.peers.get(userId);
    if (existing) return existing;
    const { media, deps } = this;
    const peer = deps.createPeer({ initiator, stream: media.local, iceServers: this.iceServers() });
    const entry: PeerEntry = { peer, pc: peer._pc, userId, held: hold ? [] : undefined };
    this.peers.set(userId, entry);
    // Someone joining while we share the screen sees the screen too.
    if (media.screenTrack && media.cameraTrack && media.local) peer.replaceTrack(media.cameraTrack, media.screenTrack, media.local);

    peer.on("signal", (data) => {
      if (entry.held) entry.held.push(data);
      else this.send(userId, data);
    });
    peer.on("stream", (stream) => {
      this.deps.timeline.mark("stream");
      deps.store().setParticipant(userId, { stream });
    });
    peer.on("connect", () => {
      this.deps.timeline.mark("connect");
      deps.store().setParticipant(userId, { state: "connected" });
      this.events.connected();
    });
    peer.on("close", () => this.events.lost(userId, peer));
    peer.on("error", (err) => {
      console.warn("Peer connection error", err);
      this.events.lost(userId, peer);
    });
    entry.pc.addEventListener("connectionstatechange", () => {
      const state = entry.pc.connectionState;
      this.deps.timeline.mark(`pc ${state}`);
      if (state === "failed" || state === "closed") this.events.lost(userId, peer);
      else if (state === "disconnected") {
        entry.disconnectTimer ??= setTimeout(() => {
          if (entry.pc.connectionState === "disconnected") this.events.lost(userId, peer);
        }, DISCONNECT_GRACE_MS);
      } else if (entry.disconnectTimer) {
        clearTimeout(entry.disconnectTimer);
        entry.disconnectTimer = undefined;
      }
    });
    return entry;
  }

  /**
   * The callee accepted: send the offer prepared while it rang. By now the local description holds
   * every candidate gathered so far, so one signal replaces the offer and its trickle of candidates.
   */
  release(entry: PeerEntry): void {
    const held = entry.held;
    if (!held) return;
    entry.held = undefined;
    const desc = entry.pc.localDescription;
    if (desc?.type === "offer" && held.some((d) => d.type === "offer")) {
      this.send(entry.userId, { type: "offer", sdp: desc.sdp });
      for (const data of held) if (data.type !== "offer" && data.type !== "candidate") this.send(entry.userId, data);
      return;
    }
    for (const data of held) this.send(entry.userId, data);
  }

  /** Closes the connection to one person, if there is one. */
  close(userId: number): void {
    const entry = this.peers.get(userId);
    this.peers.delete(userId);
    if (!entry) return;
    if (entry.disconnectTimer) clearTimeout(entry.disconnectTimer);
    if (!entry.peer.destroyed) entry.peer.destroy();
  }

  /** Closes every connection; returns whose they were. */
  closeAll(): number[] {
    const ids = [...this.peers.keys()];
    for (const userId of ids) this.close(userId);
    return ids;
  }

  private send(userId: number, data: PeerSignal): void {
    const callId = this.deps.store().callId;
    if (!callId) return;
    this.deps.timeline.mark(`send ${signalType(data)}`);
    this.deps
      .emit("signals.send", {
        call_id: callId,
        to_user_id: userId,
        message_type: signalType(data),
        message_data: data as unknown as Record<string, unknown>,
      })
      .catch((err) => console.warn(`Failed to send signal: ${errorText(err)}`));
  }
}
