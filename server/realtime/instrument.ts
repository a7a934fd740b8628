// What the realtime layer reports and how it copes without Redis, attached to a running io in
// one call (docs/operations.md, "Monitoring" and "Failures and recovery").
import { seqBefore } from "../feed/repository";
import type { AppContext } from "../context";
import type { RedisClient } from "../features/presence/store";
import { addSocketSource, metrics } from "../ops/metrics";
import { pushPendingSignals } from "../features/calls/signals";
import { ClusterLink } from "./cluster-link";
import type { IoServer, RealtimeHub } from "./hub";
import { usersWithPendingSignals } from "./repository";

interface BroadcastingAdapter {
  broadcast: (packet: { data?: unknown[] }, opts: unknown) => unknown;
}

/** Counts every push by event name (once per broadcast; broadcasts relayed from other nodes are theirs). */
function countPushes(io: IoServer): void {
  const adapter = io.of("/").adapter as unknown as BroadcastingAdapter;
  const broadcast = adapter.broadcast.bind(adapter);
  adapter.broadcast = (packet, opts) => {
    const event = packet.data?.[0];
    if (typeof event === "string") metrics.pushed(event);
    return broadcast(packet, opts);
  };
}

/** Signals stored while the recipient's node could not be reached are delivered once the link is back. */
async function deliverStoredSignals(ctx: AppContext, io: IoServer): Promise<void> {
  const ids: number[] = [];
  for (const room of io.of("/").adapter.rooms.keys()) if (room.startsWith("user:")) ids.push(Number(room.slice(5)));
  if (!ids.length) return;
  const pending = await usersWithPendingSignals(ctx.db, ids);
  for (const id of pending.keys()) await pushPendingSignals(ctx, id);
}

export function instrumentRealtime(ctx: AppContext, io: IoServer, hub: RealtimeHub, redis: RedisClient | null): () => void {
  countPushes(io);
  const removeSource = addSocketSource(() => hub.localSockets);
  let link: ClusterLink | null = null;
  if (redis) {
    link = new ClusterLink({
      io,
      client: redis,
      nodeId: hub.nodeId,
      log: ctx.log,
      onResync: () => void deliverStoredSignals(ctx, io).catch((err) => ctx.log.warn({ err }, "delivering stored signals failed")),
      seqBefore: (at) => seqBefore(ctx.db, at),
    });
    hub.link = link;
  }
  return () => {
    removeSource();
    link?.close();
  };
}
