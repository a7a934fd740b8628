// Web Push against a real local push service (web-push-testing): the server's push is accepted
// and decrypts to the expected payload, an expired subscription (410) is removed, subscriptions
// are validated, end with the session and stay with the person who made them; the notification
// centre lists the item.
import crypto from "node:crypto";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { startPushService, waitFor, type PushService, type TestSubscription } from "../../test/push-service";
import { topicOf } from "./push";

describe.each(ENGINES)("web push (%s)", (engine) => {
  let app: TestApp;
  let push: PushService;
  let ann: TestUser, ben: TestUser;
  let sub: TestSubscription;
  let channelId: number;

  const subscribe = async (user: TestUser) => {
    const key = await api(app, user.token).get<{ publicKey: string }>("/api/push/key");
    expect(key.status).toBe(200);
    const s = await push.subscribe(key.body.publicKey);
    const res = await api(app, user.token).post("/api/push/subscriptions", { endpoint: s.endpoint, expirationTime: null, keys: s.keys });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return s;
  };
  const jobsOf = (userId: number) => app.ctx.db.selectFrom("notification_jobs").selectAll().where("user_id", "=", userId).orderBy("id").execute();
  const subsOf = (userId: number) => app.ctx.db.selectFrom("push_subscriptions").selectAll().where("user_id", "=", userId).execute();

  beforeAll(async () => {
    push = await startPushService();
    app = await startTestApp(engine, {}, { NOTIFY_DELAY_MS: "0", NOTIFY_SWEEP_MS: "100", PUSH_ALLOW_HTTP: "1", PUSH_ALLOW_PRIVATE_ENDPOINTS: "1" });
    ann = await makeUser(app, { full_name: "Ann Lee" });
    ben = await makeUser(app, { full_name: "Ben Ode" });
    const dm = await api(app, ann.token).post<{ id: number }>("/api/channels/dm", { user_id: ben.user.id });
    channelId = dm.body.id;
  });

  afterAll(async () => {
    await app?.stop();
    await push?.close();
  });

  it("refuses a subscription that is not a PushSubscription, in words", async () => {
    const res = await api(app, ben.token).post<{ error: string }>("/api/push/subscriptions", { endpoint: "nope", keys: { p256dh: "x" } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/endpoint must be the push service's https URL|keys.auth is required/);
    expect((await api(app).get("/api/push/key")).status).toBe(401);
  });

  it("pushes a direct message: the push service accepts it and it decrypts to the payload", async () => {
    sub = await subscribe(ben);
    const m = await api(app, ann.token).post<{ id: number }>("/api/entities/messages", { channel_id: channelId, content: "Lunch at noon?" });
    expect(m.status).toBe(201);
    const [raw] = await waitFor(async () => {
      const got = await push.messages(sub.clientHash);
      return got.length ? got : null;
    }).catch(async (err) => {
      console.error(await jobsOf(ben.user.id), await subsOf(ben.user.id));
      throw err;
    });
    expect(JSON.parse(raw)).toEqual({ title: "Ann Lee", body: "Lunch at noon?", url: `/Chat?channel=${channelId}`, tag: `channel-${channelId}`, kind: "message" });
    // The push can arrive a moment before the worker has written down that it was sent.
    const [job] = await waitFor(async () => {
      const jobs = await jobsOf(ben.user.id);
      return jobs[0]?.status !== "pending" ? jobs : null;
    });
    // The push service answered 201: the job is done, sent to one browser, on its first attempt.
    expect(job).toMatchObject({ kind: "message", status: "done", outcome: "sent 1", attempts: 1, key: `message:${m.body.id}:${ben.user.id}` });
    // Its Topic stands for the job's key: sent again, it replaces the first at the push service.
    expect(push.topics(sub.clientHash)).toEqual([topicOf(job.key!)]);
    // Nothing for the sender's own message.
    expect(await jobsOf(ann.user.id)).toEqual([]);
    // The notification centre lists it for Ben alone.
    const items = await api(app, ben.token).get<{ title: string; is_read: boolean; link: string }[]>("/api/entities/notifications");
    expect(items.body).toMatchObject([{ title: "Ann Lee", is_read: false, link: `/Chat?channel=${channelId}` }]);
    expect((await api(app, ann.token).get<unknown[]>("/api/entities/notifications")).body).toEqual([]);
  });

  it("forgets a subscription the push service answers 410 for", async () => {
    await push.expire(sub.clientHash);
    await api(app, ann.token).post("/api/entities/messages", { channel_id: channelId, content: "Still there?" });
    await waitFor(async () => (await jobsOf(ben.user.id)).length === 2 && (await jobsOf(ben.user.id))[1].status !== "pending");
    expect((await jobsOf(ben.user.id))[1]).toMatchObject({ status: "done", outcome: "sent 0" });
    expect(await subsOf(ben.user.id)).toEqual([]);
  });

  it("removes a browser's subscription with DELETE and a session's on logout", async () => {
    const s1 = await subscribe(ben);
    const del = await fetch(`${app.url}/api/push/subscriptions`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${ben.token}`, "content-type": "application/json" },
      body: JSON.stringify({ endpoint: s1.endpoint }),
    });
    expect(await del.json()).toEqual({ removed: 1 });
    await subscribe(ben);
    expect(await subsOf(ben.user.id)).toHaveLength(1);
    expect((await api(app, ben.token).post("/api/auth/logout")).status).toBeLessThan(300);
    await waitFor(async () => (await subsOf(ben.user.id)).length === 0);
  });

  it("pushes nothing to a session signed out or a person deactivated, even if the clean-up never ran", async () => {
    const dee = await makeUser(app, { full_name: "Dee" });
    const s = await subscribe(dee);
    const dm = await api(app, ann.token).post<{ id: number }>("/api/channels/dm", { user_id: dee.user.id });
    const say = (content: string) => api(app, ann.token).post("/api/entities/messages", { channel_id: dm.body.id, content });
    // As if the process died right after the commit: the session is revoked, its subscription left.
    const [session] = await app.ctx.db.selectFrom("push_subscriptions").select("session_id").where("user_id", "=", dee.user.id).execute();
    await app.ctx.db.updateTable("sessions").set({ revoked_at: new Date() }).where("id", "=", session.session_id!).execute();
    expect((await say("after sign-out")).status).toBe(201);
    // A marker the push service does receive: the same person's live subscription, made afterwards.
    const live = await app.ctx.db.insertInto("sessions").values({ id: crypto.randomUUID(), user_id: dee.user.id, expires_at: new Date(Date.now() + 3600_000) }).returning("id").executeTakeFirstOrThrow();
    const marker = await push.subscribe((await api(app, dee.token).get<{ publicKey: string }>("/api/push/key")).body.publicKey);
    await app.ctx.db.insertInto("push_subscriptions").values({ user_id: dee.user.id, session_id: live.id, endpoint: marker.endpoint, p256dh: marker.keys.p256dh, auth: marker.keys.auth }).execute();
    expect((await say("marker")).status).toBe(201);
    await waitFor(async () => ((await push.messages(marker.clientHash)).length ? true : null));
    expect(await push.messages(s.clientHash)).toEqual([]);
    // Deactivated, the clean-up skipped too: nothing reaches any of the person's browsers.
    await app.ctx.db.updateTable("users").set({ is_active: false }).where("id", "=", dee.user.id).execute();
    const before = (await push.messages(marker.clientHash)).length;
    expect((await say("after deactivation")).status).toBe(201);
    expect((await say("after deactivation, a marker for Ann's jobs to pass")).status).toBe(201);
    await waitFor(async () => {
      const jobs = await jobsOf(dee.user.id);
      return jobs.length && jobs.every((j) => j.status !== "pending") ? true : null;
    });
    expect(await push.messages(marker.clientHash)).toHaveLength(before);
  });

  it("removes a person's subscriptions when they are deactivated", async () => {
    const cleo = await makeUser(app, { full_name: "Cleo" });
    const admin = await makeUser(app, { role: "admin" });
    await subscribe(cleo);
    expect(await subsOf(cleo.user.id)).toHaveLength(1);
    expect((await api(app, admin.token).patch(`/api/entities/users/${cleo.user.id}`, { is_active: false })).status).toBe(200);
    await waitFor(async () => (await subsOf(cleo.user.id)).length === 0);
  });

  it("keeps a subscription with the person who made it: another's POST is refused and their DELETE removes nothing", async () => {
    const dee = await makeUser(app, { full_name: "Dee" });
    const eve = await makeUser(app, { full_name: "Eve" });
    const deeSub = await subscribe(dee);
    const stored = await subsOf(dee.user.id);
    // Eve learns Dee's endpoint and posts it with keys of her own.
    const eveKeys = (await push.subscribe((await api(app, eve.token).get<{ publicKey: string }>("/api/push/key")).body.publicKey)).keys;
    const taken = await api(app, eve.token).post<{ error: string }>("/api/push/subscriptions", { endpoint: deeSub.endpoint, keys: eveKeys });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatch(/another account/);
    const del = await fetch(`${app.url}/api/push/subscriptions`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${eve.token}`, "content-type": "application/json" },
      body: JSON.stringify({ endpoint: deeSub.endpoint }),
    });
    expect(await del.json()).toEqual({ removed: 0 });
    expect(await subsOf(dee.user.id)).toEqual(stored);
    expect(await subsOf(eve.user.id)).toEqual([]);
    // Dee's browser still hears of what reaches her.
    const dm = await api(app, eve.token).post<{ id: number }>("/api/channels/dm", { user_id: dee.user.id });
    expect((await api(app, eve.token).post("/api/entities/messages", { channel_id: dm.body.id, content: "For Dee only" })).status).toBe(201);
    const [raw] = await waitFor(async () => {
      const got = await push.messages(deeSub.clientHash);
      return got.length ? got : null;
    });
    expect(JSON.parse(raw)).toMatchObject({ body: "For Dee only" });
    // Dee herself may post it again, from a new sign-in too: it is then that session's.
    const again = await api(app).post<{ accessToken: string }>("/api/auth/login", { email: dee.email, password: dee.password });
    expect(again.status).toBe(200);
    expect((await api(app, again.body.accessToken).post("/api/push/subscriptions", { endpoint: deeSub.endpoint, keys: deeSub.keys })).status).toBe(201);
    const [moved] = await subsOf(dee.user.id);
    expect(moved).toMatchObject({ id: stored[0].id, user_id: dee.user.id, p256dh: deeSub.keys.p256dh });
    expect(moved.session_id).not.toBe(stored[0].session_id);
  });
});
