// shared_files (owner and sharees; add-only sharing for sharees), resources (managers and
// admins keep them) and org_storage_config (admins only, reads included).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, countRows, makeSharedFile, makeResource, makeStorageConfig, type TestApp, type TestUser } from "../../test/harness";

const REFUSED = "You can add users to share with, but only the file owner, managers, or admins can remove access.";

describe.each(ENGINES)("entities: files, resources, storage config (%s)", (engine) => {
  let app: TestApp;
  let admin: TestUser;
  let manager: TestUser;
  let owner: TestUser;
  let sharee: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await makeUser(app, { role: "admin", team_role: "admin" });
    manager = await makeUser(app, { team_role: "manager" });
    owner = await makeUser(app);
    sharee = await makeUser(app);
    stranger = await makeUser(app);
  }, 240_000); // PGlite start-up is slow on a loaded machine
  afterAll(() => app?.stop(), 60_000);

  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

  describe("shared_files", () => {
    it("creates a file record as the caller", async () => {
      const res = await api(app, owner.token).post(
        "/api/entities/shared_files",
        new URLSearchParams({ name: "plan.pdf", category: "document", tags: "q3, plans", shared_with_emails: `["${sharee.email}","${sharee.email}"]`, created_by: admin.email, upload_type: "file_library", file_size: "2048" }),
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name: "plan.pdf", created_by: owner.email, tags: ["q3", "plans"], shared_with_emails: [sharee.email], file_size: 2048 });
      expect(res.body).not.toHaveProperty("stored_file_id");
      const before = await countRows(app, "shared_files");
      expect((await api(app, owner.token).post("/api/entities/shared_files", { name: "x", category: "spreadsheet" })).status).toBe(400);
      expect((await api(app, owner.token).post("/api/entities/shared_files", { name: "x", file_url: "javascript:alert(1)" })).status).toBe(400);
      expect((await api(app, owner.token).post("/api/entities/shared_files", { name: "x", file_size: "big" })).status).toBe(400);
      expect(await countRows(app, "shared_files")).toBe(before);
    });

    it("shows a file to its owner and the people it is shared with only", async () => {
      const f = await makeSharedFile(app, owner.email, { shared_with_emails: [sharee.email] });
      expect(ids((await api(app, owner.token).get("/api/entities/shared_files?sort=-id")).body)).toContain(f.id);
      expect(ids((await api(app, sharee.token).get("/api/entities/shared_files")).body)).toContain(f.id);
      expect(ids((await api(app, stranger.token).get("/api/entities/shared_files")).body)).not.toContain(f.id);
      expect((await api(app, stranger.token).get(`/api/entities/shared_files/${f.id}`)).status).toBe(404);
      expect((await api(app, admin.token).get(`/api/entities/shared_files/${f.id}`)).status).toBe(404);
    });

    it("lets anyone with access add people, but only the owner, managers or admins remove them", async () => {
      const f = await makeSharedFile(app, owner.email, { shared_with_emails: [sharee.email, manager.email, admin.email] });
      const added = await api(app, sharee.token).patch(`/api/entities/shared_files/${f.id}`, { shared_with_emails: [sharee.email, manager.email, admin.email, stranger.email] });
      expect(added.status).toBe(200);
      expect((await api(app, stranger.token).get(`/api/entities/shared_files/${f.id}`)).status).toBe(200);
      const removal = await api(app, stranger.token).patch(`/api/entities/shared_files/${f.id}`, { shared_with_emails: [stranger.email] });
      expect(removal).toMatchObject({ status: 403, body: { error: REFUSED } });
      expect((await api(app, sharee.token).patch(`/api/entities/shared_files/${f.id}`, { name: "renamed.pdf" })).status).toBe(403);
      expect((await api(app, sharee.token).delete(`/api/entities/shared_files/${f.id}`)).status).toBe(403);
      expect((await api(app, manager.token).patch(`/api/entities/shared_files/${f.id}`, { shared_with_emails: [sharee.email, manager.email, admin.email] })).status).toBe(200);
      expect((await api(app, stranger.token).get(`/api/entities/shared_files/${f.id}`)).status).toBe(404);
      expect((await api(app, admin.token).patch(`/api/entities/shared_files/${f.id}`, { description: "checked" })).status).toBe(200);
      expect((await api(app, owner.token).patch(`/api/entities/shared_files/${f.id}`, { shared_with_emails: "", file_url: "/api/files/abc" })).body).toMatchObject({ file_url: "/api/files/abc" });
      expect((await api(app, owner.token).patch(`/api/entities/shared_files/${f.id}`, { shared_with_emails: "[]" })).body.shared_with_emails).toEqual([]);
      expect((await api(app, sharee.token).get(`/api/entities/shared_files/${f.id}`)).status).toBe(404);
      expect((await api(app, owner.token).delete(`/api/entities/shared_files/${f.id}`)).status).toBe(200);
    });

    it("lets anyone with access remove sharing on a file without an owner", async () => {
      const f = await makeSharedFile(app, null, { shared_with_emails: [sharee.email, stranger.email] });
      expect((await api(app, sharee.token).patch(`/api/entities/shared_files/${f.id}`, { shared_with_emails: [sharee.email] })).status).toBe(200);
      expect((await api(app, sharee.token).delete(`/api/entities/shared_files/${f.id}`)).status).toBe(200);
    });
  });

  describe("resources", () => {
    it("lets everyone read resources", async () => {
      const r = await makeResource(app);
      expect(ids((await api(app, stranger.token).get("/api/entities/resources?sort=-updated_date")).body)).toContain(r.id);
      expect((await api(app, stranger.token).get(`/api/entities/resources/${r.id}`)).body).toMatchObject({ title: "Wiki", is_internal: true });
    });

    it("lets managers and admins create, change and delete; members get 403", async () => {
      const before = await countRows(app, "resources");
      expect((await api(app, stranger.token).post("/api/entities/resources", { title: "x", url: "https://x.io" })).status).toBe(403);
      expect(await countRows(app, "resources")).toBe(before);
      const made = await api(app, manager.token).post("/api/entities/resources", { title: "Docs", url: "https://docs.example.com", tags: "a,b", is_internal: "0", category: "documentation" });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ created_by: manager.email, tags: ["a", "b"], is_internal: false });
      expect((await api(app, manager.token).post("/api/entities/resources", { title: "x", url: "not a url" })).status).toBe(400);
      expect((await api(app, manager.token).post("/api/entities/resources", { title: "x", url: "javascript:alert(1)" })).status).toBe(400);
      expect((await api(app, stranger.token).patch(`/api/entities/resources/${made.body.id}`, { title: "Mine" })).status).toBe(403);
      expect((await api(app, stranger.token).delete(`/api/entities/resources/${made.body.id}`)).status).toBe(403);
      expect((await api(app, admin.token).patch(`/api/entities/resources/${made.body.id}`, { priority: "high" })).body.priority).toBe("high");
      expect((await api(app, manager.token).delete(`/api/entities/resources/${made.body.id}`)).status).toBe(200);
    });
  });

  describe("org_storage_config", () => {
    it("is invisible and untouchable for non-admins", async () => {
      const cfg = await makeStorageConfig(app);
      for (const u of [manager, stranger]) {
        const me = api(app, u.token);
        expect((await me.get("/api/entities/org_storage_config")).status).toBe(403);
        expect((await me.get(`/api/entities/org_storage_config/${cfg.id}`)).status).toBe(404);
        expect((await me.post("/api/entities/org_storage_config", { storage_provider: "local" })).status).toBe(403);
        expect((await me.patch(`/api/entities/org_storage_config/${cfg.id}`, { is_active: false })).status).toBe(404);
        expect((await me.delete(`/api/entities/org_storage_config/${cfg.id}`)).status).toBe(404);
      }
    });

    it("lets admins read and save the configuration, objects as JSON text", async () => {
      const a = api(app, admin.token);
      const made = await a.post(
        "/api/entities/org_storage_config",
        new URLSearchParams({ storage_provider: "aws_s3", storage_config: JSON.stringify({ aws_s3: { bucket_name: "rec", region: "us-east-1" } }) }),
      );
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ storage_provider: "aws_s3", is_active: true, storage_config: { aws_s3: { bucket_name: "rec", region: "us-east-1" } } });
      expect(ids((await a.get("/api/entities/org_storage_config")).body)).toContain(made.body.id);
      const off = await a.patch(`/api/entities/org_storage_config/${made.body.id}`, { storage_provider: "" });
      expect(off.body).toMatchObject({ storage_provider: null, is_active: false });
      expect((await a.patch(`/api/entities/org_storage_config/${made.body.id}`, { storage_config: "{broken" })).status).toBe(400);
      expect((await a.patch(`/api/entities/org_storage_config/${made.body.id}`, { storage_provider: "dropbox" })).status).toBe(400);
      expect((await a.delete(`/api/entities/org_storage_config/${made.body.id}`)).status).toBe(200);
    });
  });
});
