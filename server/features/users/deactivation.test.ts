// Deactivation ends a user's presence in the product at once: every socket (every session)
// closes, the tokens are refused at the handshake, subscribers see them offline, calls they were
// in end, and nobody can call them any more. Real sockets against the real app.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { connect, call, record, until, type ClientSocket } from "../../test/clients";
import type { PresenceState, SignalMessage } from "@shared/realtime";

/** Resolves with the reason once the socket is disconnected; rejects if it stays open. */
const disconnected = (s: ClientSocket, timeoutMs = 10_000) =>
  new Promise<string>((resolve, reject) => {
    if (!s.connected) return resolve("already");
    const t = setTimeout(() => reject(new Error("the socket stayed open")), timeoutMs);
    s.once("disconnect", (reason) => {
      clearTimeout(t);
      resolve(reason);
    });
  });

describe.each(ENGINES)("users: deactivation ends sockets, sessions and calls (%s)", (engine) => {
  let app: TestApp;
  let admin: TestUser;
  let watcher: TestUser;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await makeUser(app, { role: "admin" });
    watcher = await makeUser(app);
  }, 240_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app?.stop();
  }, 60_000);

  it("closes every socket of every session at once, refuses the tokens and shows the user offline", async () => {
    const victim = await makeUser(app);
    // A second session (another device) of the same user.
    const second = (await api(app).post("/api/auth/login", { email: victim.email, password: victim.password })).body.accessToken as string;
    const a = await connect(app.url, victim.token, { reconnection: false });
    const b = await connect(app.url, second, { reconnection: false });
    const w = await connect(app.url, watcher.token);
    sockets.push(a, b, w);
    const seen = record<PresenceState>(w, "presence.update");
    const sub = await call<PresenceState[]>(w, "presence.subscribe", { user_ids: [victim.user.id] });
    expect(sub.ok && sub.data[0].online).toBe(true);

    const goneA = disconnected(a);
    const goneB = disconnected(b);
    const res = await api(app, admin.token).delete(`/api/entities/users/${victim.user.id}`);
    expect(res.status).toBe(200);
    // Closed by the server, not by a timeout: the client does not try to reconnect or recover.
    expect(await goneA).toBe("io server disconnect");
    expect(await goneB).toBe("io server disconnect");
    expect(w.connected).toBe(true);

    await expect(connect(app.url, victim.token, { reconnection: false })).rejects.toThrow("Not authenticated");
    await expect(connect(app.url, second, { reconnection: false })).rejects.toThrow("Not authenticated");
    for (const t of [victim.token, second]) expect((await api(app, t).get("/api/auth/me")).status).toBe(401);
    expect((await api(app, second).post("/api/auth/login?refresh=true")).status).toBe(401);

    // Offline for subscribers now, within the presence grace period that would otherwise apply.
    await until(seen, (p) => p.user_id === victim.user.id && p.online === false);
    const again = await call<PresenceState[]>(w, "presence.subscribe", { user_ids: [victim.user.id] });
    expect(again.ok && again.data[0].online).toBe(false);
  });

  it("ends the call the user was in, and nobody can call them afterwards", async () => {
    const victim = await makeUser(app);
    const v = await connect(app.url, victim.token, { reconnection: false });
    const w = await connect(app.url, watcher.token);
    sockets.push(v, w);
    const inV = record<SignalMessage>(v, "signals.receive");
    const inW = record<SignalMessage>(w, "signals.receive");
    const started = await call(w, "calls.initiate", { target_user_id: victim.user.id, call_type: "audio" });
    if (!started.ok) throw new Error(started.error);
    const id = started.data.call_id as string;
    await until(inV, (s) => s.message_type === "call_invite" && s.call_id === id);
    expect((await call(v, "calls.answer", { call_id: id, accepted: true })).ok).toBe(true);
    await until(inW, (s) => s.message_type === "call_accept" && s.call_id === id);

    expect((await api(app, admin.token).patch(`/api/entities/users/${victim.user.id}`, { is_active: false })).status).toBe(200);
    const end = await until(inW, (s) => s.message_type === "call_end" && s.call_id === id);
    expect(end.from_user_id).toBe(victim.user.id);
    const hist = await api(app, watcher.token).get("/api/webrtc/call-history");
    expect(hist.body.find((c: { call_id: string }) => c.call_id === id)).toMatchObject({ status: "ended" });

    const ws = await call(w, "calls.initiate", { target_user_id: victim.user.id, call_type: "video" });
    expect(ws).toEqual({ ok: false, error: "This account has been deactivated" });
    const rest = await api(app, watcher.token).post("/api/webrtc/initiate-call", { target_user_id: victim.user.id, call_type: "video" });
    expect(rest).toMatchObject({ status: 409, body: { error: "This account has been deactivated" } });
  });
});
