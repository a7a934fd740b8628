// Mail through a real SMTP server started here (smtp-server): an invitation is mailed with its
// link, unread direct messages are mailed to someone who stays away, and without SMTP_URL
// nothing is queued for mail.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { waitFor } from "../../test/push-service";
import { startSmtp, unfold, type SmtpSink } from "../../test/smtp";

describe.each(ENGINES)("mail (%s)", (engine) => {
  let app: TestApp;
  let smtp: SmtpSink;
  let admin: TestUser;

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startTestApp(engine, {}, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Teamspace <team@example.test>",
      NOTIFY_DELAY_MS: "0",
      NOTIFY_SWEEP_MS: "100",
      DIGEST_DELAY_MINUTES: "0.01",
      PUBLIC_URL: "https://team.example.test",
    });
    admin = await makeUser(app, { role: "admin", full_name: "Ada Admin" });
  });

  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it("mails an invitation with its link, and keeps no copy of the link once sent", async () => {
    const res = await api(app, admin.token).post<{ link: string }>("/api/invitations", { email: "newcomer@example.test", message: "Welcome aboard" });
    expect(res.status).toBe(201);
    const mail = await waitFor(async () => smtp.inbox.find((m) => m.to.includes("newcomer@example.test")));
    const text = unfold(mail.data);
    expect(text).toContain("Subject: Ada Admin invited you to the workspace");
    expect(text).toContain(res.body.link);
    expect(text).toContain("Welcome aboard");
    expect(text).toMatch(/From: Teamspace <team@example.test>/);
    const job = await waitFor(async () => app.ctx.db.selectFrom("notification_jobs").selectAll().where("kind", "=", "invite").where("status", "=", "done").executeTakeFirst());
    expect(job.payload).toEqual({});
    // The job's own Message-ID: the same mail sent again after a crash is known as the same one.
    expect(text).toContain(`Message-ID: <notification-${job.id}.${new Date(job.created_at).getTime()}@team.example.test>`);
  });

  it("queues an invitation's mail with the invitation itself: sent though no event says so", async () => {
    const listeners = app.ctx.events.listeners("invitations.create");
    app.ctx.events.removeAllListeners("invitations.create");
    const invites = async () => (await app.ctx.db.selectFrom("notification_jobs").select("id").where("kind", "=", "invite").where("user_id", "=", admin.user.id).execute()).length;
    try {
      const before = await invites();
      const res = await api(app, admin.token).post<{ link: string }>("/api/invitations", { email: "second@example.test" });
      expect(res.status).toBe(201);
      // Committed with the invitation: the job is there as the answer comes, the worker's sweep sends it.
      expect(await invites()).toBe(before + 1);
      const mail = await waitFor(async () => smtp.inbox.find((m) => m.to.includes("second@example.test")));
      expect(unfold(mail.data)).toContain(res.body.link);
    } finally {
      for (const l of listeners) app.ctx.events.on("invitations.create", l as never);
    }
  });

  it("mails unread direct messages to someone who stays away", async () => {
    const ben = await makeUser(app, { full_name: "Ben Ode" });
    const dm = await api(app, admin.token).post<{ id: number }>("/api/channels/dm", { user_id: ben.user.id });
    await api(app, admin.token).post("/api/entities/messages", { channel_id: dm.body.id, content: "Can you call me back?" });
    const mail = await waitFor(async () => smtp.inbox.find((m) => m.to.includes(ben.email)), 15_000);
    const text = unfold(mail.data);
    expect(text).toContain("Subject: You have an unread direct message");
    expect(text).toContain("Ada Admin: Can you call me back?");
    expect(text).toContain(`https://team.example.test/Chat?channel=${dm.body.id}`);
  }, 30_000);
});

describe("without SMTP_URL", () => {
  it("queues no mail", async () => {
    const app = await startTestApp("pglite", {}, { NOTIFY_DELAY_MS: "0", NOTIFY_SWEEP_MS: "100" });
    try {
      const admin = await makeUser(app, { role: "admin" });
      expect((await api(app, admin.token).post("/api/invitations", { email: "quiet@example.test" })).status).toBe(201);
      const ben = await makeUser(app);
      const dm = await api(app, admin.token).post<{ id: number }>("/api/channels/dm", { user_id: ben.user.id });
      await api(app, admin.token).post("/api/entities/messages", { channel_id: dm.body.id, content: "hi" });
      // The feed consumer has handled the message's record once drained: its jobs are all there is.
      await app.ctx.consumers!.drain();
      const kinds = (await app.ctx.db.selectFrom("notification_jobs").select("kind").execute()).map((j) => j.kind);
      expect(kinds).toEqual(["message"]);
    } finally {
      await app.stop();
    }
  }, 60_000);
});
