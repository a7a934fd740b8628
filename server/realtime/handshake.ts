// The Socket.IO hub on the app's port (docs/protocol.md): token auth at the handshake, rooms
// `user:{id}`, `channel:{id}` and `presence:{id}`, connection state recovery, and with REDIS_URL
// the Redis Streams adapter so any node reaches any user.
import type http from "node:http";
import net from "node:net";
import { Server } from "socket.io";
import type { AppContext } from "../context";
import { readTokenClaims } from "../auth/tokens";
import { LIMITS, MESSAGES } from "@shared/constants";
import { PROTOCOL_VERSION, rooms } from "@shared/realtime";
import { RealtimeHub, type IoServer, type IoSocket, type SocketUser } from "./hub";
import { installCommands, type CommandLimits, type CommandTable } from "./dispatcher";
import type { EntityEvent } from "../context";
import { FeedDelivery } from "./deliver";
import { readerRooms } from "../entities/audience";
import { pruneChanges, recentHead } from "../feed/repository";
import { Batcher } from "./batch";
import { findSocketUser, loadSocketSessions, usersWithPendingSignals, type SocketSession } from "./repository";
import { RedisRateLimiter } from "./ratelimit";
import { PresenceService, presenceRoom } from "../features/presence/service";
import { MemoryPresenceStore, RedisPresenceStore, type RedisClient } from "../features/presence/store";
import { pushPendingSignals, pruneSignals } from "../features/calls/signals";
import { leaveCallsOf, sweepUnanswered } from "../features/calls/service";
import { socketLeaving, sweepDetached } from "../features/calls/liveness";
import { instrumentRealtime } from "./instrument";
import { isUnavailable } from "../ops/unavailable";
import { corkTransport } from "./cork";
import { checkProtocol } from "./protocol";
import { clientBuild, DEFAULT_CLIENT_DIR } from "./build";

const toSocketUser = (u: SocketUser): SocketUser => ({ id: u.id, email: u.email, full_name: u.full_name, role: u.role, team_role: u.team_role, time_zone: u.time_zone });

/** Rooms that follow the user's profile (role, address); channel, session and presence rooms aside. */
const PROFILE_ROOM = /^(org|staff|admins|user:\d+|email:.*)$/;

function handshakeToken(socket: IoSocket): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === "string") return auth.token.replace(/^Bearer\s+/i, "");
  const h = socket.handshake.headers.authorization;
  return h && /^Bearer\s+/i.test(h) ? h.replace(/^Bearer\s+/i, "").trim() : undefined;
}

export async function attachRealtime(server: http.Server, ctx: AppContext, commands: CommandTable): Promise<{ close: () => Promise<void> }> {
  const { config, log } = ctx;
  const io: IoServer = new Server(server, {
    path: "/socket.io",
    serveClient: false,
    maxHttpBufferSize: LIMITS.socketMaxPayloadBytes,
    perMessageDeflate: false,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
  });

  // The 101 Switching Protocols and engine.io's OPEN packet (written a microtask later) leave in
  // one write: one segment and one wake-up for the client instead of two, thousands of times over
  // in a reconnect storm.
  server.prependListener("upgrade", (_req, socket) => {
    if (!(socket instanceof net.Socket)) return;
    socket.cork();
    setImmediate(() => socket.uncork());
  });

  let redis: RedisClient | null = null;
  if (config.redisUrl) {
    // Loaded only where Redis is configured: a single node starts (and restarts) without them.
    const [{ createClient }, { createAdapter }] = await Promise.all([import("redis"), import("@socket.io/redis-streams-adapter")]);
    redis = createClient({ url: config.redisUrl });
    redis.on("error", (err) => log.warn({ err }, "redis error"));
    await redis.connect();
    const p = config.redisPrefix;
    io.adapter(createAdapter(redis, { streamName: `${p}:socket.io`, channelPrefix: `${p}:socket.io`, sessionKeyPrefix: `${p}:sio:session:`, maxLen: 50_000 }));
  }

  const presence = new PresenceService({
    db: ctx.db,
    send: (names, state) => io.to(names).emit("presence.update", state),
    // On one node a room nobody is in reaches no one (a reconnect storm otherwise costs a query and
    // a broadcast per returning user). With Redis, the other nodes' members count.
    watched: redis ? undefined : (ids) => ids.filter((id) => io.of("/").adapter.rooms.has(presenceRoom(id))),
    log,
    graceMs: config.presenceGraceMs,
    store: redis ? new RedisPresenceStore(redis, `${config.redisPrefix}:presence:seen`) : new MemoryPresenceStore(),
    onOffline: (ids) => leaveCallsOf(ctx, ids),
  });
  const hub = new RealtimeHub(io, config.nodeId, !!redis, presence);
  ctx.realtime = hub;
  // Metrics, and serving local sockets at full speed while Redis is away (server/realtime/instrument.ts).
  const uninstrument = instrumentRealtime(ctx, io, hub, redis);

  const sessions = new Batcher<string, SocketSession>((sids) => loadSocketSessions(ctx.db, sids));
  const pendingSignals = new Batcher<number, true>((ids) => usersWithPendingSignals(ctx.db, ids));
  const limits: CommandLimits = {
    perSec: config.socketRatePerSec,
    burst: config.socketRateBurst,
    shared: redis ? new RedisRateLimiter(redis, `${config.redisPrefix}:rl:socket`, { perSec: config.socketRatePerSec, burst: config.socketRateBurst }, log) : undefined,
  };
  // What the handshake learnt about the socket's rooms, handed to the connection handler.
  const boots = new WeakMap<IoSocket, SocketSession>();
  const build = clientBuild(config.clientDir ?? DEFAULT_CLIENT_DIR);

  // The protocol version first, before the token: a client left over from before a deploy must be
  // told to reload, not to sign in again, and the check costs no query (./protocol.ts).
  io.use((socket, next) => next(checkProtocol(socket.handshake.auth) ?? undefined));

  // Runs for recovered sockets too: a session that was revoked (logout, deactivation) while the
  // socket was away must not come back through connection state recovery.
  io.use(async (socket, next) => {
    try {
      const claims = await readTokenClaims(config.jwtSecret, handshakeToken(socket));
      const s = claims && (await sessions.get(claims.sid));
      if (!claims || !s || s.user.id !== claims.userId) return next(new Error(MESSAGES.notAuthenticated));
      // A recovered socket keeps its rooms: only the same user may take them back.
      if (socket.recovered && socket.data.u?.id !== s.user.id) return next(new Error(MESSAGES.notAuthenticated));
      socket.data.u = s.user;
      socket.data.sid = s.sid;
      boots.set(socket, s);
      next();
    } catch (err) {
      log.warn({ err }, "socket auth failed");
      // The database is away: the client must retry, not sign out.
      next(new Error(isUnavailable(err) ? MESSAGES.serviceUnavailable : MESSAGES.notAuthenticated));
    }
  });

  io.on("connection", (socket) => {
    const u = socket.data.u;
    const boot = boots.get(socket);
    boots.delete(socket);
    // One write per flush of a socket's packets (./cork.ts), for sockets that start on WebSocket or upgrade to it.
    corkTransport(socket.conn.transport);
    if (socket.conn.transport.name !== "websocket") socket.conn.once("upgrade", corkTransport);
    installCommands(ctx, hub, socket, commands, limits);
    socket.on("disconnect", () => void presence.socketDisconnected(u.id));
    // While it is still in its rooms: the calls it held let their participant go after a grace
    // unless another socket takes them back (server/features/calls/liveness.ts).
    socket.on("disconnecting", () => {
      socketLeaving(ctx, u.id, socket.rooms).catch((err) => log.warn({ err, user: u.id }, "marking the calls of a closed socket failed"));
    });
    // Synchronously, before anything can be sent to them: the user, session and channel rooms
    // (a recovered socket also leaves channels it may no longer read), and the presence count
    // before any await so a quick disconnect always balances it.
    const want = new Set((boot?.channelIds ?? []).map(rooms.channel));
    for (const r of socket.rooms) if (r.startsWith("channel:") && !want.has(r)) socket.leave(r);
    for (const r of socket.rooms) if (r.startsWith("session:") && r !== `session:${socket.data.sid}`) socket.leave(r);
    socket.join([...readerRooms(u), `session:${socket.data.sid}`, ...want]);
    void presence.socketConnected(u.id);
    void (async () => {
      if (await pendingSignals.get(u.id)) {
        if (!socket.connected) return;
        await pushPendingSignals(ctx, u.id);
      }
      const seq = await recentHead(ctx.db);
      if (!socket.connected) return;
      // A broadcast (not socket.emit) so it carries a recovery offset even for a quiet client.
      io.to(socket.id).emit("session.ready", { user_id: u.id, node_id: hub.nodeId, recovered: socket.recovered, seq, protocol_version: PROTOCOL_VERSION, build: build() });
    })().catch((err) => log.error({ err, user: u.id }, "socket setup failed"));
  });

  // A profile change: every node refreshes the copy of the user kept on its sockets.
  const refreshLocal = async (userId: number) => {
    const sids = io.of("/").adapter.rooms.get(rooms.user(userId));
    if (!sids?.size) return;
    const row = await findSocketUser(ctx.db, userId);
    if (!row) return;
    const want = readerRooms(row);
    for (const sid of [...sids]) {
      const s = io.of("/").sockets.get(sid);
      if (!s) continue;
      s.data.u = toSocketUser(row);
      // A new role or address moves the socket between the rooms the feed sends to.
      for (const r of [...s.rooms]) if (PROFILE_ROOM.test(r) && !want.includes(r)) s.leave(r);
      s.join(want);
    }
  };
  io.on("users.refresh", (id) => void refreshLocal(id).catch(() => {}));
  const onUserUpdate = ({ id, row }: EntityEvent) => {
    // A deactivated user's sockets close at once, on every node (their sessions are already revoked).
    if (row?.is_active === false) io.in(rooms.user(id)).disconnectSockets(true);
    void refreshLocal(id).catch(() => {});
    if (hub.clustered) io.serverSideEmit("users.refresh", id);
    void presence.push([id]).catch(() => {});
  };
  ctx.events.on("users.update", onUserUpdate);
  // Logout on any node closes that session's sockets on every node.
  const onRevoke = (sid: string) => io.in(`session:${sid}`).disconnectSockets(true);
  ctx.events.on("sessions.revoke", onRevoke);
  ctx.feed = new FeedDelivery(ctx, io);

  presence.start();
  const sweepEvery = Math.max(100, Math.min(1000, Math.floor(config.callRingTimeoutMs / 5), Math.floor(config.callLeaveGraceMs / 4)));
  let sweeping: Promise<void> | null = null;
  const callTimer = setInterval(() => {
    if (sweeping) return;
    sweeping = sweepUnanswered(ctx)
      .then(() => sweepDetached(ctx))
      .catch((err) => log.warn({ err }, "call sweep failed"))
      .finally(() => (sweeping = null));
  }, sweepEvery);
  const pruneTimer = setInterval(() => {
    void pruneSignals(ctx).catch(() => {});
    // Every node prunes; the deletes are idempotent and bounded.
    void pruneChanges(ctx.db, new Date(Date.now() - config.feedRetentionHours * 3_600_000)).catch((err) => log.warn({ err }, "pruning the change feed failed"));
  }, 10 * 60 * 1000);
  callTimer.unref();
  pruneTimer.unref();

  return {
    close: async () => {
      clearInterval(callTimer);
      clearInterval(pruneTimer);
      presence.stop();
      await sweeping;
      ctx.feed = undefined;
      uninstrument();
      ctx.events.off("users.update", onUserUpdate);
      ctx.events.off("sessions.revoke", onRevoke);
      if (ctx.realtime === hub) ctx.realtime = undefined;
      await io.close();
      if (redis) await redis.close().catch(() => redis?.destroy());
    },
  };
}
