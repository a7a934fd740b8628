// Deciding at send time (docs/notifications.md), with a real local push service: preference
// all / mentions / none × busy; nothing pushed for what was read elsewhere before the job was
// due; nothing for one's own message. The notification centre lists what is relevant either way.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { startPushService, waitFor, type PushService, type TestSubscription } from "../../test/push-service";
import { pushHeldBack } from "./decide";

describe("pushHeldBack", () => {
  it("lets through by preference and status", () => {
    const u = (p: string, s = "online") => ({ notification_preferences: p, user_status: s });
    expect(pushHeldBack(u("all"), "task", {})).toBeNull();
    expect(pushHeldBack(u("mentions"), "message", { dm: true })).toBeNull();
    expect(pushHeldBack(u("mentions"), "message", { mentioned: true })).toBeNull();
    expect(pushHeldBack(u("mentions"), "message", {})).toBe("preference mentions");
    expect(pushHeldBack(u("mentions"), "task", {})).toBe("preference mentions");
    expect(pushHeldBack(u("none"), "message", { dm: true })).toBe("preference none");
    expect(pushHeldBack(u("all", "busy"), "message", { dm: true })).toBe("busy");
  });
});

describe.each(ENGINES)("who is pushed what (%s)", (engine) => {
  let app: TestApp;
  let push: PushService;
  let ann: TestUser;

  const subscribe = async (user: TestUser): Promise<TestSubscription> => {
    const key = await api(app, user.token).get<{ publicKey: string }>("/api/push/key");
    const s = await push.subscribe(key.body.publicKey);
    expect((await api(app, user.token).post("/api/push/subscriptions", { endpoint: s.endpoint, keys: s.keys })).status).toBe(201);
    return s;
  };
  const jobsOf = (userId: number) => app.ctx.db.selectFrom("notification_jobs").selectAll().where("user_id", "=", userId).orderBy("id").execute();
  const settled = (ids: number[], count: number) =>
    waitFor(async () => {
      // A busy person's summary (docs/notifications.md) waits for them to be available: not counted here.
      const jobs = await app.ctx.db.selectFrom("notification_jobs").selectAll().where("user_id", "in", ids).where("kind", "!=", "summary").execute();
      return jobs.length === count && jobs.every((j) => j.status !== "pending");
    }, 15_000);
  const dmWith = async (user: TestUser) => (await api(app, ann.token).post<{ id: number }>("/api/channels/dm", { user_id: user.user.id })).body.id;

  beforeAll(async () => {
    push = await startPushService();
    app = await startTestApp(engine, {}, { NOTIFY_DELAY_MS: "1500", NOTIFY_SWEEP_MS: "100", PUSH_ALLOW_HTTP: "1", PUSH_ALLOW_PRIVATE_ENDPOINTS: "1" });
    ann = await makeUser(app, { full_name: "Ann Lee", team_role: "manager" });
  });

  afterAll(async () => {
    await app?.stop();
    await push?.close();
  });

  it("all / mentions / none × available / busy", async () => {
    const people: { user: TestUser; sub: TestSubscription; pref: string; busy: boolean }[] = [];
    for (const pref of ["all", "mentions", "none"]) {
      for (const busy of [false, true]) {
        const user = await makeUser(app, { full_name: `${pref}${busy ? " busy" : ""}`, user_status: busy ? "busy" : "online" });
        await app.ctx.db.updateTable("users").set({ notification_preferences: pref as "all" }).where("id", "=", user.user.id).execute();
        people.push({ user, sub: await subscribe(user), pref, busy });
      }
    }
    for (const p of people) {
      expect((await api(app, ann.token).post("/api/entities/messages", { channel_id: await dmWith(p.user), content: `Hi ${p.pref}` })).status).toBe(201);
    }
    expect((await api(app, ann.token).post("/api/entities/tasks", { title: "Write the report", assignee_emails: people.map((p) => p.user.email) })).status).toBe(201);
    await settled(people.map((p) => p.user.user.id), people.length * 2);
    for (const p of people) {
      const got = (await push.messages(p.sub.clientHash)).map((m) => JSON.parse(m) as { kind: string });
      const expected = p.busy || p.pref === "none" ? [] : p.pref === "mentions" ? ["message"] : ["message", "task"];
      expect(got.map((m) => m.kind).sort(), `${p.pref}${p.busy ? " busy" : ""}`).toEqual(expected);
      // The notification centre lists both whatever was pushed.
      const items = await api(app, p.user.token).get<{ kind: string }[]>("/api/entities/notifications");
      expect(items.body.map((i) => i.kind).sort()).toEqual(["message", "task"]);
    }
    // The sender's own message and task queue nothing for her.
    expect(await jobsOf(ann.user.id)).toEqual([]);
  }, 60_000);

  it("pushes nothing for a message read elsewhere before it was due, nor for one's own", async () => {
    const reader = await makeUser(app, { full_name: "Reader" });
    const sub = await subscribe(reader);
    const channel = await dmWith(reader);
    const m = await api(app, ann.token).post<{ id: number }>("/api/entities/messages", { channel_id: channel, content: "Read me" });
    // Read on another device within the delay.
    expect((await api(app, reader.token).post("/api/chat/read", { channel_id: channel, message_id: m.body.id })).status).toBe(200);
    // The reader answers: their own message is nobody's job for them.
    expect((await api(app, reader.token).post("/api/entities/messages", { channel_id: channel, content: "Done" })).status).toBe(201);
    await settled([reader.user.id], 1);
    expect(await jobsOf(reader.user.id)).toMatchObject([{ kind: "message", status: "skipped", outcome: "already read" }]);
    expect(await push.messages(sub.clientHash)).toEqual([]);
    expect((await api(app, reader.token).get<unknown[]>("/api/entities/notifications")).body).toEqual([]);
  }, 30_000);
  it("reaches those a channel message mentions (@channel: every member) and a thread's followers, pushing by preference", async () => {
    const named = await makeUser(app, { full_name: "Named Person" });
    const quiet = await makeUser(app, { full_name: "Quiet Member" });
    const follower = await makeUser(app, { full_name: "Thread Follower" });
    for (const u of [named, quiet, follower]) await app.ctx.db.updateTable("users").set({ notification_preferences: "mentions" }).where("id", "=", u.user.id).execute();
    const [namedSub, quietSub] = [await subscribe(named), await subscribe(quiet)];
    const ch = (await api(app, ann.token).post<{ id: number }>("/api/entities/channels", { name: "notify-mentions", type: "private", members: [ann.email, named.email, quiet.email, follower.email] })).body.id;
    const post = async (u: TestUser, body: Record<string, unknown>) => {
      const res = await api(app, u.token).post<{ id: number }>("/api/entities/messages", { channel_id: ch, ...body });
      expect(res.status).toBe(201);
      return res.body.id;
    };
    // A plain message reaches nobody; a mention reaches the person named.
    await post(ann, { content: "Morning all" });
    await post(ann, { content: `@[Named Person](${named.email}) can you look?` });
    await settled([named.user.id, quiet.user.id], 1);
    expect((await push.messages(namedSub.clientHash)).map((m) => JSON.parse(m) as { kind: string }).map((m) => m.kind)).toEqual(["message"]);
    expect(await jobsOf(quiet.user.id)).toEqual([]);
    // @channel from a manager reaches every member but her.
    await post(ann, { content: "@channel release at five" });
    await settled([named.user.id, quiet.user.id, follower.user.id], 4);
    expect((await push.messages(quietSub.clientHash)).length).toBe(1);
    // A reply reaches the thread's followers: the follower read the thread first, so it is skipped for them.
    const root = await post(follower, { content: "a question" });
    const reply = await post(named, { content: "an answer", thread_root_id: root });
    expect((await api(app, follower.token).post("/api/chat/threads/follow", { thread_root_id: root, read_message_id: reply })).status).toBe(200);
    await settled([follower.user.id], 2);
    const forReply = (await jobsOf(follower.user.id)).filter((j) => (j.payload as { message_id?: number }).message_id === reply);
    expect(forReply).toMatchObject([{ kind: "message", status: "skipped", outcome: "already read" }]);
    // Nothing in this channel is a job for its author, Ann.
    expect((await jobsOf(ann.user.id)).filter((j) => (j.payload as { channel_id?: number }).channel_id === ch)).toEqual([]);
  }, 60_000);
});
