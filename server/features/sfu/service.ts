// The SFU driver (docs/calls.md), in Nextcloud Talk's pattern: browsers
// signal only with our hub; this node drives Janus's VideoRoom through janode on their behalf,
// and only media flows between the browsers and Janus. A call's Janus room number is derived
// from its history row, so every node finds the same room; a person's feed id is their user id.
import type { AppContext } from "../../context";
import { HttpError } from "../../errors";
import type { Jsep } from "@shared/realtime";
import type { Actor } from "../calls/signals";
import { findCall, findParticipant, type CallRow } from "../calls/repository";
import { codeOf, closeJanus, destroyRoom, ensureRoom, janus, kickFeed, onJanusLost, VideoRoom } from "./janus";
import { SfuPeer } from "./peers";
import type { Publisher } from "janode/plugins/videoroom";

/** Room numbers start here, clear of any static rooms a Janus install may ship with. */
const ROOM_BASE = 10_000_000;
export const roomOf = (call: Pick<CallRow, "id">) => ROOM_BASE + call.id;
/** Janus: "User ID already exists" (a feed left behind by a dropped connection). */
const ID_EXISTS = 436;

const registry = new WeakMap<AppContext, Map<string, SfuPeer>>();
const peersOf = (ctx: AppContext) => {
  let m = registry.get(ctx);
  if (!m) registry.set(ctx, (m = new Map()));
  return m;
};
const key = (callId: string, userId: number) => `${callId}:${userId}`;

onJanusLost((ctx) => {
  // Their handles died with the connection; the browsers see their connections fail and publish again.
  for (const p of peersOf(ctx).values()) void p.close();
  peersOf(ctx).clear();
});

async function sfuCallOf(ctx: AppContext, callId: string, userId: number): Promise<CallRow> {
  const call = await findCall(ctx.db, callId);
  if (!call) throw new HttpError(404, "Call not found");
  const me = await findParticipant(ctx.db, callId, userId);
  if (!me || me.status !== "joined" || me.left_at) throw new HttpError(403, "You are not in this call");
  if (call.media !== "sfu" || !["initiated", "ringing", "connected"].includes(call.status)) throw new HttpError(409, "This call does not use the SFU");
  return call;
}

function peerOf(ctx: AppContext, callId: string, userId: number): SfuPeer {
  const p = peersOf(ctx).get(key(callId, userId));
  if (!p || p.closed) throw new HttpError(409, "Not published to the SFU");
  return p;
}

/**
 * The user's browser offers its camera and microphone: join the call's room as a publisher
 * with that offer and return Janus's answer; then subscribe them to everyone already publishing.
 */
export async function publish(ctx: AppContext, user: Actor, callId: string, jsep: Jsep, onGone: (close: () => void) => void): Promise<{ jsep: Jsep }> {
  const call = await sfuCallOf(ctx, callId, user.id);
  const link = await janus(ctx);
  const room = roomOf(call);
  await ensureRoom(link, room);
  const peers = peersOf(ctx);
  await peers.get(key(callId, user.id))?.close(); // publishing again (a reconnect) replaces the old feed
  const peer = new SfuPeer(ctx, link, callId, room, user.id);
  peers.set(key(callId, user.id), peer);
  onGone(() => void leave(ctx, callId, user.id, peer));

  const pub = await link.session.attach(VideoRoom);
  peer.publisher = pub;
  pub.on(VideoRoom.EVENT.VIDEOROOM_PUB_LIST, (evt: { publishers: Publisher[] }) => void peer.subscribe(evt.publishers.map((p) => p.feed)));
  const gone = (evt: { feed?: number }) => {
    if (typeof evt.feed === "number" && evt.feed !== user.id) peer.forget(evt.feed);
  };
  pub.on(VideoRoom.EVENT.VIDEOROOM_UNPUBLISHED, gone);
  pub.on(VideoRoom.EVENT.VIDEOROOM_LEAVING, gone);
  pub.on(VideoRoom.EVENT.VIDEOROOM_TALKING, (evt: { feed: number; talking: boolean }) => {
    ctx.realtime?.toUsers([user.id], "sfu.talking", { call_id: callId, user_id: evt.feed, talking: evt.talking });
  });

  const join = () => pub.joinConfigurePublisher({ room, feed: user.id, display: user.full_name, audio: true, video: true, data: false, jsep });
  let joined;
  try {
    joined = await join();
  } catch (err) {
    if (codeOf(err) !== ID_EXISTS) throw err;
    await kickFeed(link, room, user.id); // a feed of ours from a connection that dropped
    joined = await join();
  }
  if (!joined.jsep) throw new HttpError(502, "The SFU did not answer");
  void peer.subscribe(joined.publishers.map((p) => p.feed));
  return { jsep: { type: "answer", sdp: joined.jsep.sdp } };
}

export async function answer(ctx: AppContext, user: Actor, callId: string, jsep: Jsep): Promise<null> {
  await peerOf(ctx, callId, user.id).answer(jsep);
  return null;
}

export async function trickle(ctx: AppContext, user: Actor, callId: string, target: "publisher" | "subscriber", candidate: object | null): Promise<null> {
  const handle = peerOf(ctx, callId, user.id)[target];
  if (!handle) return null; // nothing to receive yet: the subscriber's candidates come with its answer
  if (candidate) await handle.trickle(candidate);
  else await handle.trickleComplete();
  return null;
}

/** Which simulcast layer of each person's video this viewer gets (tile size, speaker, pin). */
export async function configure(ctx: AppContext, user: Actor, callId: string, layers: { user_id: number; substream: number }[]): Promise<null> {
  const peer = peerOf(ctx, callId, user.id);
  const streams = layers.flatMap((l) => {
    const mid = peer.videoMid(l.user_id);
    return mid ? [{ mid, substream: l.substream }] : [];
  });
  if (streams.length && peer.subscriber) await peer.subscriber.configure({ streams });
  return null;
}

/** The user left the call (or their socket went): drop their handles; Janus tells the others. */
export async function leave(ctx: AppContext, callId: string, userId: number, only?: SfuPeer): Promise<void> {
  const peers = peersOf(ctx);
  const peer = peers.get(key(callId, userId));
  if (!peer || (only && peer !== only)) return;
  peers.delete(key(callId, userId));
  await peer.close();
}

/** The organiser removed someone whose handles may live on another node: Janus drops the feed. */
export async function kick(ctx: AppContext, call: CallRow, userId: number): Promise<void> {
  await leave(ctx, call.call_id, userId);
  if (!ctx.config.janusUrl) return;
  await kickFeed(await janus(ctx), roomOf(call), userId);
}

export async function endRoom(ctx: AppContext, call: CallRow): Promise<void> {
  if (call.media !== "sfu" || !ctx.config.janusUrl) return;
  for (const [k, p] of peersOf(ctx)) {
    if (p.callId === call.call_id) {
      peersOf(ctx).delete(k);
      await p.close();
    }
  }
  await destroyRoom(await janus(ctx), roomOf(call)).catch((err) => ctx.log.warn({ err, call: call.call_id }, "destroying the SFU room failed"));
}

export async function closeSfu(ctx: AppContext): Promise<void> {
  for (const p of peersOf(ctx).values()) await p.close();
  peersOf(ctx).clear();
  await closeJanus(ctx);
}
