import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { connect, call, record, until, sleep, ofType, type ClientSocket } from "../../test/clients";
import type { CallRecord, SignalMessage } from "@shared/realtime";

const RING_MS = 2000;

describe.each(ENGINES)("calls between sockets (%s)", (engine) => {
  let app: TestApp;
  let a: TestUser, b: TestUser, c: TestUser, d: TestUser;
  let sa: ClientSocket, sb: ClientSocket, sc: ClientSocket, sd: ClientSocket;
  let inA: SignalMessage[], inB: SignalMessage[], inC: SignalMessage[], inD: SignalMessage[];

  beforeAll(async () => {
    app = await startTestApp(engine, { callRingTimeoutMs: RING_MS });
    a = await makeUser(app, { full_name: "Alice" });
    b = await makeUser(app, { full_name: "Bob" });
    c = await makeUser(app, { full_name: "Cleo", user_status: "busy" });
    d = await makeUser(app, { full_name: "Dan" });
    [sa, sb, sc, sd] = await Promise.all([a, b, c, d].map((u) => connect(app.url, u.token)));
    [inA, inB, inC, inD] = [sa, sb, sc, sd].map((s) => record<SignalMessage>(s, "signals.receive"));
  }, 180_000);
  afterAll(async () => {
    for (const s of [sa, sb, sc, sd]) s?.close();
    await app?.stop();
  });

  const history = async (u: TestUser) => (await api(app, u.token).get<CallRecord[]>("/api/webrtc/call-history?limit=50&offset=0")).body;

  it("runs invite, accept, offer, answer, ice and end between two sockets, with history and durations", async () => {
    const updates = record<CallRecord>(sb, "calls.update");
    const started = await call(sa, "calls.initiate", { target_user_id: b.user.id, call_type: "audio" });
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const callId = started.data.call_id;
    expect(started.data.status).toBe("ringing");

    const invite = await until(inB, (s) => s.message_type === "call_invite" && s.call_id === callId);
    expect(invite).toMatchObject({ from_user_id: a.user.id, from_user_name: "Alice", from_user_email: a.email, call_type: "audio" });
    expect(invite.participant_ids).toEqual([a.user.id, b.user.id]);
    expect(typeof invite.id).toBe("number");

    expect((await call(sb, "calls.answer", { call_id: callId, accepted: true })).ok).toBe(true);
    await until(inA, (s) => s.message_type === "call_accept" && s.call_id === callId);

    const sdp = { type: "offer", sdp: "v=0 fake" };
    expect((await call(sa, "signals.send", { call_id: callId, to_user_id: b.user.id, message_type: "offer", message_data: sdp })).ok).toBe(true);
    expect((await until(inB, (s) => s.message_type === "offer")).message_data).toEqual(sdp);
    expect((await call(sb, "signals.send", { call_id: callId, to_user_id: a.user.id, message_type: "answer", message_data: '{"type":"answer"}' })).ok).toBe(true);
    expect((await until(inA, (s) => s.message_type === "answer")).message_data).toBe('{"type":"answer"}');
    for (const [from, to, inbox] of [[sa, b, inB], [sb, a, inA]] as const) {
      const ack = await call(from, "signals.send", { call_id: callId, to_user_id: to.user.id, message_type: "ice_candidate", message_data: { candidate: "c1" } });
      expect(ack.ok).toBe(true);
      await until(inbox, (s) => s.message_type === "ice_candidate" && s.call_id === callId);
    }

    await sleep(1200);
    expect((await call(sa, "calls.end", { call_id: callId })).ok).toBe(true);
    const end = await until(inB, (s) => s.message_type === "call_end" && s.call_id === callId);
    expect(end.message_data).toMatchObject({ call_ended: true });
    await until(updates, (u) => u.call_id === callId && u.status === "ended");

    for (const u of [a, b]) {
      const rec = (await history(u)).find((r) => r.call_id === callId)!;
      expect(rec).toMatchObject({ status: "ended", call_type: "audio", initiator_id: a.user.id });
      expect(rec.duration_seconds).toBeGreaterThanOrEqual(1);
      expect(rec.started_at && rec.ended_at).toBeTruthy();
      expect(rec.participants).toMatch(new RegExp(`^${a.user.id}:Alice:joined:[1-9]\\d*\\|${b.user.id}:Bob:joined:[1-9]\\d*$`));
      expect(rec.recording.recording_status).toBe("not_configured");
    }
    // Ending twice is harmless; nobody else may end it.
    expect((await call(sb, "calls.end", { call_id: callId })).ok).toBe(true);
    expect(await call(sd, "calls.end", { call_id: callId })).toEqual({ ok: false, error: "You are not in this call" });
  });

  it("rejects at once a call to a busy user, and to a user already in a call", async () => {
    const busy = await call(sa, "calls.initiate", { target_user_id: c.user.id, call_type: "video" });
    expect(busy).toMatchObject({ ok: true, data: { status: "rejected", reason: "busy" } });
    if (!busy.ok) return;
    const rej = await until(inA, (s) => s.message_type === "call_reject" && s.call_id === busy.data.call_id);
    expect(rej.from_user_id).toBe(c.user.id);
    await sleep(100);
    expect(ofType(inC, "call_invite", busy.data.call_id)).toHaveLength(0);
    expect((await history(a)).find((r) => r.call_id === busy.data.call_id)).toMatchObject({ status: "rejected", end_reason: "busy" });

    // Bob is in a call with Alice; Dan's call to Bob is turned away.
    const ab = await call(sa, "calls.initiate", { target_user_id: b.user.id, call_type: "video" });
    if (!ab.ok) throw new Error(ab.error);
    await call(sb, "calls.answer", { call_id: ab.data.call_id, accepted: true });
    const db = await call(sd, "calls.initiate", { target_user_id: b.user.id, call_type: "video" });
    expect(db).toMatchObject({ ok: true, data: { status: "rejected", reason: "busy" } });
    await until(inD, (s) => s.message_type === "call_reject");
    const recs = await history(d);
    expect(recs[0]).toMatchObject({ status: "rejected", end_reason: "busy" });
    expect(recs[0].participants).toContain(`${b.user.id}:Bob:busy:0`);
    await call(sa, "calls.end", { call_id: ab.data.call_id });
  });

  it("history tells a cancelled call and a client's busy auto-reject from a missed and a declined one", async () => {
    // Alice hangs up while Bob's phone rings: cancelled (Bob missed it).
    const cancelled = await call(sa, "calls.initiate", { target_user_id: b.user.id, call_type: "audio" });
    if (!cancelled.ok) throw new Error(cancelled.error);
    await until(inB, (s) => s.message_type === "call_invite" && s.call_id === cancelled.data.call_id);
    await call(sa, "calls.end", { call_id: cancelled.data.call_id });
    const rec = (await history(a)).find((r) => r.call_id === cancelled.data.call_id)!;
    expect(rec).toMatchObject({ status: "missed", end_reason: "cancelled", started_at: null });
    expect(rec.participants).toContain(`${b.user.id}:Bob:missed:0`);

    // Dan's browser turns Alice's call away by itself (he is busy in another tab's call): busy, not declined.
    const auto = await call(sa, "calls.initiate", { target_user_id: d.user.id, call_type: "audio" });
    if (!auto.ok) throw new Error(auto.error);
    await until(inD, (s) => s.message_type === "call_invite" && s.call_id === auto.data.call_id);
    expect((await call(sd, "calls.answer", { call_id: auto.data.call_id, accepted: false, reason: "busy" })).ok).toBe(true);
    const rej = await until(inA, (s) => s.message_type === "call_reject" && s.call_id === auto.data.call_id);
    expect(rej.message_data).toMatchObject({ reason: "busy", call_ended: true });
    const autoRec = (await history(a)).find((r) => r.call_id === auto.data.call_id)!;
    expect(autoRec).toMatchObject({ status: "rejected", end_reason: "busy" });
    expect(autoRec.participants).toContain(`${d.user.id}:Dan:busy:0`);
  });

  it("refuses to start a call while the caller is busy", async () => {
    const res = await call(sc, "calls.initiate", { target_user_id: a.user.id });
    expect(res).toEqual({ ok: false, error: "You are in Do Not Disturb mode. Please change your status to receive calls." });
  });

  it("turns an unanswered call into a missed one and tells both sides", async () => {
    const started = await call(sa, "calls.initiate", { target_user_id: b.user.id, call_type: "video" });
    if (!started.ok) throw new Error(started.error);
    const id = started.data.call_id;
    await until(inB, (s) => s.message_type === "call_invite" && s.call_id === id);
    const endB = await until(inB, (s) => s.message_type === "call_end" && s.call_id === id, RING_MS + 4000);
    expect(endB.message_data).toMatchObject({ reason: "missed" });
    await until(inA, (s) => s.message_type === "call_end" && s.call_id === id);
    const rec = (await history(b)).find((r) => r.call_id === id)!;
    expect(rec.status).toBe("missed");
    expect(rec.duration_seconds).toBe(0);
    expect(rec.participants).toContain(`${b.user.id}:Bob:missed:0`);
    // Too late to answer.
    expect(await call(sb, "calls.answer", { call_id: id, accepted: true })).toEqual({ ok: false, error: "Call is missed" });
  });

  it("rejecting ends a one-to-one call for the caller", async () => {
    const started = await call(sd, "calls.initiate", { target_user_id: a.user.id, call_type: "video" });
    if (!started.ok) throw new Error(started.error);
    await until(inA, (s) => s.message_type === "call_invite" && s.call_id === started.data.call_id);
    expect((await call(sa, "calls.answer", { call_id: started.data.call_id, accepted: "false" })).ok).toBe(true);
    const rej = await until(inD, (s) => s.message_type === "call_reject" && s.call_id === started.data.call_id);
    expect(rej.message_data).toMatchObject({ call_ended: true });
    expect((await history(d))[0]).toMatchObject({ call_id: started.data.call_id, status: "rejected", end_reason: "declined" });
  });

  it("runs a group call: invites all, members leave one by one, the call ends with the last pair", async () => {
    const g = await call(sa, "calls.initiateGroup", { target_user_ids: [b.user.id, d.user.id], call_type: "video" });
    if (!g.ok) throw new Error(g.error);
    const id = g.data.call_id;
    for (const inbox of [inB, inD]) {
      const inv = await until(inbox, (s) => s.message_type === "call_invite" && s.call_id === id);
      expect(inv.participant_ids).toEqual([a.user.id, b.user.id, d.user.id]);
    }
    await call(sb, "calls.answer", { call_id: id, accepted: true });
    await call(sd, "calls.answer", { call_id: id, accepted: true });
    // Dan's accept reaches both who are already in: each of them offers to him.
    await until(inA, (s) => s.message_type === "call_accept" && s.call_id === id && s.from_user_id === d.user.id);
    await until(inB, (s) => s.message_type === "call_accept" && s.call_id === id && s.from_user_id === d.user.id);
    await call(sd, "calls.end", { call_id: id });
    const left = await until(inA, (s) => s.message_type === "call_end" && s.call_id === id);
    expect(left.message_data).toMatchObject({ reason: "left", call_ended: false });
    expect((await history(a)).find((r) => r.call_id === id)!.status).toBe("connected");
    await call(sb, "calls.end", { call_id: id });
    await until(inA, (s) => s.message_type === "call_end" && s.call_id === id && (s.message_data as any).call_ended === true);
    expect((await history(a)).find((r) => r.call_id === id)!.status).toBe("ended");
  });
});
