// Tracker issue 9, realtime items: recovery re-checks the session, the post path checks the channel
// policy against the database, and commands are rate limited per socket.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, type TestApp, type TestUser } from "../test/harness";
import { connect, call, record, recordMessages, until, sleep, type ClientSocket } from "../test/clients";
import type { ChatMessage } from "@shared/realtime";
import { MESSAGES } from "@shared/constants";

/**
 * Drops the transport (a network drop, not a clean disconnect), waits until the server has seen
 * the drop (so the session is kept for recovery), runs `meanwhile`, and resolves with how the
 * reconnect ended.
 */
function dropAndReconnect(app: TestApp, sock: ClientSocket, meanwhile: () => Promise<void>): Promise<"connected" | string> {
  return new Promise((resolve, reject) => {
    sock.io.reconnectionDelay(3000).reconnectionDelayMax(3000).randomizationFactor(0);
    sock.once("connect", () => resolve("connected"));
    sock.once("connect_error", (err) => resolve(err.message));
    const before = app.ctx.realtime!.localSockets;
    (sock.io as unknown as { engine: { close: () => void } }).engine.close();
    void (async () => {
      const end = Date.now() + 2500;
      while (app.ctx.realtime!.localSockets >= before && Date.now() < end) await sleep(10);
      await meanwhile();
    })().catch(reject);
  });
}

describe.each(ENGINES)("realtime hardening (%s)", (engine) => {
  let app: TestApp;
  let a: TestUser, b: TestUser;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    app = await startTestApp(engine);
    [a, b] = [await makeUser(app), await makeUser(app)];
  }, 180_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app?.stop();
  });

  const logout = async (token: string) => {
    const res = await fetch(`${app.url}/api/auth/logout`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
  };

  it("does not let a socket whose session was logged out while it was away come back through recovery", async () => {
    const d = await makeUser(app);
    const sock = await connect(app.url, d.token);
    sockets.push(sock);
    const outcome = await dropAndReconnect(app, sock, () => logout(d.token));
    expect(outcome).toBe(MESSAGES.notAuthenticated);
    expect(sock.connected).toBe(false);
  });

  it("does not let a dropped socket recover with some other token once its session is revoked", async () => {
    const d = await makeUser(app);
    const sock = await connect(app.url, d.token);
    sockets.push(sock);
    const outcome = await dropAndReconnect(app, sock, async () => {
      await logout(d.token);
      sock.auth = { token: "not-a-token" };
    });
    expect(outcome).toBe(MESSAGES.notAuthenticated);
    // Nor with another user's valid token: the recovered rooms are not theirs.
    const e = await makeUser(app);
    const other = await connect(app.url, e.token);
    sockets.push(other);
    const second = await dropAndReconnect(app, other, async () => {
      other.auth = { token: a.token };
    });
    expect(second).toBe(MESSAGES.notAuthenticated);
  });

  it("still recovers a dropped socket whose session is live", async () => {
    const sock = await connect(app.url, b.token);
    sockets.push(sock);
    const ready = record(sock, "session.ready");
    expect(await dropAndReconnect(app, sock, async () => {})).toBe("connected");
    await until(ready);
    expect(sock.recovered).toBe(true);
  });

  it("refuses a post from a member removed from a private channel before the rooms catch up", async () => {
    const ch = await app.ctx.db.insertInto("channels").values({ name: "inner", type: "private", members: [a.email, b.email] }).returning("id").executeTakeFirstOrThrow();
    const sa = await connect(app.url, a.token);
    const sb = await connect(app.url, b.token);
    sockets.push(sa, sb);
    expect((await call(sb, "messages.create", { channel_id: ch.id, content: "while a member" })).ok).toBe(true);
    // The membership changes in the database with no event: the socket is still in the room,
    // exactly as in the moment before the rooms follow a real change.
    await app.ctx.db.updateTable("channels").set({ members: [a.email] }).where("id", "=", ch.id).execute();
    const gotA = recordMessages<ChatMessage>(sa);
    const acks = await Promise.all([1, 2, 3].map((i) => call(sb, "messages.create", { channel_id: ch.id, content: `after removal ${i}` })));
    for (const ack of acks) expect(ack).toEqual({ ok: false, error: "Channel not found" });
    // A post by the remaining member in the same batch still goes through.
    const mine = await call<ChatMessage>(sa, "messages.create", { channel_id: ch.id, content: "still mine" });
    expect(mine.ok).toBe(true);
    await until(gotA, (m) => m.content === "still mine");
    const stored = await app.ctx.db.selectFrom("messages").select("content").where("channel_id", "=", ch.id).execute();
    expect(stored.map((r) => r.content).sort()).toEqual(["still mine", "while a member"]);
    expect(gotA.filter((m) => m.content.startsWith("after removal"))).toHaveLength(0);
  });
});

describe.each(ENGINES)("per-socket command rate limit (%s)", (engine) => {
  let app: TestApp;
  let a: TestUser, b: TestUser;
  let channel: number;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    // A bucket of 10 that refills about once in 17 minutes: the counts below do not depend on timing.
    app = await startTestApp(engine, { socketRateBurst: 10, socketRatePerSec: 0.001 });
    [a, b] = [await makeUser(app), await makeUser(app)];
    channel = (await app.ctx.db.insertInto("channels").values({ name: "rl", type: "private", members: [a.email, b.email] }).returning("id").executeTakeFirstOrThrow()).id;
  }, 180_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app?.stop();
  });

  it("answers commands past the burst with Too many requests and does nothing for them, without touching other sockets", async () => {
    const flooder = await connect(app.url, a.token);
    const other = await connect(app.url, b.token);
    sockets.push(flooder, other);
    const got = recordMessages<ChatMessage>(other);
    const acks = await Promise.all(Array.from({ length: 15 }, (_, i) => call(flooder, "messages.create", { channel_id: channel, content: `flood ${i}` })));
    expect(acks.filter((r) => r.ok)).toHaveLength(10);
    expect(acks.filter((r) => !r.ok).map((r) => !r.ok && r.error)).toEqual(Array(5).fill("Too many requests"));
    // Unknown and malformed events take a token too, so they cannot be used to flood either.
    expect(await call(flooder, "no.such.event", {})).toEqual({ ok: false, error: "Too many requests" });
    const stored = await app.ctx.db.selectFrom("messages").select("id").where("channel_id", "=", channel).execute();
    expect(stored).toHaveLength(10);
    await until(got, () => got.length >= 10);
    await sleep(150);
    expect(got).toHaveLength(10);
    // Another socket (even of the same user: the memory bucket is per socket) is unaffected.
    expect((await call(other, "messages.create", { channel_id: channel, content: "mine" })).ok).toBe(true);
    const again = await connect(app.url, a.token);
    sockets.push(again);
    expect((await call(again, "presence.subscribe", { user_ids: [] })).ok).toBe(true);
  });
});
