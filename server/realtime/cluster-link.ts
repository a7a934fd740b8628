// The node's link to the other nodes through Redis (docs/operations.md, "Failures and recovery"). While Redis
// is away a node keeps serving its own sockets at full speed: a cross-node publish is refused at
// once instead of waiting in the Redis client's offline queue (Socket.IO's cluster adapter awaits
// the publish before delivering to local sockets, so a queued publish would hold local pushes too),
// and a reconnecting socket does not wait for its session to be looked up in Redis. What could
// not cross is not silently dropped: when the link is back, every node tells its own sockets
// `sync.required {since}` (pushes from other nodes after `since` may be missing: catch up), and a
// node whose publishes failed asks the other nodes to tell theirs.
import type { Logger } from "pino";
import type { RedisClient } from "../features/presence/store";
import type { SyncRequired } from "@shared/realtime";
import { metrics } from "../ops/metrics";
import type { IoServer } from "./hub";
import { within } from "../within";

/** Pushes whose Redis entry was written up to this long before the link broke may be unread by other nodes; database and node clocks may differ a little too. */
export const GAP_MARGIN_MS = 5000;
/** How long a cross-node publish may take before it counts as failed (local pushes wait for it). */
export const PUBLISH_TIMEOUT_MS = 1000;
// Socket.IO cluster message types that carry no data to anyone (heartbeats).
const HEARTBEATS = new Set([1, 2]);

/**
 * How long a node whose link is back waits to hear again from the nodes it knew before the link
 * broke; one that has not come back by then (it died meanwhile) no longer holds the gap open.
 */
export const PEER_WAIT_MS = 15_000;
/** After a gap closes, its sockets are told once more this much later (see closeGap). */
export const RETELL_MS = 5_000;

interface AdapterInternals {
  doPublish: (message: { type: number }) => Promise<string>;
  /** The other nodes heard from lately (Socket.IO's cluster adapter forgets one silent for 10 s). */
  nodesMap?: Map<string, number>;
  /** Announces this node; every other node answers with a heartbeat. */
  init?: () => void;
  onRawMessage?: (message: unknown, offset: string) => void;
  restoreSession?: (pid: string, offset: string) => Promise<unknown>;
}

export interface ClusterLinkOptions {
  io: IoServer;
  client: RedisClient;
  nodeId: string;
  log: Logger;
  /** Called when a gap closes, after the sockets were told: e.g. deliver signals stored meanwhile. */
  onResync?: () => void;
  /** The change feed's last sequence number before a time (where clients catch up from). */
  seqBefore: (at: Date) => Promise<number>;
}

export class ClusterLink {
  /** When pushes may have started to go missing; null while the link is whole. */
  private gapSince: number | null = null;
  /** How many other nodes this node knew when the gap opened. */
  private peersExpected = 0;
  /** When this gap first found Redis answering again. */
  private upSince: number | null = null;
  private announcedAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly onDown = () => this.openGap();
  private readonly onReady = () => this.closeGapSoon();

  constructor(private readonly opts: ClusterLinkOptions) {
    const { client } = opts;
    client.on("error", this.onDown);
    client.on("end", this.onDown);
    client.on("reconnecting", this.onDown);
    client.on("ready", this.onReady);
    this.wrapAdapter();
    // Another node could not publish for a while: our sockets may have missed what it sent.
    opts.io.on("cluster.ping", (ack) => ack(true));
    opts.io.on("cluster.gap", (since) => {
      opts.log.warn({ since }, "another node's pushes could not cross; sockets told to catch up");
      this.tellSockets(since, "peer_publish_failed");
      opts.onResync?.();
    });
  }

  /** Whether cross-node delivery works right now. */
  get up(): boolean {
    return this.opts.client.isReady;
  }

  /** Redis answers a PING within `timeoutMs` (never queued behind a reconnect). */
  async ping(timeoutMs = 1000): Promise<boolean> {
    if (!this.up) return false;
    try {
      return (await within(this.opts.client.ping(), timeoutMs, "Redis PING")) === "PONG";
    } catch {
      return false;
    }
  }

  close(): void {
    const { client } = this.opts;
    client.off("error", this.onDown);
    client.off("end", this.onDown);
    client.off("reconnecting", this.onDown);
    client.off("ready", this.onReady);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private openGap(): void {
    if (this.gapSince === null) {
      this.gapSince = Date.now();
      this.peersExpected = this.peersKnown();
      this.upSince = null;
      this.opts.log.warn("cross-node delivery interrupted (Redis unreachable)");
    }
    // The client's 'ready' may come before the adapter's own connections are back: check again
    // until the link works, then close the gap.
    this.timer ??= setInterval(() => this.closeGapSoon(), 250);
    this.timer.unref();
  }

  private checking = false;

  private adapter(): AdapterInternals {
    return this.opts.io.of("/").adapter as unknown as AdapterInternals;
  }

  private peersKnown(): number {
    return this.adapter().nodesMap?.size ?? 0;
  }

  /**
   * Closes the gap once every node known before it is heard from again (our stream reader gets
   * their pushes) and answers a ping (theirs gets ours). Redis answering is not enough: a node's
   * own stream reader may not be back yet, and sockets told to catch up before pushes cross again
   * would miss what is published in between. Nor is a ping alone: after ten silent seconds
   * Socket.IO's adapter forgets the other nodes, and a ping nobody is expected to answer succeeds
   * at once. A node not heard from within PEER_WAIT_MS of Redis answering (it died) is let go.
   */
  private closeGapSoon(): void {
    if (this.gapSince === null || !this.up || this.checking) return;
    const now = Date.now();
    this.upSince ??= now;
    const waiting = now - this.upSince < PEER_WAIT_MS;
    if (waiting && this.peersKnown() < this.peersExpected) {
      // Announce ourselves (at most once a second): every other node answers with a heartbeat.
      if (now - this.announcedAt >= 1000) {
        this.announcedAt = now;
        this.adapter().init?.();
      }
      return;
    }
    this.checking = true;
    void within(this.opts.io.serverSideEmitWithAck("cluster.ping"), 2000, "cluster ping")
      .then(
        (answers) => {
          if (!waiting || (Array.isArray(answers) ? answers.length : 0) >= this.peersExpected) this.closeGap();
        },
        () => {},
      )
      .finally(() => (this.checking = false));
  }

  private closeGap(): void {
    if (this.gapSince === null) return;
    const since = new Date(this.gapSince - GAP_MARGIN_MS).toISOString();
    this.gapSince = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.opts.log.warn({ since }, "cross-node delivery restored; sockets told to catch up");
    this.tellSockets(since, "redis_reconnected");
    // Our own failed publishes reached nobody: the other nodes' sockets must catch up too.
    this.opts.io.serverSideEmit("cluster.gap", since);
    this.opts.onResync?.();
    // Once more a little later: another node's link may come back a reconnect attempt after ours,
    // and what it could not publish until then must not hang on its cluster.gap alone reaching us.
    setTimeout(() => {
      if (this.gapSince === null) this.tellSockets(since, "redis_reconnected");
    }, RETELL_MS).unref();
  }

  private tellSockets(since: string, reason: SyncRequired["reason"]): void {
    metrics.syncRequired(reason);
    // With no answer from the database, 0: clients then catch up from their own point or reload.
    void this.opts
      .seqBefore(new Date(since))
      .catch(() => 0)
      .then((seq) => this.opts.io.local.emit("sync.required", { node_id: this.opts.nodeId, reason, since, seq }));
  }

  private publishFailed(): void {
    metrics.publishFailed();
    this.openGap();
  }

  private wrapAdapter(): void {
    const adapter = this.adapter();
    const publish = adapter.doPublish.bind(adapter);
    adapter.doPublish = (message) => {
      if (HEARTBEATS.has(message.type)) return this.up ? publish(message) : Promise.reject(new Error("Redis unavailable"));
      if (!this.up) {
        this.publishFailed();
        return Promise.reject(new Error("Redis unavailable"));
      }
      // Socket.IO delivers to this node's own sockets only once the publish settles: one that
      // hangs (a command written just before the connection broke, a Redis that is back but not
      // answering yet) would hold every local push behind it. Past the limit it counts as failed:
      // local sockets get the push now, and the others catch up when the link is whole again.
      return within(publish(message), PUBLISH_TIMEOUT_MS, "Redis publish").catch((err: unknown) => {
        this.publishFailed();
        throw err;
      });
    };
    const read = adapter.onRawMessage?.bind(adapter);
    if (read) {
      adapter.onRawMessage = (message, offset) => {
        // A stream entry's id starts with the Redis time (ms) it was added at.
        const at = Number(String(offset).split("-")[0]);
        if (Number.isFinite(at) && at > 0) metrics.streamLag((Date.now() - at) / 1000);
        read(message, offset);
      };
    }
    const restore = adapter.restoreSession?.bind(adapter);
    if (restore) {
      // Without Redis a session cannot be restored: connect afresh (recovered: false) rather than wait.
      adapter.restoreSession = (pid, offset) => (this.up ? restore(pid, offset) : Promise.reject(new Error("Redis unavailable")));
    }
  }
}
