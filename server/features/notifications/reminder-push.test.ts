// Calendar reminders by push, through a real local push service (web-push-testing): an attendee
// with no tab open is pushed the reminder once; the organiser, whose tab is open, gets the in-app
// notice and no push (the marker: a later direct message is the first push their browser gets).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { AppNotice } from "@shared/realtime";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { connect, record, until, type ClientSocket } from "../../test/clients";
import { startPushService, waitFor, type PushService, type TestSubscription } from "../../test/push-service";

const ENV = { NOTIFY_DELAY_MS: "0", NOTIFY_SWEEP_MS: "100", REMINDER_SWEEP_MS: "200", PUSH_ALLOW_HTTP: "1", PUSH_ALLOW_PRIVATE_ENDPOINTS: "1" };

describe.each(ENGINES)("reminder pushes (%s)", (engine) => {
  let app: TestApp;
  let push: PushService;
  let ann: TestUser, ben: TestUser;
  let annSocket: ClientSocket;

  const subscribe = async (user: TestUser): Promise<TestSubscription> => {
    const key = await api(app, user.token).get<{ publicKey: string }>("/api/push/key");
    const s = await push.subscribe(key.body.publicKey);
    expect((await api(app, user.token).post("/api/push/subscriptions", { endpoint: s.endpoint, keys: s.keys })).status).toBe(201);
    return s;
  };
  const pushes = async (sub: TestSubscription, n: number) =>
    (await waitFor(async () => {
      const got = await push.messages(sub.clientHash);
      return got.length >= n ? got : null;
    }, 30_000)).map((m) => JSON.parse(m) as Record<string, unknown>);

  /** Ann's event in 30 s with `attendee`, its reminder due 2 s from now. */
  const remindIn2s = async (title: string, attendee: TestUser) => {
    const start = Math.ceil(Date.now() / 1000) * 1000 + 30_000;
    const iso = (ms: number) => new Date(ms).toISOString();
    const res = await api(app, ann.token).post<{ id: number }>("/api/entities/calendar_events", {
      title,
      start_datetime: iso(start),
      end_datetime: iso(start + 30 * 60_000),
      reminder_time: iso(start - 28_000),
      attendees: [attendee.email],
      time_zone: "UTC",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.id, start };
  };

  beforeAll(async () => {
    push = await startPushService();
    app = await startTestApp(engine, {}, ENV);
    ann = await makeUser(app, { full_name: "Ann Lee" });
    ben = await makeUser(app, { full_name: "Ben Ode" });
    annSocket = await connect(app.url, ann.token);
  });
  afterAll(async () => {
    annSocket?.close();
    await app?.stop();
    await push?.close();
  });

  it("pushes an occurrence's reminder once to an attendee with no tab open, not to one with a tab", async () => {
    const annSub = await subscribe(ann);
    const benSub = await subscribe(ben);
    const notices = record<AppNotice>(annSocket, "notifications.create");
    const { id: eventId, start } = await remindIn2s("Design review", ben);
    const [reminder] = await pushes(benSub, 1);
    const hhmm = new Date(start).toISOString().slice(11, 16);
    expect(reminder).toEqual({ title: "Reminder: Design review", body: expect.stringMatching(new RegExp(`^Starts at ${hhmm}`)), url: "/Calendar", tag: `event-${eventId}-${start}`, kind: "reminder" });
    // Ann's open tab had the in-app notice.
    await until(notices, (n) => n.title === "Reminder: Design review", 10_000);
    // The marker: Ben's message after the reminder is the first push Ann's browser gets.
    const dm = await api(app, ben.token).post<{ id: number }>("/api/channels/dm", { user_id: ann.user.id });
    expect((await api(app, ben.token).post("/api/entities/messages", { channel_id: dm.body.id, content: "See you there" })).status).toBe(201);
    expect((await pushes(annSub, 1)).map((p) => [p.kind, p.body])).toEqual([["message", "See you there"]]);
    // Once: one job for the one occurrence, for Ben alone.
    const jobs = await app.ctx.db.selectFrom("notification_jobs").select(["user_id", "status"]).where("kind", "=", "reminder").execute();
    expect(jobs).toEqual([{ user_id: ben.user.id, status: "done" }]);
    expect(await push.messages(benSub.clientHash)).toHaveLength(1);
  }, 60_000);

  it("queues the push with the sweep's own change: it goes out though no event says the reminder went", async () => {
    const cleo = await makeUser(app, { full_name: "Cleo Park" });
    const cleoSub = await subscribe(cleo);
    const listeners = app.ctx.events.listeners("calendar.reminder");
    app.ctx.events.removeAllListeners("calendar.reminder");
    try {
      const { id, start } = await remindIn2s("Budget check", cleo);
      const [reminder] = await pushes(cleoSub, 1);
      expect(reminder).toMatchObject({ title: "Reminder: Budget check", kind: "reminder", tag: `event-${id}-${start}` });
      const keys = await app.ctx.db.selectFrom("notification_jobs").select("key").where("kind", "=", "reminder").where("user_id", "=", cleo.user.id).execute();
      expect(keys).toEqual([{ key: `reminder:${id}:${start}:${cleo.user.id}` }]);
    } finally {
      for (const l of listeners) app.ctx.events.on("calendar.reminder", l as never);
    }
  }, 60_000);
});
