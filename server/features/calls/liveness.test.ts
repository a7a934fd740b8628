// Leaving a call when the socket that held one's place in it is gone for CALL_LEAVE_GRACE_MS
// (./liveness.ts), and staying when a socket takes the place back within it: real sockets.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, makeEvent, type TestApp, type TestUser } from "../../test/harness";
import { connect, call, record, until, sleep, ofType, type ClientSocket } from "../../test/clients";
import type { CallRecord, MeetingJoined, SessionReady, SignalMessage } from "@shared/realtime";

const GRACE_MS = 800;

describe.each(ENGINES)("a participant whose socket is gone leaves the call after the grace (%s)", (engine) => {
  let app: TestApp;
  let ann: TestUser, ben: TestUser;
  let n = 0;
  const open: ClientSocket[] = [];

  const socketOf = async (u: TestUser) => {
    const s = await connect(app.url, u.token);
    open.push(s);
    return s;
  };
  const meeting = async () => {
    n += 1;
    const id = `live${n}${engine}`;
    await makeEvent(app, ann.email, { event_type: "meeting", meeting_id: id, attendees: [ben.email] });
    return id;
  };
  const join = async (s: ClientSocket, meeting_id: string, extra: Record<string, unknown> = {}) => {
    const r = await call<MeetingJoined>(s, "meetings.join", { meeting_id, ...extra });
    if (!r.ok) throw new Error(r.error);
    return r.data;
  };
  /** Ann and Ben in one meeting, each through a socket of their own; Ann's signals recorded. */
  const annAndBenMeet = async () => {
    const id = await meeting();
    const sa = await socketOf(ann);
    const sb = await socketOf(ben);
    const a = await join(sa, id);
    await join(sb, id);
    const inbox = record<SignalMessage>(sa, "signals.receive");
    return { id, sa, sb, a, inbox };
  };
  const inCall = (rec: CallRecord, u: TestUser) => rec.participant_list.find((p) => p.user_id === u.user.id)?.in_call;

  beforeAll(async () => {
    app = await startTestApp(engine, { callLeaveGraceMs: GRACE_MS });
    ann = await makeUser(app, { full_name: "Ann" });
    ben = await makeUser(app, { full_name: "Ben" });
    // The sweep lets nobody go in its first few grace periods after the start (restarts).
    await sleep(3 * GRACE_MS);
  }, 180_000);
  afterAll(async () => {
    for (const s of open) s.close();
    await app?.stop();
  });

  it("a meeting: the socket that walked in closes and does not come back; another tab of the same user stays open; the user leaves after the grace", async () => {
    const id = await meeting();
    const sa = await socketOf(ann);
    const dashboard = await socketOf(ben); // Ben's other page, never in the call: it holds no place
    const sb = await socketOf(ben);
    const a = await join(sa, id);
    await join(sb, id);
    const updates = record<CallRecord>(sa, "calls.update");
    const inbox = record<SignalMessage>(sa, "signals.receive");

    const closedAt = Date.now();
    sb.close();
    await sleep(GRACE_MS / 2);
    expect(ofType(inbox, "call_end", a.call_id)).toHaveLength(0);
    const end = await until(inbox, (s) => s.message_type === "call_end" && s.call_id === a.call_id && s.from_user_id === ben.user.id, GRACE_MS + 5000);
    const after = Date.now() - closedAt;
    expect(after).toBeGreaterThanOrEqual(GRACE_MS);
    expect(end.message_data).toMatchObject({ reason: "left", call_ended: false });
    const rec = await until(updates, (u) => u.call_id === a.call_id && inCall(u, ben) === false);
    expect(rec.status).toBe("connected"); // Ann is still in the room
    expect(inCall(rec, ann)).toBe(true);
    expect(dashboard.connected).toBe(true);
    await call(sa, "calls.end", { call_id: a.call_id });
  });

  it("a one-to-one call: the callee's socket closes for good; the call ends for the caller after the grace", async () => {
    const sa = await socketOf(ann);
    const sb = await socketOf(ben);
    const started = await call<{ call_id: string }>(sa, "calls.initiate", { target_user_id: ben.user.id, call_type: "audio" });
    if (!started.ok) throw new Error(started.error);
    const callId = started.data.call_id;
    expect((await call(sb, "calls.answer", { call_id: callId, accepted: true })).ok).toBe(true);
    const inbox = record<SignalMessage>(sa, "signals.receive");
    sb.close();
    const end = await until(inbox, (s) => s.message_type === "call_end" && s.call_id === callId, GRACE_MS + 5000);
    expect(end.message_data).toMatchObject({ call_ended: true });
    const resumed = await call(await socketOf(ben), "calls.resume", { call_id: callId });
    expect(resumed.ok && resumed.data).toMatchObject({ status: "ended", call_id: callId });
  });

  it("a socket that comes back within the grace and resumes keeps the place; so does a reloaded page walking back into the meeting", async () => {
    const { id, sa, sb, a, inbox } = await annAndBenMeet();

    // A reconnect: a new socket, calls.resume well within the grace.
    sb.close();
    await sleep(GRACE_MS / 4);
    const again = await socketOf(ben);
    const resumed = await call<CallRecord>(again, "calls.resume", { call_id: a.call_id });
    expect(resumed.ok && inCall(resumed.data, ben)).toBe(true);
    await sleep(GRACE_MS * 3);
    expect(ofType(inbox, "call_end", a.call_id)).toHaveLength(0);

    // A reload: the page's new socket walks into the same meeting again, muted as it was.
    again.close();
    await sleep(GRACE_MS / 4);
    const reloaded = await socketOf(ben);
    const back = await join(reloaded, id, { muted: true });
    expect(back.call_id).toBe(a.call_id);
    await sleep(GRACE_MS * 3);
    expect(ofType(inbox, "call_end", a.call_id)).toHaveLength(0);
    const now = await call<CallRecord>(sa, "calls.resume", { call_id: a.call_id });
    if (!now.ok) throw new Error(now.error);
    expect(now.data.participant_list.find((p) => p.user_id === ben.user.id)).toMatchObject({ in_call: true, muted: true });

    // And that page closing for good lets Ben go after all.
    reloaded.close();
    await until(inbox, (s) => s.message_type === "call_end" && s.call_id === a.call_id && s.from_user_id === ben.user.id, GRACE_MS + 5000);
    await call(sa, "calls.end", { call_id: a.call_id });
  });

  it("a connection that drops and is recovered by Socket.IO is back in the call's room and stays without resuming", async () => {
    const { sa, sb, a, inbox } = await annAndBenMeet();
    const ready = record<SessionReady>(sb, "session.ready");
    (sb.io.engine as unknown as { close: () => void }).close(); // the transport drops; the client reconnects by itself
    const back = await until(ready, () => true, 5000);
    expect(back.recovered).toBe(true);
    await sleep(GRACE_MS * 3);
    expect(ofType(inbox, "call_end", a.call_id)).toHaveLength(0);
    for (const s of [sa, sb]) await call(s, "calls.end", { call_id: a.call_id });
  });

  it("calls.resume of a call one is not part of is not found", async () => {
    const id = await meeting();
    const sa = await socketOf(ann);
    const a = await join(sa, id);
    const stranger = await makeUser(app);
    expect(await call(await socketOf(stranger), "calls.resume", { call_id: a.call_id })).toEqual({ ok: false, error: "Call not found" });
    expect(await call(sa, "calls.resume", {})).toMatchObject({ ok: false });
    await call(sa, "calls.end", { call_id: a.call_id });
  });
});
