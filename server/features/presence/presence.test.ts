import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { connect, call, record, until, sleep, type ClientSocket } from "../../test/clients";
import type { PresenceState, SignalMessage } from "@shared/realtime";
import { PresenceService } from "./service";
import { MemoryPresenceStore } from "./store";

const GRACE = 800;

describe.each(ENGINES)("presence (%s)", (engine) => {
  let app: TestApp;
  let a: TestUser, b: TestUser, c: TestUser, p: TestUser;
  let sa: ClientSocket, sc: ClientSocket;

  beforeAll(async () => {
    app = await startTestApp(engine, { presenceGraceMs: GRACE });
    [a, b, c, p] = [await makeUser(app), await makeUser(app), await makeUser(app), await makeUser(app)];
    [sa, sc] = await Promise.all([connect(app.url, a.token), connect(app.url, c.token)]);
  }, 180_000);
  afterAll(async () => {
    sa?.close();
    sc?.close();
    await app?.stop();
  });

  it("pushes status changes and online/offline only to subscribers", async () => {
    const sb = await connect(app.url, b.token);
    const seenA = record<PresenceState>(sa, "presence.update");
    const seenC = record<PresenceState>(sc, "presence.update");
    const sub = await call<PresenceState[]>(sa, "presence.subscribe", { user_ids: [b.user.id, p.user.id] });
    expect(sub.ok && sub.data.sort((x, y) => x.user_id - y.user_id)).toEqual([
      { user_id: b.user.id, user_status: "online", online: true },
      { user_id: p.user.id, user_status: "online", online: false },
    ]);
    const upd = await call<PresenceState>(sb, "presence.update", { status: "busy", device_info: { kind: "desktop" } });
    expect(upd).toEqual({ ok: true, data: { user_id: b.user.id, user_status: "busy", online: true } });
    await until(seenA, (s) => s.user_id === b.user.id && s.user_status === "busy");
    const row = await app.ctx.db.selectFrom("users").select("user_status").where("id", "=", b.user.id).executeTakeFirstOrThrow();
    expect(row.user_status).toBe("busy");

    // Hiding one's status shows others "away".
    await api(app, b.token).patch(`/api/auth/user/${b.user.id}`, { show_online_status: false });
    await until(seenA, (s) => s.user_id === b.user.id && s.user_status === "away");

    sb.close();
    const t0 = Date.now();
    await until(seenA, (s) => s.user_id === b.user.id && s.online === false, GRACE + 3000);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(GRACE - 100);
    expect(seenC).toHaveLength(0);
    const last = await app.ctx.db.selectFrom("users").select("last_seen_at").where("id", "=", b.user.id).executeTakeFirstOrThrow();
    expect(last.last_seen_at).not.toBeNull();
  });

  it("counts a polling client as online while it polls, then offline after the grace", async () => {
    const seenA = record<PresenceState>(sa, "presence.update");
    await call(sa, "presence.subscribe", { user_ids: [p.user.id] });
    const P = api(app, p.token);
    for (let i = 0; i < 4; i++) {
      await P.get("/api/webrtc/get-signals");
      await sleep(200);
    }
    await until(seenA, (s) => s.user_id === p.user.id && s.online);
    expect(seenA.filter((s) => s.user_id === p.user.id && s.online)).toHaveLength(1);
    await until(seenA, (s) => s.user_id === p.user.id && !s.online, GRACE + 3000);
  });

  it("stays online across a second socket closing, and ends the calls of someone who went away", async () => {
    const b1 = await connect(app.url, b.token);
    const b2 = await connect(app.url, b.token);
    const seenA = record<PresenceState>(sa, "presence.update");
    await call(sa, "presence.subscribe", { user_ids: [b.user.id] });
    await call(b1, "presence.update", { status: "online" });
    const started = await call(sa, "calls.initiate", { target_user_id: b.user.id });
    if (!started.ok) throw new Error(started.error);
    await call(b1, "calls.answer", { call_id: started.data.call_id, accepted: true });
    b2.close();
    await sleep(GRACE + 500);
    expect(seenA.filter((s) => s.user_id === b.user.id && !s.online)).toHaveLength(0);
    const inA = record<SignalMessage>(sa, "signals.receive");
    b1.close();
    await until(seenA, (s) => s.user_id === b.user.id && !s.online, GRACE + 3000);
    const end = await until(inA, (s) => s.message_type === "call_end" && s.call_id === started.data.call_id);
    expect(end.from_user_id).toBe(b.user.id);
  });

  it("costs no query and no push for a user nobody watches", async () => {
    let queries = 0;
    const db = app.ctx.db.withPlugin({ transformQuery: (a) => (queries++, a.node), transformResult: async (a) => a.result });
    const sent: PresenceState[] = [];
    const watched = new Set([b.user.id]);
    const svc = new PresenceService({ db, send: (_, st) => sent.push(st), store: new MemoryPresenceStore(), log: app.ctx.log, graceMs: 60_000, watched: (ids) => ids.filter((id) => watched.has(id)) });
    await svc.socketConnected(c.user.id);
    expect(queries).toBe(0);
    expect(sent).toEqual([]);
    await svc.socketConnected(b.user.id);
    expect(queries).toBe(1);
    expect(sent.map((st) => st.user_id)).toEqual([b.user.id]);
  });
});
