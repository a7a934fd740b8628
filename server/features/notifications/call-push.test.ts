// Incoming calls pushed to someone with no tab open, through a real local push service
// (web-push-testing): the ring decrypts to the call's payload; the caller cancelling replaces it
// with the "Missed call" notice under the same tag; answering on another device sends a
// withdrawal with that tag; someone with an open socket is rung there and never pushed.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { connect, call, record, until, type ClientSocket } from "../../test/clients";
import type { SignalMessage } from "@shared/realtime";
import { startPushService, waitFor, type PushService, type TestSubscription } from "../../test/push-service";

const ENV = { NOTIFY_DELAY_MS: "0", NOTIFY_SWEEP_MS: "100", PUSH_ALLOW_HTTP: "1", PUSH_ALLOW_PRIVATE_ENDPOINTS: "1" };

describe.each(ENGINES)("incoming-call pushes (%s)", (engine) => {
  let app: TestApp;
  let push: PushService;
  let ann: TestUser, ben: TestUser, cleo: TestUser;
  let benSub: TestSubscription, cleoSub: TestSubscription;
  let cleoSocket: ClientSocket;

  const subscribe = async (user: TestUser) => {
    const key = await api(app, user.token).get<{ publicKey: string }>("/api/push/key");
    const s = await push.subscribe(key.body.publicKey);
    const res = await api(app, user.token).post("/api/push/subscriptions", { endpoint: s.endpoint, keys: s.keys });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return s;
  };
  /** The decrypted pushes of a subscription, once there are `n`. */
  const pushes = async (sub: TestSubscription, n: number) =>
    (await waitFor(async () => {
      const got = await push.messages(sub.clientHash);
      return got.length >= n ? got : null;
    })).map((m) => JSON.parse(m) as Record<string, unknown>);
  const jobsOf = (userId: number, kind: string) =>
    app.ctx.db.selectFrom("notification_jobs").select(["kind", "status", "outcome", "payload"]).where("user_id", "=", userId).where("kind", "=", kind).orderBy("id").execute();
  const ring = async (to: TestUser) => {
    const res = await api(app, ann.token).post<{ call_id: string }>("/api/webrtc/initiate-call", { target_user_id: to.user.id, call_type: "audio" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.call_id;
  };

  beforeAll(async () => {
    push = await startPushService();
    app = await startTestApp(engine, { callRingTimeoutMs: 60_000 }, ENV);
    ann = await makeUser(app, { full_name: "Ann Lee" });
    ben = await makeUser(app, { full_name: "Ben Ode" });
    cleo = await makeUser(app, { full_name: "Cleo Park" });
    benSub = await subscribe(ben);
    cleoSub = await subscribe(cleo);
    cleoSocket = await connect(app.url, cleo.token);
  });

  afterAll(async () => {
    cleoSocket?.close();
    await app?.stop();
    await push?.close();
  });

  it("rings a person with no socket by push; the caller cancelling replaces it with the missed-call notice (same tag)", async () => {
    const callId = await ring(ben);
    const [rung] = await pushes(benSub, 1);
    expect(rung).toEqual({
      title: "Ann Lee is calling you",
      body: "Incoming audio call",
      url: `/CallHistory?call=${callId}`,
      tag: `call-${callId}`,
      kind: "call_ring",
      call_id: callId,
      call_type: "audio",
    });
    expect((await api(app, ann.token).post("/api/webrtc/end-call", { call_id: callId })).status).toBe(200);
    const [, missed] = await pushes(benSub, 2);
    expect(missed).toMatchObject({ title: "Missed call from Ann Lee", tag: `call-${callId}`, kind: "call" });
    // The withdrawal was decided unneeded: the missed notice took the ring's place.
    await waitFor(async () => (await jobsOf(ben.user.id, "call_withdraw")).some((j) => j.status !== "pending"));
    expect(await jobsOf(ben.user.id, "call_withdraw")).toMatchObject([{ status: "skipped", outcome: "the missed-call notice replaces the ring" }]);
  });

  it("queues the missed-call notice in the call's own transaction: there as the caller's hang-up is answered, no event needed", async () => {
    const listeners = app.ctx.events.listeners("calls.missed");
    app.ctx.events.removeAllListeners("calls.missed");
    try {
      const callId = await ring(ben);
      expect((await api(app, ann.token).post("/api/webrtc/end-call", { call_id: callId })).status).toBe(200);
      const jobs = await app.ctx.db.selectFrom("notification_jobs").select(["kind", "key", "payload"]).where("user_id", "=", ben.user.id).where("kind", "=", "call").execute();
      expect(jobs.filter((j) => j.key === `call:${callId}:${ben.user.id}:missed`)).toHaveLength(1);
      // The worker's own sweep delivers it without being woken.
      await waitFor(async () => ((await push.messages(benSub.clientHash)).some((m) => (JSON.parse(m) as { kind: string; tag: string }).kind === "call" && m.includes(callId)) ? true : null));
    } finally {
      for (const l of listeners) app.ctx.events.on("calls.missed", l as never);
    }
  });

  it("withdraws the ring when the call is answered on another device", async () => {
    const before = (await push.messages(benSub.clientHash)).length;
    const callId = await ring(ben);
    const [rung] = (await pushes(benSub, before + 1)).slice(before);
    expect(rung).toMatchObject({ kind: "call_ring", tag: `call-${callId}` });
    // Ben answers from a client that polls (no socket): another device.
    const answer = await api(app, ben.token).post("/api/webrtc/answer-call", { call_id: callId, accepted: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [withdrawal] = (await pushes(benSub, before + 2)).slice(before + 1);
    expect(withdrawal).toEqual({ title: "", body: "", url: "", tag: `call-${callId}`, kind: "call_withdraw", call_id: callId });
    expect((await api(app, ann.token).post("/api/webrtc/end-call", { call_id: callId })).status).toBe(200);
  });

  /** Runs `fn` with `event`'s listeners removed, as if the process had died before sending it. */
  const withoutEvent = async (event: "calls.ringing" | "calls.changed", fn: () => Promise<void>) => {
    const listeners = app.ctx.events.listeners(event);
    app.ctx.events.removeAllListeners(event);
    try {
      await fn();
    } finally {
      for (const l of listeners) app.ctx.events.on(event, l as never);
    }
  };

  it("writes the ring's job with the waiting invite, and withdraws it from the committed rows when the transition's event is lost", async () => {
    const before = (await push.messages(benSub.clientHash)).length;
    let callId = "";
    await withoutEvent("calls.ringing", async () => {
      callId = await ring(ben);
      const jobs = await app.ctx.db.selectFrom("notification_jobs").select(["key"]).where("user_id", "=", ben.user.id).where("kind", "=", "call_ring").where("key", "like", `call:${callId}:${ben.user.id}:ring:%`).execute();
      expect(jobs).toHaveLength(1);
      // The worker's own sweep sends it without being woken.
      const [rung] = (await pushes(benSub, before + 1)).slice(before);
      expect(rung).toMatchObject({ kind: "call_ring", tag: `call-${callId}` });
    });
    await withoutEvent("calls.changed", async () => {
      expect((await api(app, ben.token).post("/api/webrtc/answer-call", { call_id: callId, accepted: true })).status).toBe(200);
      // The calls sweep (every 10 s on every node) finds the ring of someone no longer rung.
      const [withdrawal] = (await waitFor(async () => {
        const got = await push.messages(benSub.clientHash);
        return got.length >= before + 2 ? got : null;
      }, 20_000)).slice(before + 1).map((m) => JSON.parse(m) as Record<string, unknown>);
      expect(withdrawal).toMatchObject({ kind: "call_withdraw", tag: `call-${callId}` });
    });
    expect((await api(app, ann.token).post("/api/webrtc/end-call", { call_id: callId })).status).toBe(200);
    // Once per ring however often the sweep and the events look again.
    await new Promise((r) => setTimeout(r, 200));
    expect((await jobsOf(ben.user.id, "call_withdraw")).filter((j) => j.payload.call_id === callId)).toHaveLength(1);
  }, 40_000);

  it("rings a person with an open socket there, with no push", async () => {
    const invites = record<SignalMessage>(cleoSocket, "signals.receive");
    const callId = await ring(cleo);
    await until(invites, (s) => s.message_type === "call_invite" && s.call_id === callId);
    expect((await call(cleoSocket, "calls.answer", { call_id: callId, accepted: false })).ok).toBe(true);
    // The marker: a direct message after the call is the first push Cleo's browser receives.
    const dm = await api(app, ann.token).post<{ id: number }>("/api/channels/dm", { user_id: cleo.user.id });
    expect((await api(app, ann.token).post("/api/entities/messages", { channel_id: dm.body.id, content: "Sorry, wrong number" })).status).toBe(201);
    const got = await pushes(cleoSub, 1);
    expect(got.map((p) => [p.kind, p.body])).toEqual([["message", "Sorry, wrong number"]]);
    expect(await jobsOf(cleo.user.id, "call_ring")).toEqual([]);
    expect(await jobsOf(cleo.user.id, "call_withdraw")).toEqual([]);
  });
});
