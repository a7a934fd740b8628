import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../test/harness";

describe.each(ENGINES)("auth (%s)", (engine) => {
  let app: TestApp;
  let member: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    app = await startTestApp(engine);
    member = await makeUser(app);
    admin = await makeUser(app, { role: "admin", team_role: "admin" });
  });
  afterAll(() => app?.stop());

  it("logs in with a form body and returns user, token and expiry, never the hash", async () => {
    const res = await api(app).post("/phpapi/auth/login", new URLSearchParams({ email: member.email, password: member.password }));
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(member.email);
    expect(typeof res.body.accessToken).toBe("string");
    expect(res.body.expiresAt).toBeGreaterThan(Date.now() / 1000 + 3600);
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/);
  });

  it("refuses a wrong password with the documented text", async () => {
    const res = await api(app).post("/api/auth/login", { email: member.email, password: "nope-nope" });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe("Invalid email or password");
  });

  it("returns 401 Not authenticated without, with a forged and with an expired token", async () => {
    expect((await api(app).get("/api/auth/me")).body).toEqual({ error: "Not authenticated" });
    const forged = member.token.slice(0, -4) + "abcd";
    expect((await api(app, forged).get("/api/auth/me")).status).toBe(401);
    const { SignJWT } = await import("jose");
    const expired = await new SignJWT({ sid: "x" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(member.user.id))
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(app.config.jwtSecret);
    expect((await api(app, expired).get("/api/auth/me")).status).toBe(401);
  });

  it("refreshes, and logout revokes the session", async () => {
    const u = await makeUser(app);
    const r = await api(app, u.token).post("/api/auth/login?refresh=true");
    expect(r.status).toBe(200);
    expect(r.body.accessToken).toBeTruthy();
    expect((await api(app, u.token).post("/api/auth/logout")).status).toBe(200);
    expect((await api(app, u.token).get("/api/auth/me")).status).toBe(401);
    expect((await api(app, r.body.accessToken).get("/api/auth/me")).status).toBe(401);
  });

  it("refuses the token of a deactivated account even while its session row is still live", async () => {
    const u = await makeUser(app);
    expect((await api(app, u.token).get("/api/auth/me")).status).toBe(200);
    // Only the flag, not the sessions: verifyToken itself must refuse.
    await app.ctx.db.updateTable("users").set({ is_active: false }).where("id", "=", u.user.id).execute();
    expect((await api(app, u.token).get("/api/auth/me")).status).toBe(401);
    expect((await api(app, u.token).post("/api/auth/login?refresh=true")).status).toBe(401);
    const login = await api(app).post("/api/auth/login", { email: u.email, password: u.password });
    expect(login).toMatchObject({ status: 403, body: { error: "This account has been deactivated" } });
    await app.ctx.db.updateTable("users").set({ is_active: true }).where("id", "=", u.user.id).execute();
    expect((await api(app, u.token).get("/api/auth/me")).status).toBe(200);
  });

  it("lets a member edit their profile but not make themselves admin or change e-mail", async () => {
    const me = api(app, member.token);
    const ok = await me.patch(`/api/auth/user/${member.user.id}`, { job_title: "Engineer", status_message: "hi" });
    expect(ok.status).toBe(200);
    expect(ok.body.job_title).toBe("Engineer");
    expect((await me.patch(`/api/auth/user/${member.user.id}`, { role: "admin" })).status).toBe(403);
    expect((await me.patch(`/api/auth/user/${member.user.id}`, { team_role: "admin" })).status).toBe(403);
    expect((await me.patch(`/api/auth/user/${member.user.id}`, { email: "x@y.z" })).status).toBe(403);
    expect((await me.patch(`/api/auth/user/${admin.user.id}`, { job_title: "x" })).status).toBe(403);
    const after = await me.get("/api/auth/me");
    expect(after.body.role).toBe("user");
    expect(after.body.team_role).toBe("member");
    expect(after.body.email).toBe(member.email);
  });

  it("accepts a full-profile save that echoes the unchanged e-mail and role", async () => {
    const me = api(app, member.token);
    const current = (await me.get("/api/auth/me")).body;
    const res = await me.patch(`/api/auth/user/${member.user.id}`, { ...current, department: "Platform" });
    expect(res.status).toBe(200);
    expect(res.body.department).toBe("Platform");
  });

  it("lets an admin change roles", async () => {
    const u = await makeUser(app);
    const res = await api(app, admin.token).patch(`/api/auth/user/${u.user.id}`, { team_role: "manager" });
    expect(res.status).toBe(200);
    expect(res.body.team_role).toBe("manager");
  });

  it("answers malformed JSON and bad types with 400", async () => {
    const bad = await api(app).post("/api/auth/login", "{not json", { "content-type": "application/json" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/Malformed JSON/);
    const wrong = await api(app, member.token).patch(`/api/auth/user/${member.user.id}`, { user_status: "sleeping" });
    expect(wrong.status).toBe(400);
  });

  it("creates an invitation link that signs a new person in once", async () => {
    const inv = await api(app, member.token).post("/api/invitations", { email: "new.person@example.test", message: "Join us" });
    expect(inv.status).toBe(201);
    expect(inv.body.link).toContain(inv.body.token);
    const acc = await api(app).post("/api/auth/accept-invite", { token: inv.body.token, full_name: "New Person", password: "long-password" });
    expect(acc.status).toBe(201);
    expect(acc.body.user.email).toBe("new.person@example.test");
    const again = await api(app).post("/api/auth/accept-invite", { token: inv.body.token, full_name: "X", password: "long-password" });
    expect(again.status).toBe(404);
  });
});
