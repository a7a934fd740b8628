import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { INVITE_GONE, INVITE_REFUSED } from "./routes";

describe.each(ENGINES)("invitations (%s)", (engine) => {
  let app: TestApp;
  let admin: TestUser;
  let manager: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await makeUser(app, { role: "admin", team_role: "admin" });
    manager = await makeUser(app, { team_role: "manager" });
    member = await makeUser(app);
  });
  afterAll(() => app?.stop());

  const invite = (token: string | undefined, email: string) => api(app, token).post("/api/invitations", { email, message: "Join us" });

  it("requires sign-in and a valid e-mail", async () => {
    expect((await invite(undefined, "a@example.test")).status).toBe(401);
    const bad = await invite(member.token, "not-an-email");
    expect(bad.status).toBe(400);
    expect((await invite(member.token, admin.email)).status).toBe(409);
  });

  it("creates a single-use link: preview, accept (signed in), then refused", async () => {
    const email = `new.${Date.now()}@example.test`;
    const inv = await invite(member.token, email);
    expect(inv.status).toBe(201);
    const body = inv.body as { link: string; token: string };
    expect(body.link).toMatch(/\/AcceptInvite\?token=/);
    const preview = await api(app).get(`/api/invitations/${body.token}`);
    expect(preview.body).toMatchObject({ email });

    expect((await api(app).post("/api/auth/accept-invite", { token: body.token, full_name: "", password: "long-password" })).status).toBe(400);
    expect((await api(app).post("/api/auth/accept-invite", { token: body.token, full_name: "New", password: "short" })).status).toBe(400);
    const ok = await api(app).post("/api/auth/accept-invite", { token: body.token, full_name: "New Person", password: "long-password" });
    expect(ok.status).toBe(201);
    const me = await api(app, (ok.body as { accessToken: string }).accessToken).get("/api/auth/me");
    expect(me.body).toMatchObject({ email, full_name: "New Person" });

    const again = await api(app).post("/api/auth/accept-invite", { token: body.token, full_name: "X", password: "long-password" });
    expect(again).toMatchObject({ status: 404, body: { error: INVITE_GONE } });
    expect((await api(app).get(`/api/invitations/${body.token}`)).status).toBe(404);
  });

  it("refuses an expired link", async () => {
    const inv = await invite(member.token, `old.${Date.now()}@example.test`);
    const token = (inv.body as { token: string }).token;
    await app.ctx.db.updateTable("invitations").set({ expires_at: new Date(Date.now() - 1000) }).where("email", "like", "old.%").execute();
    expect((await api(app).post("/api/auth/accept-invite", { token, full_name: "Late", password: "long-password" })).status).toBe(404);
  });

  it("lets only admins choose who may invite, and enforces the choice", async () => {
    expect((await api(app, member.token).patch("/api/invitations/policy", { invite_policy: "admins" })).status).toBe(403);
    expect((await api(app, admin.token).patch("/api/invitations/policy", { invite_policy: "nobody" })).status).toBe(400);
    expect((await api(app, admin.token).patch("/api/invitations/policy", { invite_policy: "managers" })).status).toBe(200);
    expect(await invite(member.token, `m1.${Date.now()}@example.test`)).toMatchObject({ status: 403, body: { error: INVITE_REFUSED } });
    expect((await invite(manager.token, `m2.${Date.now()}@example.test`)).status).toBe(201);
    await api(app, admin.token).patch("/api/invitations/policy", { invite_policy: "admins" });
    expect((await invite(manager.token, `m3.${Date.now()}@example.test`)).status).toBe(403);
    expect((await invite(admin.token, `m4.${Date.now()}@example.test`)).status).toBe(201);
    expect((await api(app, member.token).get("/api/invitations/policy")).body).toMatchObject({ invite_policy: "admins", can_invite: false });
    await api(app, admin.token).patch("/api/invitations/policy", { invite_policy: "everyone" });
  });
});
