import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../test/harness";
import { connect, call, record, recordMessages, until, sleep, type ClientSocket } from "../test/clients";
import type { ChatMessage } from "@shared/realtime";
import { LIMITS } from "@shared/constants";

describe.each(ENGINES)("realtime robustness (%s)", (engine) => {
  let app: TestApp;
  let a: TestUser, b: TestUser, c: TestUser;
  let sa: ClientSocket, sb: ClientSocket, sc: ClientSocket;
  let channel: number;

  beforeAll(async () => {
    app = await startTestApp(engine);
    [a, b, c] = [await makeUser(app), await makeUser(app), await makeUser(app)];
    channel = (await app.ctx.db.insertInto("channels").values({ name: "room", type: "private", members: [a.email, b.email] }).returning("id").executeTakeFirstOrThrow()).id;
    [sa, sb, sc] = await Promise.all([a, b, c].map((u) => connect(app.url, u.token)));
  }, 180_000);
  afterAll(async () => {
    for (const s of [sa, sb, sc]) s?.close();
    await app?.stop();
  });

  const stillWorks = async () => {
    const got = recordMessages<ChatMessage>(sb);
    const ack = await call<ChatMessage>(sa, "messages.create", { channel_id: channel, content: "still here" });
    expect(ack.ok).toBe(true);
    await until(got, (m) => m.content === "still here");
  };

  it("acks malformed payloads with an error naming the field", async () => {
    const cases: [string, unknown][] = [
      ["messages.create", { channel_id: "abc", content: "x" }],
      ["messages.create", { channel_id: channel }],
      ["messages.create", "just text"],
      ["messages.create", null],
      ["signals.send", { call_id: "x", to_user_id: b.user.id, message_type: "teleport" }],
      ["calls.initiate", { target_user_id: -1 }],
      ["calls.answer", { call_id: "x", accepted: "maybe" }],
      ["presence.update", { status: "asleep" }],
      ["presence.subscribe", { user_ids: Array.from({ length: LIMITS.presenceSubscribeMax + 1 }, (_, i) => i + 1) }],
    ];
    for (const [event, payload] of cases) {
      const ack = await call(sa, event, payload);
      expect(ack.ok, `${event} ${JSON.stringify(payload).slice(0, 60)}`).toBe(false);
      if (!ack.ok) expect(ack.error.length).toBeGreaterThan(0);
    }
    const noPayload = await call(sa, "messages.create");
    expect(noPayload.ok).toBe(false);
    const named = await call(sa, "messages.create", { channel_id: "abc", content: "x" });
    expect(!named.ok && named.error).toMatch(/channel_id/);
    await stillWorks();
  });

  it("answers unknown events with an error when an ack is given, and ignores them otherwise", async () => {
    expect(await call(sa, "admin.destroyEverything", { x: 1 })).toEqual({ ok: false, error: "Unknown event: admin.destroyEverything" });
    expect(await call(sa, "toString", {})).toEqual({ ok: false, error: "Unknown event: toString" });
    (sa as any).emit("no.ack.here", { x: 1 });
    await stillWorks();
  });

  it("refuses over-long content and signal data with an ack, and drops a client over the frame limit without harm to others", async () => {
    const long = await call(sa, "messages.create", { channel_id: channel, content: "x".repeat(LIMITS.messageMaxChars + 1) });
    expect(long.ok).toBe(false);
    const big = await call(sa, "signals.send", { call_id: "c", to_user_id: b.user.id, message_type: "offer", message_data: "y".repeat(LIMITS.signalMaxBytes + 10) });
    expect(big.ok).toBe(false);

    const victim = await connect(app.url, c.token, { reconnection: false });
    const closed = new Promise<string>((resolve) => victim.on("disconnect", (r) => resolve(r)));
    (victim as any).emit("messages.create", { channel_id: channel, content: "z".repeat(LIMITS.socketMaxPayloadBytes + 1000) }, () => {});
    expect(await closed).toMatch(/transport (close|error)/);
    await stillWorks();
  });

  it("refuses a message in the same words over the socket and over REST (one schema)", async () => {
    const long = "x".repeat(LIMITS.messageMaxChars + 1);
    const ack = await call(sa, "messages.create", { channel_id: channel, content: long });
    const rest = await api(app, a.token).post("/api/entities/messages", { channel_id: channel, content: long });
    expect(ack).toEqual({ ok: false, error: `content: must be at most ${LIMITS.messageMaxChars} characters` });
    expect(rest.status).toBe(400);
    expect(rest.body.error).toBe(`Insert failed: content: must be at most ${LIMITS.messageMaxChars} characters`);
    const link = await call(sa, "messages.create", { channel_id: channel, content: "x", file_url: "javascript:alert(1)" });
    const restLink = await api(app, a.token).post("/api/entities/messages", { channel_id: channel, content: "x", file_url: "javascript:alert(1)" });
    expect(link).toEqual({ ok: false, error: "file_url: must not be a script or data URL" });
    expect(restLink.body.error).toBe("Insert failed: file_url: must not be a script or data URL");
  });

  it("refuses signals to a call the sender is not in, or to someone not in it", async () => {
    const started = await call(sa, "calls.initiate", { target_user_id: b.user.id });
    if (!started.ok) throw new Error(started.error);
    const id = started.data.call_id;
    await call(sb, "calls.answer", { call_id: id, accepted: true });
    const inA = record(sa, "signals.receive");
    expect(await call(sc, "signals.send", { call_id: id, to_user_id: a.user.id, message_type: "offer", message_data: {} })).toEqual({
      ok: false,
      error: "You are not in this call",
    });
    expect(await call(sa, "signals.send", { call_id: id, to_user_id: c.user.id, message_type: "offer", message_data: {} })).toEqual({
      ok: false,
      error: "The recipient is not in this call",
    });
    expect(await call(sa, "signals.send", { call_id: "no-such-call", to_user_id: b.user.id, message_type: "ice_candidate" })).toEqual({
      ok: false,
      error: "Call not found",
    });
    await sleep(150);
    expect(inA).toHaveLength(0);
    await call(sa, "calls.end", { call_id: id });
    expect((await call(sa, "signals.send", { call_id: id, to_user_id: b.user.id, message_type: "offer", message_data: {} })).ok).toBe(false);
    await stillWorks();
  });

  it("replays what a briefly dropped client missed, exactly once, with recovered === true", async () => {
    const sock = await connect(app.url, b.token);
    try {
      const got = recordMessages<ChatMessage>(sock);
      await call(sa, "messages.create", { channel_id: channel, content: "before" });
      await until(got, (m) => m.content === "before");
      const reconnected = new Promise<void>((resolve) => sock.io.once("reconnect", () => resolve()));
      // Reconnect only after the burst below, so every one of those messages is missed live.
      sock.io.reconnectionDelay(4000).reconnectionDelayMax(4000).randomizationFactor(0);
      // A network drop: the transport dies without a clean disconnect.
      (sock.io as any).engine.close();
      expect(sock.connected).toBe(false);
      const sent: number[] = [];
      // Sent back to back (not awaited one by one) so the burst fits inside the reconnect delay even on a busy machine.
      const acks = await Promise.all(
        Array.from({ length: 20 }, (_, i) => call<ChatMessage>(sa, "messages.create", { channel_id: channel, content: `missed ${i}` })),
      );
      for (const ack of acks) if (ack.ok) sent.push(ack.data.id);
      sent.sort((x, y) => x - y);
      expect(sent).toHaveLength(20);
      expect(sock.connected).toBe(false);
      expect(got.filter((m) => m.content.startsWith("missed"))).toHaveLength(0);
      await reconnected;
      await until(got, (m) => m.content === "missed 19");
      expect(sock.recovered).toBe(true);
      await call(sa, "messages.create", { channel_id: channel, content: "after" });
      await until(got, (m) => m.content === "after");
      expect(got.filter((m) => m.content.startsWith("missed")).map((m) => m.id).sort((x, y) => x - y)).toEqual(sent);
    } finally {
      sock.close();
    }
  });

  it("closes a session's sockets when it logs out, and refuses its token afterwards", async () => {
    const d = await makeUser(app);
    const sd = await connect(app.url, d.token, { reconnection: false });
    const closed = new Promise<string>((resolve) => sd.on("disconnect", (reason) => resolve(reason)));
    const res = await fetch(`${app.url}/api/auth/logout`, { method: "POST", headers: { authorization: `Bearer ${d.token}` } });
    expect(res.status).toBe(200);
    expect(await closed).toBe("io server disconnect");
    await expect(connect(app.url, d.token, { reconnection: false })).rejects.toThrow(/Not authenticated/);
    await stillWorks();
  });
});
