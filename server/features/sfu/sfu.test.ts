// The SFU driver against a real Janus (Debian's, started by the test on loopback with its own
// config in a temp dir). Browsers' SDP is stood in for by a fixed sendonly offer: Janus answers it
// and announces the publisher; ICE never completes, which these signalling checks do not need
// (the Playwright meeting test carries real media).
import crypto from "node:crypto";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestApp, makeUser, makeEvent, type TestApp, type TestUser } from "../../test/harness";
import { janusAvailable, startJanus, type RunningJanus } from "../../test/janus";
import { connect, call, record, until, type ClientSocket } from "../../test/clients";
import type { CallRecord, MeetingJoined, SfuOffer } from "@shared/realtime";

function offerSdp(): string {
  const hex = () => crypto.randomBytes(32).toString("hex").toUpperCase().match(/../g)!.join(":");
  const ufrag = crypto.randomBytes(4).toString("hex");
  const pwd = crypto.randomBytes(12).toString("hex");
  const common = (mid: string) => [
    "c=IN IP4 0.0.0.0",
    "a=rtcp:9 IN IP4 0.0.0.0",
    `a=ice-ufrag:${ufrag}`,
    `a=ice-pwd:${pwd}`,
    "a=ice-options:trickle",
    `a=fingerprint:sha-256 ${hex()}`,
    "a=setup:actpass",
    `a=mid:${mid}`,
    "a=sendonly",
    "a=rtcp-mux",
  ];
  return [
    "v=0",
    `o=- ${Date.now()} 2 IN IP4 127.0.0.1`,
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0 1",
    "a=msid-semantic: WMS s",
    "m=audio 9 UDP/TLS/RTP/SAVPF 111",
    ...common("0"),
    "a=msid:s a",
    "a=rtpmap:111 opus/48000/2",
    "a=fmtp:111 minptime=10;useinbandfec=1",
    "a=ssrc:1111 cname:c",
    "m=video 9 UDP/TLS/RTP/SAVPF 96",
    ...common("1"),
    "a=msid:s v",
    "a=rtpmap:96 VP8/90000",
    "a=rtcp-fb:96 nack",
    "a=rtcp-fb:96 nack pli",
    "a=ssrc:2222 cname:c",
    "",
  ].join("\r\n");
}

describe.skipIf(!janusAvailable())("the SFU driver with Janus", () => {
  let janus: RunningJanus;
  let app: TestApp;
  const people: TestUser[] = [];
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    janus = await startJanus();
    app = await startTestApp("pglite", { janusUrl: janus.url, meshMax: 4 });
    for (let i = 0; i < 5; i++) people.push(await makeUser(app, { full_name: `P${i}` }));
    sockets.push(...(await Promise.all(people.map((p) => connect(app.url, p.token)))));
  }, 180_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app?.stop();
    await janus?.stop();
  });

  it("a meeting uses the SFU: Janus answers each publisher, a reconnecting publisher replaces its feed, outsiders are refused", async () => {
    const [a, b] = people;
    const [sa, sb] = sockets;
    await makeEvent(app, a.email, { event_type: "meeting", meeting_id: "sfu1", attendees: [b.email] });
    const offersA = record<SfuOffer>(sa, "sfu.offer");
    let callId = "";
    try {
    const ja = await call<MeetingJoined>(sa, "meetings.join", { meeting_id: "sfu1" });
    if (!ja.ok) throw new Error(ja.error);
    callId = ja.data.call_id;
    expect(ja.data.media).toBe("sfu");
    const pa = await call<{ jsep: { type: string; sdp: string } }>(sa, "sfu.publish", { call_id: ja.data.call_id, jsep: { type: "offer", sdp: offerSdp() } }, 20_000);
    if (!pa.ok) throw new Error(pa.error);
    expect(pa.data.jsep.type).toBe("answer");
    expect(pa.data.jsep.sdp).toMatch(/a=recvonly/);
    expect(pa.data.jsep.sdp).toMatch(/a=candidate:\S+ 1 udp \d+ \S+ \d+ typ host/);

    const jb = await call<MeetingJoined>(sb, "meetings.join", { meeting_id: "sfu1" });
    if (!jb.ok) throw new Error(jb.error);
    expect(jb.data.call_id).toBe(ja.data.call_id);
    expect(jb.data.participants.map((p) => p.user_id)).toEqual([a.user.id]);
    const pb = await call<{ jsep: { type: string; sdp: string } }>(sb, "sfu.publish", { call_id: jb.data.call_id, jsep: { type: "offer", sdp: offerSdp() } }, 20_000);
    expect(pb.ok && pb.data.jsep.type).toBe("answer");
    // Janus announces a publisher to the others once its media flow (see the Playwright meeting
    // test); until then nobody is offered anything.
    expect(offersA).toEqual([]);
    // Publishing again (a reconnect) replaces the feed instead of failing on the taken feed id.
    const again = await call(sb, "sfu.publish", { call_id: jb.data.call_id, jsep: { type: "offer", sdp: offerSdp() } }, 20_000);
    expect(again.ok).toBe(true);

    // Only people in the call may publish; the layer choice of someone unpublished is refused.
    const stranger = await call(sockets[2], "sfu.publish", { call_id: ja.data.call_id, jsep: { type: "offer", sdp: offerSdp() } });
    expect(stranger).toEqual({ ok: false, error: "You are not in this call" });
    expect(await call(sockets[2], "sfu.answer", { call_id: ja.data.call_id, jsep: { type: "answer", sdp: "v=0" } })).toEqual({ ok: false, error: "Not published to the SFU" });
    } finally {
      for (const s of [sa, sb]) await call(s, "calls.end", { call_id: callId });
    }
  });

  it("a one-to-one call that grows past CALL_MESH_MAX moves to the SFU, and the people rung are told", async () => {
    const [a, b, c, d, e] = people;
    const [sa, sb, sc, sd, se] = sockets;
    const updatesA = record<CallRecord>(sa, "calls.update");
    const started = await call(sa, "calls.initiate", { target_user_id: b.user.id, call_type: "video" });
    if (!started.ok) throw new Error(started.error);
    const id = started.data.call_id;
    await call(sb, "calls.answer", { call_id: id, accepted: true });
    const grow1 = await call(sa, "calls.invite", { call_id: id, user_ids: [c.user.id, d.user.id] });
    expect(grow1).toEqual({ ok: true, data: { call_id: id, media: "mesh" } });
    const invitesE = record<{ message_type: string; message_data: { media?: string } }>(se, "signals.receive");
    const grow2 = await call(sb, "calls.invite", { call_id: id, user_ids: [e.user.id] });
    expect(grow2).toEqual({ ok: true, data: { call_id: id, media: "sfu" } });
    await until(updatesA, (u) => u.call_id === id && u.media === "sfu");
    const inv = await until(invitesE, (s) => s.message_type === "call_invite");
    expect(inv.message_data.media).toBe("sfu");
    for (const s of [sc, sd, se]) await call(s, "calls.answer", { call_id: id, accepted: true });
    for (const s of [sa, sb, sc, sd, se]) await call(s, "calls.end", { call_id: id });
    expect(a && d).toBeTruthy();
  });
});
