import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SignalMessage } from "@shared/realtime";
import { useCallsStore } from "../store";
import type { EngineDeps } from "./deps";
import { CallEngine, ENDED_VISIBLE_MS } from "./engine";
import type { Peer, PeerOptions } from "./peer";
import { CallTimeline } from "./timeline";

const store = () => useCallsStore.getState();

/** A simple-peer stand-in: records what the engine hands it and lets the test raise its events. */
class FakePeer {
  readonly handlers = new Map<string, (...args: unknown[]) => void>();
  readonly signal = vi.fn();
  readonly replaceTrack = vi.fn();
  destroyed = false;
  readonly destroy = vi.fn(() => (this.destroyed = true));
  readonly _pc = Object.assign(new EventTarget(), { connectionState: "new", localDescription: null as RTCSessionDescriptionInit | null });
  constructor(readonly opts: PeerOptions) {}
  on(event: string, cb: (...args: unknown[]) => void): void {
    this.handlers.set(event, cb);
  }
  raise(event: string, ...args: unknown[]): void {
    this.handlers.get(event)?.(...args);
  }
}

const stream = { getVideoTracks: () => [], getAudioTracks: () => [], getTracks: () => [] } as unknown as MediaStream;

function signal(call_id: string, message_type: SignalMessage["message_type"], from_user_id: number, message_data: unknown = {}): SignalMessage {
  return { id: 0, call_id, message_type, message_data, from_user_id, from_user_name: `User ${from_user_id}`, from_user_email: "", to_user_id: 1, created_at: "" };
}

function setup(answers: Record<string, () => Promise<unknown>> = {}) {
  const peers: FakePeer[] = [];
  const emitted: { event: string; payload: unknown }[] = [];
  const emit = vi.fn((event: string, payload: unknown) => {
    emitted.push({ event, payload });
    return answers[event]?.() ?? Promise.resolve({});
  });
  const deps: EngineDeps = {
    store: useCallsStore.getState,
    emit: emit as unknown as EngineDeps["emit"],
    fetchCurrentCall: vi.fn(async () => null),
    applyCallRecord: vi.fn(),
    openMedia: vi.fn(async () => stream),
    loadIceServers: vi.fn(async () => [{ urls: "stun:example.test" }]),
    createPeer: (opts) => {
      const p = new FakePeer(opts);
      peers.push(p);
      return p as unknown as Peer;
    },
    sfu: { start: vi.fn(async () => {}), stop: vi.fn(), active: () => false, connections: () => [], scheduleLayers: vi.fn(), replaceVideo: vi.fn(async () => {}) },
    timeline: new CallTimeline(),
    stopRecording: vi.fn(async () => {}),
    closeCallNotice: vi.fn(),
  };
  return { engine: new CallEngine(deps), deps, peers, emitted };
}

/** A promise the test settles by hand: a server answer still on its way. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe("the call engine (docs/calls.md)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    store().reset();
  });

  it("keeps signals that come before calls.initiate answers, and applies them once the call id is known", async () => {
    const initiated = deferred<unknown>();
    const { engine, peers, emitted } = setup({ "calls.initiate": () => initiated.promise });
    const starting = engine.start([{ id: 2, name: "Avery" }], "video", false);
    await vi.waitFor(() => expect(store().status).toBe("connecting"));
    expect(peers).toHaveLength(1);
    // The offer made while it rings is held, not sent.
    peers[0]._pc.localDescription = { type: "offer", sdp: "v=0" };
    peers[0].raise("signal", { type: "offer", sdp: "v=0" });
    engine.handleSignal(signal("c1", "call_accept", 2));
    engine.handleSignal(signal("other", "call_accept", 3));
    expect(emitted.filter((e) => e.event === "signals.send")).toHaveLength(0);

    initiated.resolve({ call_id: "c1", status: "ringing", media: "mesh" });
    await starting;
    const sent = emitted.filter((e) => e.event === "signals.send");
    expect(sent).toEqual([{ event: "signals.send", payload: { call_id: "c1", to_user_id: 2, message_type: "offer", message_data: { type: "offer", sdp: "v=0" } } }]);
    expect(store().participants[2].state).toBe("connecting");
    expect(store().participants[3]).toBeUndefined(); // another call's signal is dropped

    engine.replayEarly("c1"); // replayed once: nothing is left to replay
    expect(emitted.filter((e) => e.event === "signals.send")).toHaveLength(1);
  });

  it("replays a meeting's early offers after meetings.join, opening an answering connection", () => {
    const { engine, peers } = setup();
    store().patch({ status: "connecting", meetingId: "m1", isGroup: true });
    const offer = { type: "offer", sdp: "v=0" };
    engine.handleSignal(signal("c9", "offer", 4, offer));
    expect(peers).toHaveLength(0);

    store().patch({ callId: "c9", status: "connected" });
    engine.replayEarly("c9");
    expect(peers).toHaveLength(1);
    expect(peers[0].opts.initiator).toBe(false);
    expect(peers[0].signal).toHaveBeenCalledExactlyOnceWith(offer);
    engine.replayEarly("c9");
    expect(peers[0].signal).toHaveBeenCalledTimes(1);
  });

  it("ends a group call when the last other person leaves, and tells the server", () => {
    const { engine, emitted } = setup();
    store().patch({ status: "connected", callId: "g1", isGroup: true });
    store().setParticipant(2, { name: "Avery", state: "connected" });
    store().setParticipant(3, { name: "Blake", state: "connected" });

    engine.handleSignal(signal("g1", "call_end", 2));
    expect(store().status).toBe("connected");
    expect(store().participants[2].state).toBe("left");

    engine.handleSignal(signal("g1", "call_reject", 3));
    expect(store().status).toBe("ended");
    expect(store().endReason).toBe("Everyone left the call");
    expect(emitted).toContainEqual({ event: "calls.end", payload: { call_id: "g1" } });
  });

  it("keeps a meeting's room open when everyone else has left", () => {
    const { engine } = setup();
    store().patch({ status: "connected", callId: "m2", isGroup: true, meetingId: "room" });
    store().setParticipant(2, { name: "Avery", state: "connected" });
    engine.handleSignal(signal("m2", "call_end", 2));
    expect(store().status).toBe("connected");
  });

  it("shows an ended call for a moment, then returns to idle", () => {
    const { engine, emitted } = setup();
    store().patch({ status: "connected", callId: "c2" });
    engine.handleSignal(signal("c2", "call_reject", 2, { reason: "busy" }));
    expect(store()).toMatchObject({ status: "ended", endReason: "User 2 is busy", callId: "c2" });
    expect(emitted.some((e) => e.event === "calls.end")).toBe(false); // the server ended it
    vi.advanceTimersByTime(ENDED_VISIBLE_MS - 1);
    expect(store().status).toBe("ended");
    vi.advanceTimersByTime(1);
    expect(store().status).toBe("idle");
  });

  it("forgets the ended screen's timer when the next call starts", () => {
    const { engine } = setup();
    store().patch({ status: "connected", callId: "c3" });
    engine.finish("Call ended", false);
    engine.adoptLocal(stream);
    store().patch({ status: "connecting" });
    vi.advanceTimersByTime(ENDED_VISIBLE_MS);
    expect(store().status).toBe("connecting");
  });

  it("hangs up straight back to idle, closing every connection", () => {
    const { engine, peers, deps, emitted } = setup();
    store().patch({ status: "connected", callId: "c4", isGroup: true });
    engine.handleSignal(signal("c4", "offer", 5, { type: "offer", sdp: "v=0" }));
    engine.hangUp();
    expect(store().status).toBe("idle");
    expect(peers[0].destroy).toHaveBeenCalled();
    expect(deps.sfu.stop).toHaveBeenCalled();
    expect(emitted).toContainEqual({ event: "calls.end", payload: { call_id: "c4" } });
    expect(engine.peerConnections()).toEqual([]);
  });
});
