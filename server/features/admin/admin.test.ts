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

  const PATHS = ["/api/admin/overview", "/api/admin/security", "/api/admin/database", "/api/admin/database/backup", "/api/admin/feed"];

  it("requires sign-in and refuses members (403)", async () => {
    for (const p of PATHS) {
      expect((await api(app).get(p)).status).toBe(401);
      expect((await api(app, member.token).get(p)).status).toBe(403);
    }
    expect((await api(app, member.token).delete("/api/admin/sessions/00000000-0000-0000-0000-000000000000")).status).toBe(403);
    expect((await api(app).post("/api/admin/feed/dead-letters/1/retry", {})).status).toBe(401);
    expect((await api(app, member.token).post("/api/admin/feed/dead-letters/1/retry", {})).status).toBe(403);
  });

  it("shows the feed's consumers and dead letters, and retries a dead letter through its consumer", async () => {
    // A record notifications.enqueue gave up on (a message that is not there now: handling it queues nothing).
    const dl = await app.ctx.db
      .insertInto("feed_dead_letters")
      .values({ consumer: "notifications.enqueue", seq: 987_654, tbl: "messages", op: "create", row_id: 424_242, error: "boom", attempts: 5, created_at: new Date(), retried_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    const feed = await api(app, admin.token).get<{ consumers: { name: string; behind: number; failures: number }[]; dead_letters: { id: number; error: string; retried_at: string | null }[] }>("/api/admin/feed");
    expect(feed.status).toBe(200);
    expect(feed.body.consumers.find((c) => c.name === "notifications.enqueue")).toMatchObject({ failures: 0 });
    expect(feed.body.dead_letters.find((d) => d.id === Number(dl.id))).toMatchObject({ error: "boom", retried_at: null });
    expect((await api(app, admin.token).post(`/api/admin/feed/dead-letters/${dl.id}/retry`, {})).status).toBe(200);
    const after = await api(app, admin.token).get<{ dead_letters: { id: number; retried_at: string | null }[] }>("/api/admin/feed");
    expect(after.body.dead_letters.find((d) => d.id === Number(dl.id))?.retried_at).toEqual(expect.any(String));
    expect((await api(app, admin.token).post("/api/admin/feed/dead-letters/99999999/retry", {})).status).toBe(404);
    const bad = await api(app, admin.token).post("/api/admin/feed/dead-letters/abc/retry", {});
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^id: /);
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
