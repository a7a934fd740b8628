// users through the Entity API: public profiles for everyone, admin-only create and delete,
// self-service profile edits that can never raise one's own role, and never a password hash.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, countRows, type TestApp, type TestUser } from "../../test/harness";
import { onEntityEvents } from "../../entities/events";

const noSecrets = (body: unknown) => {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/password|scrypt|hash/i);
};

describe.each(ENGINES)("entities: users (%s)", (engine) => {
  let app: TestApp;
  let admin: TestUser;
  let teamAdmin: TestUser;
  let member: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await makeUser(app, { role: "admin", team_role: "admin" });
    teamAdmin = await makeUser(app, { team_role: "admin" });
    member = await makeUser(app);
    other = await makeUser(app, { show_online_status: false, user_status: "busy" });
  }, 240_000); // PGlite start-up is slow on a loaded machine
  afterAll(() => app?.stop(), 60_000);

  it("lets everyone list and fetch public profiles, without the hash", async () => {
    const me = api(app, member.token);
    const list = await me.get("/api/entities/users?sort=id");
    expect(list.status).toBe(200);
    expect(list.body.map((u: { email: string }) => u.email)).toEqual([admin.email, teamAdmin.email, member.email, other.email]);
    noSecrets(list.body);
    const one = await me.get(`/api/entities/users/${other.user.id}`);
    expect(one.body).toMatchObject({ email: other.email, user_status: "away", created_date: expect.any(String) });
    expect(one.body).not.toHaveProperty("notification_preferences");
    noSecrets(one.body);
    const byEmail = await me.get(`/api/entities/users?where=${encodeURIComponent(`email = '${member.email}'`)}`);
    expect(byEmail.body).toHaveLength(1);
    expect((await me.get("/api/entities/users/99999")).status).toBe(404);
  });

  it("does not filter on hidden status or private fields", async () => {
    const me = api(app, member.token);
    for (const where of ["user_status = 'busy'", "notification_preferences = 'all'", "password_hash IS NOT NULL", "last_seen_at IS NULL"]) {
      expect((await me.get(`/api/entities/users?where=${encodeURIComponent(where)}`)).status).toBe(400);
    }
    expect((await me.get("/api/entities/users?sort=password_hash")).status).toBe(400);
  });

  it("lets an admin create a user with a write-only password", async () => {
    const res = await api(app, admin.token).post("/api/entities/users", {
      email: "New.Person@Example.test",
      password: "long-password",
      full_name: "New Person",
      team_role: "manager",
      id: 5,
      created_date: "x",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: "new.person@example.test", team_role: "manager", full_name: "New Person" });
    noSecrets(res.body);
    const login = await api(app).post("/api/auth/login", { email: "new.person@example.test", password: "long-password" });
    expect(login.status).toBe(200);
  });

  it("refuses user creation by non-admins and bad input, writing nothing", async () => {
    const before = await countRows(app, "users");
    const byMember = await api(app, member.token).post("/api/entities/users", { email: "x@example.test", password: "long-password" });
    expect(byMember).toMatchObject({ status: 403, body: { error: "Forbidden" } });
    const a = api(app, admin.token);
    expect((await a.post("/api/entities/users", { email: "y@example.test", password: "long-password", password_hash: "x" })).body.error).toBe(
      "Insert failed: unknown field password_hash",
    );
    expect((await a.post("/api/entities/users", { email: "not-an-email", password: "long-password" })).status).toBe(400);
    expect((await a.post("/api/entities/users", { email: "z@example.test", password: "short" })).status).toBe(400);
    expect((await a.post("/api/entities/users", { email: "z@example.test", password: "long-password", role: "root" })).status).toBe(400);
    expect((await a.post("/api/entities/users", { email: member.email, password: "long-password" })).status).toBe(409);
    expect(await countRows(app, "users")).toBe(before);
  });

  it("lets a member edit their own profile fields", async () => {
    const me = api(app, member.token);
    const res = await me.patch(`/api/entities/users/${member.user.id}`, new URLSearchParams({ job_title: "Engineer", phone_number: "" }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ job_title: "Engineer", phone_number: null });
    noSecrets(res.body);
    // A full-object save echoes email, role and timestamps unchanged: accepted.
    const again = await me.patch(`/api/entities/users/${member.user.id}`, { ...res.body, status_message: "here" });
    expect(again.status).toBe(200);
    expect(again.body.status_message).toBe("here");
  });

  it("refuses a member making themselves admin, changing e-mail or editing someone else", async () => {
    const me = api(app, member.token);
    const path = `/api/entities/users/${member.user.id}`;
    expect((await me.patch(path, { role: "admin" })).status).toBe(403);
    expect((await me.patch(path, { team_role: "admin" })).status).toBe(403);
    expect((await me.patch(path, new URLSearchParams({ role: "admin", team_role: "manager" }))).status).toBe(403);
    expect((await me.patch(path, { email: "me@elsewhere.test" })).status).toBe(403);
    expect((await me.patch(path, { password: "new-password-1" })).status).toBe(403);
    expect((await me.patch(path, { password_hash: "x" })).body.error).toBe("Update failed: unknown field password_hash");
    expect((await me.patch(`/api/entities/users/${other.user.id}`, { job_title: "x" })).status).toBe(403);
    const row = await app.ctx.db.selectFrom("users").selectAll().where("id", "=", member.user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: "user", team_role: "member", email: member.email });
  });

  it("lets admins (role or team_role) change anyone's role", async () => {
    const u = await makeUser(app);
    const res = await api(app, admin.token).patch(`/api/entities/users/${u.user.id}`, { team_role: "manager" });
    expect(res.body.team_role).toBe("manager");
    const res2 = await api(app, teamAdmin.token).patch(`/api/entities/users/${u.user.id}`, { role: "admin" });
    expect(res2.body.role).toBe("admin");
    noSecrets(res2.body);
    expect((await api(app, admin.token).patch("/api/entities/users/99999", { job_title: "x" })).status).toBe(404);
  });

  it("lets only admins deactivate users (DELETE), never themselves; the row stays, listed as inactive", async () => {
    const victim = await makeUser(app);
    expect((await api(app, member.token).delete(`/api/entities/users/${victim.user.id}`)).status).toBe(403);
    const self = await api(app, admin.token).delete(`/api/entities/users/${admin.user.id}`);
    expect(self).toMatchObject({ status: 403, body: { error: "You cannot deactivate your own account" } });
    const events: unknown[] = [];
    const listener = (c: unknown) => events.push(c);
    const unsubscribe = onEntityEvents(app.ctx.events, listener);
    const res = await api(app, admin.token).delete(`/api/entities/users/${victim.user.id}`);
    unsubscribe();
    expect(res).toMatchObject({ status: 200, body: { ok: true, id: victim.user.id } });
    // Still there for everyone, so old messages and tasks resolve the name.
    const one = await api(app, member.token).get(`/api/entities/users/${victim.user.id}`);
    expect(one).toMatchObject({ status: 200, body: { id: victim.user.id, email: victim.email, is_active: false } });
    const list = await api(app, member.token).get("/api/entities/users?sort=id");
    expect(list.body.find((u: { id: number }) => u.id === victim.user.id)).toMatchObject({ is_active: false });
    expect(list.body.find((u: { id: number }) => u.id === member.user.id)).toMatchObject({ is_active: true });
    const inactive = await api(app, member.token).get(`/api/entities/users?where=${encodeURIComponent("is_active = 'false'")}`);
    expect(inactive.body.map((u: { id: number }) => u.id)).toEqual([victim.user.id]);
    // An update event (never a delete, never the hash) carries the deactivation.
    noSecrets(events);
    expect(events).toEqual([expect.objectContaining({ table: "users", op: "update", id: victim.user.id, row: expect.objectContaining({ is_active: false }) })]);
    // Deactivating again changes nothing and answers the same; an unknown id is 404.
    expect((await api(app, admin.token).delete(`/api/entities/users/${victim.user.id}`)).body).toEqual({ ok: true, id: victim.user.id });
    expect((await api(app, admin.token).delete("/api/entities/users/99999")).status).toBe(404);
    expect(await countRows(app, "users")).toBeGreaterThanOrEqual(5);
  });

  it("lets only admins change is_active with PATCH; a member's echo of it is harmless", async () => {
    const u = await makeUser(app);
    const path = `/api/entities/users/${u.user.id}`;
    expect((await api(app, member.token).patch(path, { is_active: false })).status).toBe(403);
    expect((await api(app, u.token).patch(path, { is_active: false })).status).toBe(403);
    expect((await api(app, u.token).patch(`/api/auth/user/${u.user.id}`, { is_active: "0" })).status).toBe(403);
    expect((await api(app, admin.token).patch(`/api/entities/users/${admin.user.id}`, { is_active: false })).status).toBe(403);
    expect((await api(app, admin.token).patch(path, { is_active: "maybe" })).status).toBe(400);
    // A full-profile save by the user echoes is_active: true unchanged.
    const me = (await api(app, u.token).get("/api/auth/me")).body;
    expect(me.is_active).toBe(true);
    expect((await api(app, u.token).patch(path, { ...me, job_title: "Echo" })).status).toBe(200);

    const off = await api(app, teamAdmin.token).patch(path, new URLSearchParams({ is_active: "false" }));
    expect(off).toMatchObject({ status: 200, body: { id: u.user.id, is_active: false } });
    expect((await api(app, u.token).get("/api/auth/me")).status).toBe(401);
    const login = await api(app).post("/api/auth/login", { email: u.email, password: u.password });
    expect(login).toMatchObject({ status: 403, body: { error: "This account has been deactivated" } });
    // A wrong password still gets the usual answer: deactivation is not revealed to guessers.
    expect((await api(app).post("/api/auth/login", { email: u.email, password: "wrong-password" })).status).toBe(401);

    const on = await api(app, admin.token).patch(path, { is_active: true });
    expect(on).toMatchObject({ status: 200, body: { is_active: true } });
    // Reactivation does not revive old sessions; signing in again works.
    expect((await api(app, u.token).get("/api/auth/me")).status).toBe(401);
    const again = await api(app).post("/api/auth/login", { email: u.email, password: u.password });
    expect(again.status).toBe(200);
    expect(again.body.user.is_active).toBe(true);
  });
});
