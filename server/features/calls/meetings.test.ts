import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, makeEvent, api, type TestApp, type TestUser } from "../../test/harness";
import { connect, call, record, until, ofType, type ClientSocket } from "../../test/clients";
import { MESSAGES } from "@shared/constants";
import type { CallRecord, MeetingJoined, SignalMessage } from "@shared/realtime";

describe.each(ENGINES)("meetings are rooms keyed by the meeting id (%s)", (engine) => {
  let app: TestApp;
  let org: TestUser, mem: TestUser, third: TestUser, stranger: TestUser;
  let so: ClientSocket, sm: ClientSocket, st: ClientSocket, ss: ClientSocket;
  let inO: SignalMessage[], inM: SignalMessage[], inT: SignalMessage[];
  let n = 0;

  const meeting = async (fields: Record<string, unknown> = {}) => {
    n += 1;
    const id = `m${n}${engine}`;
    await makeEvent(app, org.email, { event_type: "meeting", meeting_id: id, attendees: [mem.email, third.email], ...fields });
    return id;
  };
  const join = async (s: ClientSocket, meeting_id: string) => {
    const r = await call<MeetingJoined>(s, "meetings.join", { meeting_id });
    if (!r.ok) throw new Error(r.error);
    return r.data;
  };

  beforeAll(async () => {
    app = await startTestApp(engine);
    org = await makeUser(app, { full_name: "Orla" });
    mem = await makeUser(app, { full_name: "Milo" });
    third = await makeUser(app, { full_name: "Tess" });
    stranger = await makeUser(app, { full_name: "Sven" });
    [so, sm, st, ss] = await Promise.all([org, mem, third, stranger].map((u) => connect(app.url, u.token)));
    [inO, inM, inT] = [so, sm, st].map((s) => record<SignalMessage>(s, "signals.receive"));
  }, 180_000);
  afterAll(async () => {
    for (const s of [so, sm, st, ss]) s?.close();
    await app?.stop();
  });

  it("two people joining at the same moment end up in the same call and nobody is rung", async () => {
    const id = await meeting();
    const [a, b] = await Promise.all([join(so, id), join(sm, id)]);
    expect(a.call_id).toBe(b.call_id);
    expect(a.media).toBe("mesh");
    // Whoever came second sees the first in the room, and the first is told to connect to them.
    const [first, second, firstInbox, secondUser] = a.participants.length === 0 ? [org, mem, inO, mem] : [mem, org, inM, org];
    expect((a.participants.length === 0 ? b : a).participants.map((p) => p.user_id)).toEqual([first.user.id]);
    await until(firstInbox, (s) => s.message_type === "call_accept" && s.call_id === a.call_id && s.from_user_id === secondUser.user.id);
    expect(second).toBeTruthy();
    // A third walks in late: the two inside hear of it; that is the marker that everything earlier arrived.
    const c = await join(st, id);
    expect(c.call_id).toBe(a.call_id);
    expect(c.participants.map((p) => p.user_id).sort()).toEqual([org.user.id, mem.user.id].sort());
    expect(c.organiser_id).toBe(org.user.id);
    await until(inO, (s) => s.message_type === "call_accept" && s.call_id === a.call_id && s.from_user_id === third.user.id);
    await until(inM, (s) => s.message_type === "call_accept" && s.call_id === a.call_id && s.from_user_id === third.user.id);
    for (const inbox of [inO, inM, inT]) expect(ofType(inbox, "call_invite", a.call_id)).toHaveLength(0);

    const rec = (await api(app, org.token).get<CallRecord[]>("/api/webrtc/call-history")).body.find((r) => r.call_id === a.call_id)!;
    expect(rec).toMatchObject({ status: "connected", meeting_id: id, media: "mesh" });
    expect(rec.participant_list.map((p) => p.status)).toEqual(["joined", "joined", "joined"]);
    for (const s of [so, sm, st]) await call(s, "calls.end", { call_id: a.call_id });
  });

  it("the room stays open while anyone is in it; one who left walks back in; the last to leave closes it", async () => {
    const id = await meeting();
    const a = await join(so, id);
    await join(sm, id);
    expect((await call(so, "calls.end", { call_id: a.call_id })).ok).toBe(true);
    const left = await until(inM, (s) => s.message_type === "call_end" && s.call_id === a.call_id);
    expect(left.message_data).toMatchObject({ call_ended: false });
    // Milo alone keeps the room; Orla comes back into the same call.
    const again = await join(so, id);
    expect(again.call_id).toBe(a.call_id);
    expect(again.participants.map((p) => p.user_id)).toEqual([mem.user.id]);
    await call(so, "calls.end", { call_id: a.call_id });
    await call(sm, "calls.end", { call_id: a.call_id });
    const rec = (await api(app, mem.token).get<CallRecord[]>("/api/webrtc/call-history")).body.find((r) => r.call_id === a.call_id)!;
    expect(rec.status).toBe("ended");
    // The next join opens a new call for the meeting.
    const next = await join(sm, id);
    expect(next.call_id).not.toBe(a.call_id);
    await call(sm, "calls.end", { call_id: next.call_id });
  });

  it("only invitees walk in, unless the organiser opened the meeting to the organisation", async () => {
    const closed = await meeting();
    expect(await call(ss, "meetings.join", { meeting_id: closed })).toEqual({ ok: false, error: "Meeting not found" });
    expect(await call(ss, "meetings.join", { meeting_id: "no-such-meeting" })).toEqual({ ok: false, error: "Meeting not found" });
    const open = await meeting({ meeting_open: true });
    const r = await join(ss, open);
    expect(r.participants).toEqual([]);
    await call(ss, "calls.end", { call_id: r.call_id });
  });

  it("raise hand shows in the record; the organiser mutes and removes, nobody else may", async () => {
    const id = await meeting();
    const a = await join(so, id);
    await join(sm, id);
    const updates = record<CallRecord>(so, "calls.update");
    expect(await call(sm, "meetings.raiseHand", { call_id: a.call_id, raised: true })).toEqual({ ok: true, data: null });
    const raised = await until(updates, (u) => u.call_id === a.call_id && u.participant_list.some((p) => p.user_id === mem.user.id && p.hand_raised));
    expect(raised.participant_list.find((p) => p.user_id === org.user.id)?.hand_raised).toBe(false);

    expect(await call(sm, "meetings.mute", { call_id: a.call_id, user_id: org.user.id })).toEqual({ ok: false, error: "Only the organiser can do this" });
    const controls = record<{ call_id: string; action: string }>(sm, "meetings.control");
    expect((await call(so, "meetings.mute", { call_id: a.call_id, user_id: mem.user.id })).ok).toBe(true);
    await until(controls, (c) => c.action === "mute" && c.call_id === a.call_id);
    expect((await call(so, "meetings.remove", { call_id: a.call_id, user_id: mem.user.id })).ok).toBe(true);
    await until(controls, (c) => c.action === "remove" && c.call_id === a.call_id);
    const gone = await until(updates, (u) => u.call_id === a.call_id && u.participant_list.some((p) => p.user_id === mem.user.id && p.duration_seconds >= 0 && !p.hand_raised) && u.status === "connected");
    expect(gone.status).toBe("connected"); // the organiser is still in
    expect(await call(so, "meetings.remove", { call_id: a.call_id, user_id: mem.user.id })).toEqual({ ok: false, error: "This person is not in the meeting" });
    await call(so, "calls.end", { call_id: a.call_id });
  });

  it("calls.mute shows one's microphone on the others' records, live; walking in muted starts so", async () => {
    const id = await meeting();
    const a = await join(so, id);
    const r = await call<MeetingJoined>(st, "meetings.join", { meeting_id: id, muted: true });
    expect(r.ok).toBe(true);
    const updates = record<CallRecord>(so, "calls.update");
    const mic = (u: CallRecord, who: TestUser) => u.participant_list.find((p) => p.user_id === who.user.id)?.muted;
    await join(sm, id);
    const seen = await until(updates, (u) => u.call_id === a.call_id && u.participant_list.some((p) => p.user_id === mem.user.id && p.in_call));
    expect([mic(seen, third), mic(seen, mem), mic(seen, org)]).toEqual([true, false, false]);
    expect(await call(sm, "calls.mute", { call_id: a.call_id, muted: true })).toEqual({ ok: true, data: null });
    await until(updates, (u) => u.call_id === a.call_id && mic(u, mem) === true);
    expect((await call(sm, "calls.mute", { call_id: a.call_id, muted: false })).ok).toBe(true);
    await until(updates, (u) => u.call_id === a.call_id && mic(u, mem) === false && mic(u, third) === true);
    expect(await call(ss, "calls.mute", { call_id: a.call_id, muted: true })).toEqual({ ok: false, error: "You are not in this call" });
    expect(await call(sm, "calls.mute", { call_id: a.call_id, muted: "yes" })).toMatchObject({ ok: false });
    for (const s of [so, sm, st]) await call(s, "calls.end", { call_id: a.call_id });
  });

  it("without an SFU a call of more than 8 is refused with a message that says why", async () => {
    const many = await Promise.all(Array.from({ length: 8 }, () => makeUser(app)));
    const r = await call(so, "calls.initiateGroup", { target_user_ids: many.map((u) => u.user.id), call_type: "video" });
    expect(r).toEqual({ ok: false, error: MESSAGES.callNeedsSfu });
  });
});
