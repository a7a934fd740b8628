import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { connect, call, record, until, sleep, poller, signalsOf, type ClientSocket } from "../../test/clients";
import type { CallRecord, SignalMessage } from "@shared/realtime";
import { SIGNALS_NEED_BEARER } from "./routes";

describe.each(ENGINES)("polling shim (%s)", (engine) => {
  let app: TestApp;
  let s: TestUser, p: TestUser, q: TestUser;
  let ss: ClientSocket;
  let inS: SignalMessage[];

  beforeAll(async () => {
    app = await startTestApp(engine, { callRingTimeoutMs: 5000 });
    s = await makeUser(app, { full_name: "Sock" });
    p = await makeUser(app, { full_name: "Poll" });
    q = await makeUser(app, { full_name: "Quinn" });
    ss = await connect(app.url, s.token);
    inS = record<SignalMessage>(ss, "signals.receive");
  }, 180_000);
  afterAll(async () => {
    ss?.close();
    await app?.stop();
  });

  it("answers 401 without a token on every route, and serves the ICE config", async () => {
    for (const [m, path] of [
      ["GET", "get-signals"],
      ["POST", "send-signal"],
      ["POST", "initiate-call"],
      ["POST", "initiate-group-call"],
      ["POST", "answer-call"],
      ["POST", "end-call"],
      ["POST", "update-presence"],
      ["GET", "call-history"],
      ["GET", "config"],
    ]) {
      const res = m === "GET" ? await api(app).get(`/phpapi/webrtc/${path}`) : await api(app).post(`/api/webrtc/${path}`, {});
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual({ error: "Not authenticated" });
    }
    const cfg = await api(app, p.token).get("/phpapi/webrtc/config");
    expect(cfg.body.iceServers).toEqual(app.config.iceServers);
  });

  it("lets a socket client call a polling client (form bodies, JSON text data)", async () => {
    const poll = poller(app.url, p.token);
    try {
      const started = await call(ss, "calls.initiate", { target_user_id: p.user.id, call_type: "video" });
      if (!started.ok) throw new Error(started.error);
      const id = started.data.call_id;
      const invite = await until(poll.got, (x) => x.message_type === "call_invite" && x.call_id === id);
      expect(invite).toMatchObject({ from_user_id: s.user.id, call_type: "video", participant_ids: [s.user.id, p.user.id] });
      const P = api(app, p.token);
      expect((await P.post("/phpapi/webrtc/answer-call", new URLSearchParams({ call_id: id, accepted: "true" }))).status).toBe(200);
      await until(inS, (x) => x.message_type === "call_accept" && x.call_id === id);
      await call(ss, "signals.send", { call_id: id, to_user_id: p.user.id, message_type: "offer", message_data: { sdp: "o" } });
      expect((await until(poll.got, (x) => x.message_type === "offer")).message_data).toEqual({ sdp: "o" });
      const form = new URLSearchParams({ call_id: id, from_user_id: String(p.user.id), to_user_id: String(s.user.id), message_type: "answer", message_data: '{"sdp":"a"}' });
      const sent = await P.post("/phpapi/webrtc/send-signal", form);
      expect(sent.status).toBe(200);
      expect(sent.body.success).toBe(true);
      expect((await until(inS, (x) => x.message_type === "answer" && x.call_id === id)).message_data).toBe('{"sdp":"a"}');
      await P.post("/phpapi/webrtc/send-signal", { call_id: id, to_user_id: s.user.id, message_type: "ice_candidate", message_data: { c: 1 } });
      await until(inS, (x) => x.message_type === "ice_candidate" && x.call_id === id);
      await sleep(1100);
      expect((await P.post("/phpapi/webrtc/end-call", { call_id: id })).status).toBe(200);
      await until(inS, (x) => x.message_type === "call_end" && x.call_id === id);
      const hist = (await P.get<CallRecord[]>("/phpapi/webrtc/call-history")).body;
      expect(hist[0]).toMatchObject({ call_id: id, status: "ended" });
      expect(hist[0].duration_seconds).toBeGreaterThanOrEqual(1);
      // Each signal reached the poller once.
      const ids = poll.got.map((x) => x.id);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await poll.stop();
    }
  });

  it("lets a polling client call a socket client", async () => {
    const poll = poller(app.url, p.token);
    try {
      const P = api(app, p.token);
      const started = await P.post("/phpapi/webrtc/initiate-call", new URLSearchParams({ target_user_id: String(s.user.id), call_type: "audio" }));
      expect(started.status).toBe(200);
      const id = started.body.call_id as string;
      const invite = await until(inS, (x) => x.message_type === "call_invite" && x.call_id === id);
      expect(invite).toMatchObject({ from_user_id: p.user.id, from_user_name: "Poll", call_type: "audio" });
      await call(ss, "calls.answer", { call_id: id, accepted: true });
      await until(poll.got, (x) => x.message_type === "call_accept" && x.call_id === id);
      await P.post("/phpapi/webrtc/send-signal", { call_id: id, to_user_id: s.user.id, message_type: "offer", message_data: { sdp: "x" } });
      await until(inS, (x) => x.message_type === "offer" && x.call_id === id);
      await call(ss, "signals.send", { call_id: id, to_user_id: p.user.id, message_type: "answer", message_data: { sdp: "y" } });
      await until(poll.got, (x) => x.message_type === "answer" && x.call_id === id);
      await call(ss, "calls.end", { call_id: id });
      await until(poll.got, (x) => x.message_type === "call_end" && x.call_id === id);
      expect((await P.get<CallRecord[]>("/phpapi/webrtc/call-history?limit=1")).body[0]).toMatchObject({ call_id: id, status: "ended" });
    } finally {
      await poll.stop();
    }
  });

  it("delivers a stored signal once: to get-signals, or to the socket when it connects", async () => {
    const P = api(app, p.token);
    const started = await P.post("/api/webrtc/initiate-call", { target_user_id: q.user.id });
    const id = started.body.call_id as string;
    expect(started.body.status).toBe("initiated"); // Quinn has no socket and has not polled yet
    const Q = api(app, q.token);
    const [r1, r2] = await Promise.all([Q.get("/api/webrtc/get-signals"), Q.get("/api/webrtc/get-signals")]);
    const all = [...r1.body, ...r2.body].filter((x: SignalMessage) => x.call_id === id);
    expect(all.map((x: SignalMessage) => x.message_type)).toEqual(["call_invite"]);
    expect((await Q.get("/api/webrtc/get-signals")).body).toEqual([]);
    expect((await Q.get<CallRecord[]>("/api/webrtc/call-history")).body[0]).toMatchObject({ call_id: id, status: "ringing" });
    await P.post("/api/webrtc/end-call", { call_id: id });
    // Quinn is offline: the call_end waits for her socket, and comes exactly once.
    const sq = await connect(app.url, q.token);
    try {
      const got = signalsOf(sq);
      expect(got.map((x) => [x.message_type, x.call_id])).toEqual([["call_end", id]]);
      await sleep(200);
      expect((await Q.get("/api/webrtc/get-signals")).body).toEqual([]);
      expect(got).toHaveLength(1);
    } finally {
      sq.close();
    }
  });

  it("refuses get-signals with the cookie alone (a cross-site GET could consume them); the bearer token gets them", async () => {
    const r = await makeUser(app, { full_name: "Rae" });
    const cookie = { cookie: `ts_token=${r.token}` };
    const started = await api(app, p.token).post("/api/webrtc/initiate-call", { target_user_id: r.user.id, call_type: "audio" });
    const id = started.body.call_id as string;
    const viaCookie = await api(app).get("/phpapi/webrtc/get-signals", cookie);
    expect(viaCookie).toMatchObject({ status: 403, body: { error: SIGNALS_NEED_BEARER } });
    // Nothing was claimed: the invite still waits.
    const rows = await app.ctx.db.selectFrom("pending_signals").select("delivered_at").where("call_id", "=", id).where("to_user_id", "=", r.user.id).execute();
    expect(rows.map((x) => x.delivered_at)).toEqual([null]);
    // Reads that change nothing still take the cookie.
    expect((await api(app).get("/api/webrtc/call-history", cookie)).status).toBe(200);
    const viaBearer = await api(app, r.token).get<SignalMessage[]>("/phpapi/webrtc/get-signals", cookie);
    expect(viaBearer.status).toBe(200);
    expect(viaBearer.body.filter((x) => x.call_id === id).map((x) => x.message_type)).toEqual(["call_invite"]);
    await api(app, p.token).post("/api/webrtc/end-call", { call_id: id });
  });

  it("answers bad input with 400 and the field, and refuses a forged sender", async () => {
    const P = api(app, p.token);
    const bad = await P.post("/api/webrtc/initiate-call", { target_user_id: "abc" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/target_user_id/);
    expect((await P.post("/api/webrtc/send-signal", { call_id: "x", to_user_id: s.user.id, message_type: "teleport" })).status).toBe(400);
    expect((await P.post("/api/webrtc/send-signal", { call_id: "x", from_user_id: s.user.id, to_user_id: s.user.id, message_type: "offer" })).status).toBe(403);
    expect((await P.post("/api/webrtc/send-signal", { call_id: "nope", to_user_id: s.user.id, message_type: "offer" })).status).toBe(404);
    expect((await P.get("/api/webrtc/call-history?limit=-3")).status).toBe(400);
    expect((await P.post("/api/webrtc/update-presence", { status: "sleeping" })).status).toBe(400);
    const ok = await P.post("/api/webrtc/update-presence", new URLSearchParams({ status: "away", device_info: "phone" }));
    expect(ok.body).toMatchObject({ user_id: p.user.id, user_status: "away", online: true });
    await P.post("/api/webrtc/update-presence", { status: "online" });
  });

  it("starts a group call from a form body with a comma list", async () => {
    const res = await api(app, s.token).post("/api/webrtc/initiate-group-call", new URLSearchParams({ target_user_ids: `${p.user.id},${q.user.id}`, call_type: "audio" }));
    expect(res.status).toBe(200);
    const rec = (await api(app, s.token).get<CallRecord[]>("/api/webrtc/call-history")).body.find((r) => r.call_id === res.body.call_id)!;
    expect(rec.participant_list.map((x) => x.user_id)).toEqual([s.user.id, p.user.id, q.user.id]);
    await api(app, s.token).post("/api/webrtc/end-call", { call_id: res.body.call_id });
  });
});
