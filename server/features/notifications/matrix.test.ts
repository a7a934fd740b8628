// Who is pushed what (docs/notifications.md): the global preference (all / mentions / none) ×
// the person's level for the channel (none set / all / mentions / muted) × their status (free,
// busy, quiet hours), for a plain channel message, a mention and a direct message. The whole
// matrix is asserted on the decision; the nine global × channel combinations and the busy and
// quiet-hours cases run end to end against a real local push service, including the one summary
// pushed once busy or quiet hours end. Also: channel_notification_settings.update over REST and the
// socket, its change reaching the owner's other tab only, and bad input refused in words.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { ChannelNotificationSetting } from "@shared/entities";
import type { EntityChange } from "@shared/realtime";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { call, connect, record, until } from "../../test/clients";
import { startPushService, waitFor, type PushService, type TestSubscription } from "../../test/push-service";
import { pushHeldBack } from "./decide";
import { inQuietHours, msUntilQuietHoursEnd } from "./quiet-hours";

type What = "plain" | "mention" | "dm";
const GLOBALS = ["all", "mentions", "none"] as const;
const LEVELS = [null, "all", "mentions", "muted"] as const;

/** The rule as docs/notifications.md states it, written out independently of decide.ts. */
function expected(global: string, level: string | null, status: "free" | "busy" | "quiet", what: What): boolean {
  if (global === "none" || status !== "free") return false;
  if (level === "muted") return false;
  if (level === "mentions") return what !== "plain";
  if (level === "all") return true;
  return global === "all" || what !== "plain";
}

describe("the decision over the whole matrix", () => {
  // 12:00 UTC; quiet hours 11:00-13:00 in UTC hold pushes back, 22:00-07:00 do not.
  const noon = new Date("2026-11-24T12:00:00Z");
  it.each(GLOBALS.flatMap((g) => LEVELS.map((l) => [g, l] as const)))("global %s × channel %s", (global, level) => {
    for (const status of ["free", "busy", "quiet"] as const) {
      for (const what of ["plain", "mention", "dm"] as const) {
        const user = {
          notification_preferences: global,
          user_status: status === "busy" ? "busy" : "online",
          quiet_hours_enabled: status === "quiet",
          quiet_hours_start: "11:00",
          quiet_hours_end: "13:00",
          time_zone: "UTC",
        };
        const held = pushHeldBack(user, "message", { dm: what === "dm", mentioned: what === "mention", channelLevel: level }, noon);
        expect(held === null, `${global} × ${level} × ${status} × ${what}: ${held}`).toBe(expected(global, level, status, what));
      }
    }
  });

  it("quiet hours in the person's zone, across midnight", () => {
    // 12:00 UTC is 21:00 in Tokyo and 07:00 in New York.
    expect(inQuietHours(noon, "Asia/Tokyo", "20:00", "08:00")).toBe(true);
    expect(inQuietHours(noon, "America/New_York", "20:00", "08:00")).toBe(true);
    expect(inQuietHours(noon, "Europe/Berlin", "20:00", "08:00")).toBe(false);
    expect(inQuietHours(noon, "UTC", "12:00", "12:00")).toBe(false);
    expect(inQuietHours(noon, "UTC", "12:00", "12:01")).toBe(true);
    expect(inQuietHours(noon, "UTC", "11:00", "12:00")).toBe(false);
    expect(inQuietHours(noon, null, "11:59", "12:01")).toBe(true);
    expect(msUntilQuietHoursEnd(noon, "Asia/Tokyo", "20:00", "08:00")).toBe(11 * 3_600_000);
    expect(msUntilQuietHoursEnd(noon, "UTC", "13:00", "14:00")).toBe(0);
  });
});

describe.each(ENGINES)("pushes by preference, channel level, busy and quiet hours (%s)", (engine) => {
  let app: TestApp;
  let push: PushService;
  let ann: TestUser;

  const subscribe = async (user: TestUser): Promise<TestSubscription> => {
    const key = await api(app, user.token).get<{ publicKey: string }>("/api/push/key");
    const s = await push.subscribe(key.body.publicKey);
    expect((await api(app, user.token).post("/api/push/subscriptions", { endpoint: s.endpoint, keys: s.keys })).status).toBe(201);
    return s;
  };
  const setLevel = async (user: TestUser, channelId: number, level: string) => {
    const res = await api(app, user.token).post<ChannelNotificationSetting>("/api/notifications/channel-settings", { channel_id: channelId, level });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ channel_id: channelId, user_id: user.user.id, level });
  };
  /** Every message job of these people decided (summaries aside, which wait while someone is busy). */
  const settled = (ids: number[], count: number) =>
    waitFor(async () => {
      const jobs = await app.ctx.db.selectFrom("notification_jobs").selectAll().where("user_id", "in", ids).where("kind", "=", "message").execute();
      return jobs.length === count && jobs.every((j) => j.status !== "pending");
    }, 60_000);
  const pushed = async (sub: TestSubscription) => (await push.messages(sub.clientHash)).map((m) => JSON.parse(m) as { kind: string; title: string; body: string });
  const whatOf = (body: string): What => (body.startsWith("Plain") ? "plain" : body.startsWith("Direct") ? "dm" : "mention");
  const dmWith = async (user: TestUser) => (await api(app, ann.token).post<{ id: number }>("/api/channels/dm", { user_id: user.user.id })).body.id;
  const post = async (channelId: number, content: string) => {
    const res = await api(app, ann.token).post<{ id: number }>("/api/entities/messages", { channel_id: channelId, content });
    expect(res.status).toBe(201);
    return res.body.id;
  };
  const hhmm = (d: Date) => d.toISOString().slice(11, 16);

  beforeAll(async () => {
    push = await startPushService();
    app = await startTestApp(engine, {}, { NOTIFY_DELAY_MS: "800", NOTIFY_SWEEP_MS: "100", NOTIFY_SUMMARY_RECHECK_MS: "200", PUSH_ALLOW_HTTP: "1", PUSH_ALLOW_PRIVATE_ENDPOINTS: "1" });
    ann = await makeUser(app, { full_name: "Ann Lee", team_role: "manager" });
  });

  afterAll(async () => {
    await app?.stop();
    await push?.close();
  });

  it("global all / mentions / none × channel all / mentions / muted, for a plain message, a mention and a direct message", async () => {
    const people: { user: TestUser; sub: TestSubscription; global: string; level: string; dm: number }[] = [];
    for (const global of GLOBALS) {
      for (const level of ["all", "mentions", "muted"]) {
        const user = await makeUser(app, { full_name: `P ${global} ${level}` });
        await app.ctx.db.updateTable("users").set({ notification_preferences: global }).where("id", "=", user.user.id).execute();
        people.push({ user, sub: await subscribe(user), global, level, dm: await dmWith(user) });
      }
    }
    const ch = (await api(app, ann.token).post<{ id: number }>("/api/entities/channels", { name: "matrix", type: "private", members: [ann.email, ...people.map((p) => p.user.email)] })).body.id;
    for (const p of people) {
      await setLevel(p.user, ch, p.level);
      // The same level on the direct message: a level is a channel's, whatever its type.
      await setLevel(p.user, p.dm, p.level);
    }
    await post(ch, "Plain morning note");
    await post(ch, `Mention: ${people.map((p) => `@[${p.user.user.full_name}](${p.user.email})`).join(" ")} please look`);
    for (const p of people) await post(p.dm, "Direct question");
    // Jobs: the plain message for those with level all (3), the mention and the dm for everyone.
    await settled(people.map((p) => p.user.user.id), 3 + 2 * people.length);
    for (const p of people) {
      const got = (await pushed(p.sub)).map((m) => whatOf(m.body)).sort();
      const want = (["dm", "mention", "plain"] as const).filter((w) => expected(p.global, p.level, "free", w));
      expect(got, `global ${p.global} × channel ${p.level}`).toEqual(want);
    }
  }, 150_000);

  it("holds everything back while busy or in quiet hours, then pushes one summary once, leaving out what was read", async () => {
    const busy = await makeUser(app, { full_name: "Busy Bea", user_status: "busy" });
    const quiet = await makeUser(app, { full_name: "Quiet Quinn" });
    const now = new Date();
    const quietHours = { quiet_hours_enabled: true, quiet_hours_start: hhmm(new Date(now.getTime() - 3_600_000)), quiet_hours_end: hhmm(new Date(now.getTime() + 3_600_000)), time_zone: "UTC" };
    const saved = await api(app, quiet.token).patch<Record<string, unknown>>(`/api/entities/users/${quiet.user.id}`, quietHours);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject(quietHours);
    // Quiet hours are the person's own: others do not see them.
    expect((await api(app, ann.token).get<Record<string, unknown>>(`/api/entities/users/${quiet.user.id}`)).body).not.toHaveProperty("quiet_hours_start");
    const [busySub, quietSub] = [await subscribe(busy), await subscribe(quiet)];
    const ch = (await api(app, ann.token).post<{ id: number }>("/api/entities/channels", { name: "held", type: "private", members: [ann.email, busy.email, quiet.email] })).body.id;
    await setLevel(busy, ch, "all");
    const [busyDm, quietDm] = [await dmWith(busy), await dmWith(quiet)];
    await post(ch, "Plain update");
    await post(ch, `Mention: @[Busy Bea](${busy.email}) @[Quiet Quinn](${quiet.email})`);
    const readLater = await post(busyDm, "Direct one");
    await post(quietDm, "Direct two");
    await post(quietDm, "Direct three");
    await settled([busy.user.id], 3);
    await settled([quiet.user.id], 3);
    const heldJobs = await app.ctx.db.selectFrom("notification_jobs").select(["user_id", "held"]).where("user_id", "in", [busy.user.id, quiet.user.id]).where("kind", "=", "message").execute();
    expect(heldJobs.filter((j) => j.user_id === busy.user.id).map((j) => j.held)).toEqual(["busy", "busy", "busy"]);
    expect(heldJobs.filter((j) => j.user_id === quiet.user.id).map((j) => j.held)).toEqual(["quiet hours", "quiet hours", "quiet hours"]);
    // One summary each is waiting; nothing was pushed, but the notification centre lists it all.
    const summaries = () => app.ctx.db.selectFrom("notification_jobs").selectAll().where("kind", "=", "summary").where("user_id", "in", [busy.user.id, quiet.user.id]).execute();
    expect((await summaries()).map((s) => s.status)).toEqual(["pending", "pending"]);
    expect(await pushed(busySub)).toEqual([]);
    expect(await pushed(quietSub)).toEqual([]);
    expect((await api(app, busy.token).get<unknown[]>("/api/entities/notifications")).body).toHaveLength(3);

    // Bea reads her direct message on another device, then leaves busy; Quinn ends quiet hours.
    expect((await api(app, busy.token).post("/api/chat/read", { channel_id: busyDm, message_id: readLater })).status).toBe(200);
    expect((await api(app, busy.token).patch(`/api/entities/users/${busy.user.id}`, { user_status: "online" })).status).toBe(200);
    expect((await api(app, quiet.token).patch(`/api/entities/users/${quiet.user.id}`, { quiet_hours_enabled: false })).status).toBe(200);
    const busySummary = await waitFor(async () => (await pushed(busySub)).find((m) => m.kind === "summary"), 20_000);
    expect(busySummary).toMatchObject({ title: "While you were busy", body: "1 mention, 1 message" });
    const quietSummary = await waitFor(async () => (await pushed(quietSub)).find((m) => m.kind === "summary"), 20_000);
    expect(quietSummary).toMatchObject({ title: "During your quiet hours", body: "1 mention, 2 direct messages" });
    // Once: a direct message sent after the summaries is pushed at once, and no second summary came before it.
    await post(busyDm, "Direct after");
    await post(quietDm, "Direct after");
    for (const sub of [busySub, quietSub]) {
      const list = await waitFor(async () => {
        const l = await pushed(sub);
        return l.some((m) => m.body === "Direct after") && l;
      }, 20_000);
      expect(list.map((m) => m.kind)).toEqual(["summary", "message"]);
    }
    expect((await summaries()).every((s) => s.status === "done")).toBe(true);
    expect(await app.ctx.db.selectFrom("notification_jobs").select("id").where("held", "is not", null).where("user_id", "in", [busy.user.id, quiet.user.id]).execute()).toEqual([]);
  }, 150_000);

  it("channel_notification_settings.update over the socket reaches the owner's other tab, not others; bad input is refused in words", async () => {
    const bob = await makeUser(app, { full_name: "Bob Otherside" });
    const outsider = await makeUser(app, { full_name: "Outsider" });
    const ch = (await api(app, ann.token).post<{ id: number }>("/api/entities/channels", { name: "levels", type: "private", members: [ann.email, bob.email] })).body.id;
    const [tabA, tabB, annTab] = await Promise.all([connect(app.url, bob.token), connect(app.url, bob.token), connect(app.url, ann.token)]);
    try {
      const seenB = record<EntityChange>(tabB, "entities.change");
      const seenAnn = record<EntityChange>(annTab, "entities.change");
      const ack = await call<ChannelNotificationSetting>(tabA, "channel_notification_settings.update", { channel_id: ch, level: "muted" });
      expect(ack).toMatchObject({ ok: true, data: { channel_id: ch, user_id: bob.user.id, level: "muted" } });
      const change = await until(seenB, (c) => c.table === "channel_notification_settings");
      expect(change).toMatchObject({ op: "create", row: { channel_id: ch, level: "muted" } });
      // Setting it again is an update of the same row; Ann's marker message comes after, and she saw no setting.
      const again = await call<ChannelNotificationSetting>(tabA, "channel_notification_settings.update", { channel_id: ch, level: "all" });
      expect(again.ok && again.data.id).toBe(ack.ok && ack.data.id);
      await until(seenB, (c) => c.table === "channel_notification_settings" && c.op === "update");
      const marker = await post(ch, "marker");
      await until(seenAnn, (c) => c.table === "messages" && c.id === marker);
      expect(seenAnn.filter((c) => c.table === "channel_notification_settings")).toEqual([]);
      expect((await api(app, bob.token).get<ChannelNotificationSetting[]>("/api/entities/channel_notification_settings")).body.map((r) => r.level)).toEqual(["all"]);
      expect((await api(app, ann.token).get<ChannelNotificationSetting[]>("/api/entities/channel_notification_settings")).body).toEqual([]);
    } finally {
      for (const s of [tabA, tabB, annTab]) s.close();
    }
    const bad = async (body: unknown) => api(app, bob.token).post<{ error?: string; message?: string }>("/api/notifications/channel-settings", body);
    const words = (r: { body: { error?: string; message?: string } }) => r.body.error ?? r.body.message ?? "";
    const loud = await bad({ channel_id: ch, level: "loud" });
    expect(loud.status).toBe(400);
    expect(words(loud)).toContain("level must be all, mentions or muted");
    expect((await bad({ level: "all" })).status).toBe(400);
    expect((await bad({ channel_id: ch, level: "all", extra: 1 })).status).toBe(400);
    expect((await bad([1, 2])).status).toBe(400);
    // A channel the caller may not read is not found.
    expect((await api(app, outsider.token).post("/api/notifications/channel-settings", { channel_id: ch, level: "all" })).status).toBe(404);
    const badTime = await api(app, bob.token).patch(`/api/entities/users/${bob.user.id}`, { quiet_hours_start: "25:00" });
    expect(badTime.status).toBe(400);
    expect(JSON.stringify(badTime.body)).toContain("quiet_hours_start must be a time of day such as 22:00");
  }, 60_000);
});
