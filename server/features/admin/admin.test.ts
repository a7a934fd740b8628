import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import * as tar from "tar";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";

describe.each(ENGINES)("admin routes (%s)", (engine) => {
  let app: TestApp;
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await makeUser(app, { role: "admin", team_role: "admin" });
    member = await makeUser(app);
  });
  afterAll(() => app?.stop());

  const PATHS = ["/api/admin/overview", "/api/admin/security", "/api/admin/database", "/api/admin/database/backup"];

  it("requires sign-in and refuses members (403)", async () => {
    for (const p of PATHS) {
      expect((await api(app).get(p)).status).toBe(401);
      expect((await api(app, member.token).get(p)).status).toBe(403);
    }
    expect((await api(app, member.token).delete("/api/admin/sessions/00000000-0000-0000-0000-000000000000")).status).toBe(403);
  });

  it("lists active sessions and revokes one: its token stops working", async () => {
    const victim = await makeUser(app);
    const sec = await api(app, admin.token).get("/api/admin/security");
    expect(sec.status).toBe(200);
    const mine = sec.body.sessions.filter((s: { user_id: number }) => s.user_id === victim.user.id);
    expect(mine).toHaveLength(1);
    expect(sec.body.settings).toMatchObject({ password_min_length: 8, invite_policy: "everyone" });
    expect(sec.body.settings.login_rate_limit).toBeGreaterThan(0);
    expect((await api(app, victim.token).get("/api/auth/me")).status).toBe(200);
    expect((await api(app, admin.token).delete(`/api/admin/sessions/${mine[0].id}`)).status).toBe(200);
    expect((await api(app, victim.token).get("/api/auth/me")).status).toBe(401);
    expect((await api(app, admin.token).delete(`/api/admin/sessions/${mine[0].id}`)).status).toBe(404);
    expect((await api(app, admin.token).delete("/api/admin/sessions/not-a-uuid")).status).toBe(404);
  });

  it("shows database size, row counts and migration version", async () => {
    const res = await api(app, admin.token).get("/api/admin/database");
    expect(res.status).toBe(200);
    expect(res.body.size_bytes).toBeGreaterThan(0);
    expect(res.body.migration_version).toMatch(/^\d{12}_/);
    const users = res.body.tables.find((t: { table: string }) => t.table === "users");
    expect(users.rows).toBeGreaterThanOrEqual(3);
  });

  it("downloads a backup: the archive npm run restore reads (server/ops/backup/backup.test.ts restores it)", async () => {
    const res = await fetch(`${app.url}/api/admin/database/backup`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="teamspace-backup-.*\.tar\.gz"$/);
    const entries: string[] = [];
    await pipeline(Readable.from(Buffer.from(await res.arrayBuffer())), tar.t({ onReadEntry: (e) => entries.push(e.path) }));
    expect(entries).toContain("teamspace-backup/manifest.json");
    expect(entries).toContain("teamspace-backup/database/users.jsonl");
  });
});
