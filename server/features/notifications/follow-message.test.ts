// A message's notifications follow it (docs/notifications.md): once a direct message or a
// mention is deleted, its item leaves the notification centre (live, as an entities.change
// `delete` to its owner's sockets, and in a catch-up), its queued job neither lists nor pushes
// anything later, and an unsent digest does not tell it; an edit rewrites the item and what is
// still to be pushed or mailed. Two real users, over REST and over the socket.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { EntityChange } from "@shared/realtime";
import { sql } from "kysely";
import { ENGINES, startTestApp, makeUser, makeChannel, api, type TestApp, type TestUser } from "../../test/harness";
import { connect, call, record, until, type ClientSocket } from "../../test/clients";
import { startPushService, waitFor, type PushService, type TestSubscription } from "../../test/push-service";
import { startSmtp, unfold, type SmtpSink } from "../../test/smtp";
import { decideAll } from "./decide";
import { listItems } from "./worker";
import type { Job } from "./repository";

type Item = { id: number; kind: string; title: string; body: string };

describe.each(ENGINES)("notifications follow their message (%s)", (engine) => {
  let app: TestApp;
  let push: PushService;
  let smtp: SmtpSink;
  let a: TestUser, b: TestUser;
  let sa: ClientSocket, sb: ClientSocket;
  let bSub: TestSubscription;
  let dmId: number;

  const jobsAbout = (messageId: number, kind = "message") =>
    app.ctx.db.selectFrom("notification_jobs").selectAll().where("kind", "=", kind).where(sql<boolean>`payload->>'message_id' = ${String(messageId)}`).execute();
  /**
   * The end of NOTIFY_DELAY_MS (or of the digest's delay), played by the test: the delay is long
   * here, so each test says whether its delete or edit lands before or after the decision instead
   * of racing the clock. Only jobs never claimed are moved (a claimed one is leased).
   */
  const comeDue = (kind: string, userId: number) =>
    sql`update notification_jobs set next_attempt_at = now() where status = 'pending' and attempts = 0 and kind = ${kind} and user_id = ${userId}`.execute(app.ctx.db);
  const itemsOf = async (u: TestUser) => {
    const res = await api(app, u.token).get<Item[]>("/api/entities/notifications");
    expect(res.status).toBe(200);
    return res.body;
  };
  const pushesTo = async (s: TestSubscription) => (await push.messages(s.clientHash)).join("\n");
  /** Whether any stored item still holds the text: nothing a reader can reach keeps it. */
  const storedWith = async (text: string) => (await app.ctx.db.selectFrom("notifications").select("id").where("body", "like", `%${text}%`).execute()).length;

  beforeAll(async () => {
    push = await startPushService();
    smtp = await startSmtp();
    app = await startTestApp(engine, {}, {
      NOTIFY_DELAY_MS: "600000",
      DIGEST_DELAY_MINUTES: "60",
      NOTIFY_SWEEP_MS: "100",
      PUSH_ALLOW_HTTP: "1",
      PUSH_ALLOW_PRIVATE_ENDPOINTS: "1",
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    });
    a = await makeUser(app, { full_name: "Alice" });
    b = await makeUser(app, { full_name: "Bob" });
    dmId = (await api(app, a.token).post<{ id: number }>("/api/channels/dm", { user_id: b.user.id })).body.id;
    const key = await api(app, b.token).get<{ publicKey: string }>("/api/push/key");
    bSub = await push.subscribe(key.body.publicKey);
    expect((await api(app, b.token).post("/api/push/subscriptions", { endpoint: bSub.endpoint, keys: bSub.keys })).status).toBe(201);
    [sa, sb] = await Promise.all([a, b].map((u) => connect(app.url, u.token)));
  });
  afterAll(async () => {
    sa?.close();
    sb?.close();
    await app?.stop();
    await push?.close();
    await smtp?.close();
  });

  it("withdraws a deleted direct message's item from the centre, live and in a catch-up (REST)", async () => {
    const toB = record<EntityChange>(sb, "entities.change");
    const m = await api(app, a.token).post<{ id: number }>("/api/entities/messages", { channel_id: dmId, content: "secret one" });
    expect(m.status).toBe(201);
    await waitFor(async () => (await jobsAbout(m.body.id)).length === 1);
    await comeDue("message", b.user.id);
    const created = await until(toB, (c) => c.table === "notifications" && c.op === "create" && (c.row as Item | null)?.body === "secret one", 10_000);
    await waitFor(async () => (await pushesTo(bSub)).includes("secret one"));

    expect((await api(app, a.token).delete(`/api/entities/messages/${m.body.id}`)).status).toBe(200);
    await until(toB, (c) => c.table === "notifications" && c.op === "delete" && c.id === created.id);
    expect(JSON.stringify(await itemsOf(b))).not.toContain("secret one");
    expect((await api(app, b.token).get(`/api/entities/notifications/${created.id}`)).status).toBe(404);
    // A client that was away learns of it as gone, not as it was.
    const caught = await api(app, b.token).get<{ changes: EntityChange[] }>(`/api/changes?since=${created.seq - 1}`);
    expect(caught.body.changes.find((c) => c.table === "notifications" && c.id === created.id)).toMatchObject({ op: "delete", row: null });
    expect(JSON.stringify(caught.body)).not.toContain("secret one");
    expect(await storedWith("secret one")).toBe(0);
  }, 30_000);

  it("rewrites an edited mention's item and withdraws it on delete (socket)", async () => {
    const channel = await makeChannel(app, { type: "public" });
    const toB = record<EntityChange>(sb, "entities.change");
    const sent = await call<{ id: number }>(sa, "messages.create", { channel_id: channel.id, content: `@[Bob](${b.email}) secret two` });
    if (!sent.ok) throw new Error(sent.error);
    await waitFor(async () => (await jobsAbout(sent.data.id)).length === 1);
    await comeDue("message", b.user.id);
    const created = await until(toB, (c) => c.table === "notifications" && c.op === "create" && String((c.row as Item | null)?.body).includes("secret two"), 10_000);

    expect((await call(sa, "messages.update", { id: sent.data.id, content: `@[Bob](${b.email}) plain words` })).ok).toBe(true);
    const updated = await until(toB, (c) => c.table === "notifications" && c.op === "update" && c.id === created.id);
    // The item shows the mention as the name, never the token's markup.
    expect((updated.row as Item).body).toBe("@Bob plain words");
    const listed = await itemsOf(b);
    expect(listed.find((n) => n.id === created.id)?.body).toContain("plain words");
    expect(JSON.stringify(listed)).not.toContain("secret two");
    expect(await storedWith("secret two")).toBe(0);

    expect(await call(sa, "messages.delete", { id: sent.data.id })).toEqual({ ok: true, data: { ok: true, id: sent.data.id } });
    await until(toB, (c) => c.table === "notifications" && c.op === "delete" && c.id === created.id);
    expect((await itemsOf(b)).find((n) => n.id === created.id)).toBeUndefined();
    expect(await storedWith("plain words")).toBe(0);
  }, 30_000);

  it("lists and pushes nothing for a message deleted before its decision, and the edited text of one edited before", async () => {
    const toB = record<EntityChange>(sb, "entities.change");
    const gone = await api(app, a.token).post<{ id: number }>("/api/entities/messages", { channel_id: dmId, content: "secret three" });
    const edited = await api(app, a.token).post<{ id: number }>("/api/entities/messages", { channel_id: dmId, content: "draft four" });
    await waitFor(async () => (await jobsAbout(gone.body.id)).length === 1 && (await jobsAbout(edited.body.id)).length === 1);
    expect((await api(app, a.token).delete(`/api/entities/messages/${gone.body.id}`)).status).toBe(200);
    expect((await api(app, a.token).patch(`/api/entities/messages/${edited.body.id}`, { content: "final four" })).status).toBe(200);

    await comeDue("message", b.user.id);
    const item = await until(toB, (c) => c.table === "notifications" && c.op === "create" && (c.row as Item | null)?.body === "final four", 10_000);
    await waitFor(async () => (await pushesTo(bSub)).includes("final four"));
    // Both jobs are settled: the deleted message's is skipped, never listed nor pushed.
    await waitFor(async () => [...(await jobsAbout(gone.body.id)), ...(await jobsAbout(edited.body.id))].every((j) => j.status !== "pending"));
    expect(await jobsAbout(gone.body.id)).toMatchObject([{ status: "skipped" }]);
    expect(toB.filter((c) => c.table === "notifications" && c.id !== item.id && c.op === "create")).toEqual([]);
    const listed = JSON.stringify(await itemsOf(b));
    expect(listed).not.toContain("secret three");
    expect(listed).not.toContain("draft four");
    const pushed = await pushesTo(bSub);
    expect(pushed).not.toContain("secret three");
    expect(pushed).not.toContain("draft four");
  }, 30_000);

  it("mails a digest without a deleted message and with an edited one as it reads now", async () => {
    // Cleo has no socket: she stays away, so her digest is mailed.
    const cleo = await makeUser(app, { full_name: "Cleo" });
    const dm = (await api(app, a.token).post<{ id: number }>("/api/channels/dm", { user_id: cleo.user.id })).body.id;
    const gone = await api(app, a.token).post<{ id: number }>("/api/entities/messages", { channel_id: dm, content: "secret five" });
    const edited = await api(app, a.token).post<{ id: number }>("/api/entities/messages", { channel_id: dm, content: "draft six" });
    await waitFor(async () => (await app.ctx.db.selectFrom("notification_jobs").select("id").where("kind", "=", "digest").where("user_id", "=", cleo.user.id).execute()).length === 1);
    expect((await api(app, a.token).delete(`/api/entities/messages/${gone.body.id}`)).status).toBe(200);
    expect((await api(app, a.token).patch(`/api/entities/messages/${edited.body.id}`, { content: "final six" })).status).toBe(200);

    await comeDue("digest", cleo.user.id);
    const mail = unfold((await waitFor(async () => smtp.inbox.find((m) => m.to.includes(cleo.email)), 15_000)).data);
    expect(mail).toContain("Alice: final six");
    expect(mail).not.toContain("secret five");
    expect(mail).not.toContain("draft six");
  }, 30_000);

  it("lists a message's item as the message reads when listed, not when it was decided", async () => {
    // The worker decides from one read and lists in a later transaction: an edit or a delete
    // committing in between must not leave the old text in the centre or in the push.
    const decided = async (messageId: number) => {
      const [job] = (await jobsAbout(messageId)) as unknown as Job[];
      const [d] = await decideAll(app.ctx.db, app.config, [job]);
      return { job, d };
    };
    const edited = await api(app, a.token).post<{ id: number }>("/api/entities/messages", { channel_id: dmId, content: "race draft" });
    const gone = await api(app, a.token).post<{ id: number }>("/api/entities/messages", { channel_id: dmId, content: "race secret" });
    await waitFor(async () => (await jobsAbout(edited.body.id)).length === 1 && (await jobsAbout(gone.body.id)).length === 1);
    const first = await decided(edited.body.id);
    const second = await decided(gone.body.id);
    expect(first.d.item?.body).toBe("race draft");
    expect(second.d.item?.body).toBe("race secret");

    expect((await api(app, a.token).patch(`/api/entities/messages/${edited.body.id}`, { content: "race final" })).status).toBe(200);
    expect((await api(app, a.token).delete(`/api/entities/messages/${gone.body.id}`)).status).toBe(200);
    const [now1, now2] = await listItems(app.ctx, [first.job, second.job], [first.d, second.d]);
    expect(now1.item?.body).toBe("race final");
    expect(now1.push?.body).toBe("race final");
    expect(now2).toEqual({ skip: "message deleted" });
    const listed = JSON.stringify(await itemsOf(b));
    expect(listed).toContain("race final");
    expect(listed).not.toContain("race draft");
    expect(listed).not.toContain("race secret");
  }, 30_000);
});
