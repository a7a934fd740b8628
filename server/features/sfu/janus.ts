// One janode connection and session to Janus per app (docs/calls.md),
// opened on first use and opened again after Janus went away. A "manager" VideoRoom handle
// creates, destroys and kicks; every participant gets handles of their own (./peers).
import Janode, { type JanodeConnection, type JanodeSession } from "janode";
import VideoRoom, { type VideoRoomHandle } from "janode/plugins/videoroom";
import type { AppContext } from "../../context";

Janode.Logger.setLevel("error");

export interface JanusLink {
  session: JanodeSession;
  manager: VideoRoomHandle;
  /** Bumped on every new connection: handles of an older one are gone with it. */
  generation: number;
}

const links = new WeakMap<AppContext, Promise<JanusLink>>();
const connections = new WeakMap<AppContext, JanodeConnection>();
let generation = 0;

/** The app's link to Janus; throws when JANUS_URL is unset or Janus cannot be reached. */
export function janus(ctx: AppContext): Promise<JanusLink> {
  const url = ctx.config.janusUrl;
  if (!url) return Promise.reject(new Error("No SFU is configured"));
  let link = links.get(ctx);
  if (!link) {
    link = open(ctx, url);
    links.set(ctx, link);
    // A failed attempt is not kept: the next call tries again.
    link.catch(() => links.delete(ctx));
  }
  return link;
}

async function open(ctx: AppContext, url: string): Promise<JanusLink> {
  const connection = await Janode.connect({ address: { url }, retry_time_secs: 1, max_retries: 3 });
  connections.set(ctx, connection);
  const session = await connection.create(25);
  const manager = await session.attach(VideoRoom);
  const forget = () => {
    if (connections.get(ctx) === connection) {
      links.delete(ctx);
      connections.delete(ctx);
      ctx.log.warn("lost the connection to Janus; the next SFU request reconnects");
      for (const l of lostListeners) l(ctx);
    }
  };
  connection.once(Janode.EVENT.CONNECTION_CLOSED, forget);
  connection.once(Janode.EVENT.CONNECTION_ERROR, forget);
  session.once(Janode.EVENT.SESSION_DESTROYED, forget);
  return { session, manager, generation: ++generation };
}

type LostListener = (ctx: AppContext) => void;
const lostListeners = new Set<LostListener>();
export const onJanusLost = (l: LostListener) => lostListeners.add(l);

/** Janus answers 427 to creating a room that exists: another node (or an earlier join) made it. */
const ROOM_EXISTS = 427;
const NO_SUCH_ROOM = 426;

const codeOf = (err: unknown) => (err as { _code?: number })._code;

export async function ensureRoom(link: JanusLink, room: number): Promise<void> {
  try {
    await link.manager.create({
      room,
      max_publishers: 100,
      // Per publisher; the browser's simulcast layers add up to less than this.
      bitrate: 1_500_000,
      talking_events: true,
      talking_level_threshold: 60,
      talking_packets_threshold: 50,
      notify_joining: true,
      audiocodec: "opus",
      videocodec: "vp8",
      permanent: false,
    });
  } catch (err) {
    if (codeOf(err) !== ROOM_EXISTS) throw err;
  }
}

export async function destroyRoom(link: JanusLink, room: number): Promise<void> {
  try {
    await link.manager.destroy({ room });
  } catch (err) {
    if (codeOf(err) !== NO_SUCH_ROOM) throw err;
  }
}

export async function kickFeed(link: JanusLink, room: number, feed: number): Promise<void> {
  await link.manager.kick({ room, feed }).catch(() => {});
}

export async function closeJanus(ctx: AppContext): Promise<void> {
  const connection = connections.get(ctx);
  links.delete(ctx);
  connections.delete(ctx);
  await connection?.close().catch(() => {});
}

export { VideoRoom, codeOf };
