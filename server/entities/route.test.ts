// The generic Entity API: sign-in, table and id checks, list queries, bad input, events.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { EntityEvent } from "../context";
import { ENTITY_TABLES } from "@shared/entities";
import { ENGINES, startTestApp, makeUser, api, countRows, makeChannel, makeTask, makeNote, type TestApp, type TestUser } from "../test/harness";
import { onEntityEvents } from "./events";

const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

describe.each(ENGINES)("entities: generic API (%s)", (engine) => {
  let app: TestApp;
  let admin: TestUser;
  let member: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await makeUser(app, { role: "admin", team_role: "admin" });
    member = await makeUser(app);
    other = await makeUser(app);
    // Tasks with a spread of statuses and dates, all created by `member`, for the query tests.
    const rows: [string, string, string | null][] = [
      ["todo", "2030-01-01", null],
      ["in_progress", "2030-01-02", "a@x.io"],
      ["done", "2030-01-03", "a@x.io"],
      ["todo", "", "b@x.io"],
      ["done", "2030-01-05", null],
    ];
    for (const [i, [status, due, extra]] of rows.entries()) {
      await makeTask(app, {
        title: `Q${i} it's`,
        status,
        due_date: due || null,
        created_by: member.email,
        assignee_email: member.email,
        assignee_emails: extra ? [member.email, extra] : [member.email],
      });
    }
  }, 240_000); // PGlite start-up is slow on a loaded machine
  afterAll(() => app?.stop(), 60_000);

  const titles = (body: { title: string }[]) => body.map((t) => t.title);

  it("requires sign-in on every route of every table", async () => {
    const anon = api(app);
    const forged = api(app, member.token.slice(0, -4) + "abcd");
    const before = await countRows(app, "notes");
    for (const table of ENTITY_TABLES) {
      for (const res of [
        await anon.get(`/api/entities/${table}`),
        await anon.get(`/api/entities/${table}/1`),
        await anon.post(`/api/entities/${table}`, { title: "x", name: "x", topic: "x", content: "x" }),
        await anon.patch(`/api/entities/${table}/1`, { title: "x" }),
        await anon.delete(`/api/entities/${table}/1`),
        await forged.get(`/phpapi/entities/${table}`),
      ]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: "Not authenticated" });
      }
    }
    expect(await countRows(app, "notes")).toBe(before);
  });

  it("answers 404 Unknown table and 400 for a bad id", async () => {
    const me = api(app, member.token);
    expect(await me.get("/api/entities/sessions")).toMatchObject({ status: 404, body: { error: "Unknown table: sessions" } });
    expect((await me.post("/api/entities/pending_signals", {})).status).toBe(404);
    expect((await me.delete("/api/entities/nope/1")).body.error).toBe("Unknown table: nope");
    expect((await me.get("/api/entities/tasks/abc")).status).toBe(400);
    expect((await me.get("/api/entities/tasks/0")).status).toBe(400);
    expect((await me.get("/api/entities/tasks/99999999999")).status).toBe(400);
    expect((await me.get("/api/entities/tasks/999999")).status).toBe(404);
  });

  it("filters with the JSON form", async () => {
    const me = api(app, member.token);
    const where = (w: unknown) => me.get(`/api/entities/tasks${q({ where: JSON.stringify(w), sort: "title" })}`);
    expect(titles((await where({ status: "todo" })).body)).toEqual(["Q0 it's", "Q3 it's"]);
    expect(titles((await where({ status: { in: ["todo", "in_progress"] } })).body)).toEqual(["Q0 it's", "Q1 it's", "Q3 it's"]);
    expect(titles((await where({ assignee_emails: { contains: "A@X.IO" } })).body)).toEqual(["Q1 it's", "Q2 it's"]);
    expect(titles((await where({ due_date: { not: null }, status: "done" })).body)).toEqual(["Q2 it's", "Q4 it's"]);
    expect(titles((await where({ due_date: null })).body)).toEqual(["Q3 it's"]);
    expect(titles((await where({ status: { not: "done" }, due_date: { gte: "2030-01-02" } })).body)).toEqual(["Q1 it's"]);
    expect(titles((await where({ or: [{ status: "in_progress" }, { due_date: { lt: "2030-01-02" } }] })).body)).toEqual(["Q0 it's", "Q1 it's"]);
    const all = (await where({})).body as { id: number }[];
    const mid = all.map((t) => t.id).sort((a, b) => a - b)[2];
    expect((await where({ id: { lt: mid } })).body).toHaveLength(2);
  });

  it("filters with the documented text form", async () => {
    const me = api(app, member.token);
    const where = (w: string) => me.get(`/api/entities/tasks${q({ where: w, sort: "title" })}`);
    expect(titles((await where("status = 'todo'")).body)).toEqual(["Q0 it's", "Q3 it's"]);
    expect(titles((await where("status != 'todo' AND status <> 'done'")).body)).toEqual(["Q1 it's"]);
    expect(titles((await where("status IN ('in_progress','done') AND due_date IS NOT NULL")).body)).toEqual(["Q1 it's", "Q2 it's", "Q4 it's"]);
    expect(titles((await where("title = 'Q2 it''s'")).body)).toEqual(["Q2 it's"]);
    const spec = `(assignee_email = 'b@x.io' OR JSON_CONTAINS(assignee_emails, '"b@x.io"')) AND due_date IS NULL`;
    expect(titles((await where(spec)).body)).toEqual(["Q3 it's"]);
    expect(titles((await where("JSON_CONTAINS(status, 'done')")).body)).toEqual(["Q2 it's", "Q4 it's"]);
    expect((await where(`created_date > '2000-01-01' AND created_by = '${member.email.toUpperCase()}'`)).body).toHaveLength(5);
  });

  it("sorts, limits and pages", async () => {
    const me = api(app, member.token);
    expect(titles((await me.get("/api/entities/tasks?sort=-due_date&limit=2")).body)).toEqual(["Q3 it's", "Q4 it's"]); // nulls first when descending
    expect(titles((await me.get("/api/entities/tasks?sort=title&limit=2&offset=2")).body)).toEqual(["Q2 it's", "Q3 it's"]);
    expect(titles((await me.get("/api/entities/tasks?sortBy=-title&limit=1")).body)).toEqual(["Q4 it's"]);
    expect((await me.get("/api/entities/tasks?limit=100000")).body).toHaveLength(5); // capped, not refused
    expect((await me.get("/api/entities/tasks?limit=-1")).status).toBe(400);
    expect((await me.get("/api/entities/tasks?offset=x")).status).toBe(400);
    expect((await me.get("/api/entities/tasks?sort=created_date")).status).toBe(200);
  });

  it("refuses where and sort it does not understand, naming the problem", async () => {
    const me = api(app, member.token);
    const bad = async (params: Record<string, string>, pattern: RegExp) => {
      const res = await me.get(`/api/entities/tasks${q(params)}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(pattern);
    };
    await bad({ where: "1=1; DROP TABLE users" }, /^Invalid where: unexpected ';' at position 3$/);
    await bad({ where: "status = 'todo'; DROP TABLE users" }, /^Invalid where: unexpected ';'/);
    await bad({ where: "status = 'todo" }, /^Invalid where: unterminated string/);
    await bad({ where: "id IN (SELECT id FROM users)" }, /^Invalid where: expected a value, found 'SELECT'/);
    await bad({ where: "password_hash IS NULL" }, /^Invalid where: unknown column password_hash/);
    await bad({ where: '{"nope": 1}' }, /^Invalid where: unknown column nope/);
    await bad({ where: '{"id": "abc"}' }, /^Invalid where: id must be a whole number, got 'abc'/);
    await bad({ where: "source_message_id = 'abc'" }, /whole number/);
    await bad({ where: '{"status": {"like": "%"}}' }, /unknown operator 'like'/);
    await bad({ where: '{"status": ' }, /malformed JSON/);
    await bad({ where: "assignee_emails > 'a'" }, /is a list/);
    await bad({ where: "created_date > 'yesterday'" }, /must be a date and time/);
    await bad({ sort: "id;drop" }, /^Invalid sort field: id;drop$/);
    await bad({ sort: "password_hash" }, /^Invalid sort field: password_hash$/);
    await bad({ sort: "-(select 1)" }, /^Invalid sort field/);
    const twice = await me.get("/api/entities/tasks?where=a&where=b");
    expect(twice.status).toBe(400);
    expect(await countRows(app, "users")).toBe(3);
  });

  it("accepts booleans as 0/1/true/false in filters and refuses anything else", async () => {
    const me = api(app, member.token);
    await makeNote(app, member.email, { is_pinned: true, topic: "pinned" });
    await makeNote(app, member.email, { topic: "plain" });
    for (const v of ["1", "true", "TRUE"]) {
      const res = await me.get(`/api/entities/notes${q({ where: `is_pinned = ${v === "1" ? 1 : v}` })}`);
      expect(res.body.map((n: { topic: string }) => n.topic)).toEqual(["pinned"]);
    }
    expect((await me.get(`/api/entities/notes${q({ where: JSON.stringify({ is_pinned: "0" }) })}`)).body[0].topic).toBe("plain");
    expect((await me.get(`/api/entities/notes${q({ where: "is_pinned = 'maybe'" })}`)).status).toBe(400);
  });

  it("refuses bad bodies with a clear 4xx and writes nothing", async () => {
    const me = api(app, member.token);
    const before = await countRows(app, "notes");
    const malformed = await me.post("/api/entities/notes", "{not json", { "content-type": "application/json" });
    expect(malformed).toMatchObject({ status: 400, body: { error: "Malformed JSON body" } });
    const unknown = await me.post("/api/entities/notes", { topic: "t", content: "c", colour: "red" });
    expect(unknown).toMatchObject({ status: 400, body: { error: "Insert failed: unknown field colour" } });
    const wrongType = await me.post("/api/entities/notes", { topic: "t", content: "c", is_pinned: "sometimes" });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toMatch(/^Insert failed: is_pinned: must be true, false, 1 or 0/);
    const missing = await me.post("/api/entities/notes", { topic: "t" });
    expect(missing.body.error).toBe("Insert failed: content is required");
    const arrayBody = await me.post("/api/entities/notes", [{ topic: "t", content: "c" }]);
    expect(arrayBody.status).toBe(400);
    const huge = await me.post("/api/entities/notes", { topic: "t", content: "x".repeat(1_100_000) });
    expect(huge).toMatchObject({ status: 413, body: { error: "Request body too large" } });
    const hugeForm = await me.post("/api/entities/notes", new URLSearchParams({ topic: "t", content: "x".repeat(1_100_000) }));
    expect(hugeForm.status).toBe(413);
    expect(await countRows(app, "notes")).toBe(before);

    const note = await makeNote(app, member.email);
    const badUpdate = await me.patch(`/api/entities/notes/${note.id}`, { topic: "new", flavour: "x" });
    expect(badUpdate).toMatchObject({ status: 400, body: { error: "Update failed: unknown field flavour" } });
    const badMood = await me.patch(`/api/entities/notes/${note.id}`, { mood: "furious" });
    expect(badMood.body.error).toMatch(/^Update failed: mood:/);
    expect((await me.get(`/api/entities/notes/${note.id}`)).body.topic).toBe("Topic");
  });

  it("takes form-encoded bodies, normalises values and drops empty fields on create", async () => {
    const me = api(app, member.token);
    const res = await me.post(
      "/api/entities/notes",
      new URLSearchParams({ topic: "  Form  ", content: "body", tags: '["b"," a ","b",""]', is_pinned: "1", mood: "", created_by: "x@evil.io" }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ topic: "Form", tags: ["b", "a"], is_pinned: true, mood: null, created_by: member.email, org_key: "org_1" });
    const comma = await me.patch(`/api/entities/notes/${res.body.id}`, new URLSearchParams({ tags: "x, y ,,x", is_pinned: "false" }));
    expect(comma.body).toMatchObject({ tags: ["x", "y"], is_pinned: false });
  });

  it("ignores read-only fields echoed back by a full-object save", async () => {
    const me = api(app, member.token);
    const created = (await me.post("/api/entities/notes", { topic: "Echo", content: "c" })).body;
    expect(Object.keys(created)).toEqual(expect.arrayContaining(["created_date", "updated_date"]));
    expect(created).not.toHaveProperty("created_at");
    const saved = await me.patch(`/api/entities/notes/${created.id}`, { ...created, id: 999, created_date: "1999-01-01", content: "changed" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: created.id, content: "changed", created_date: created.created_date });
    expect(Date.parse(saved.body.updated_date)).toBeGreaterThanOrEqual(Date.parse(created.updated_date));
  });

  it("emits <table>.<op> events after create, update and delete", async () => {
    const events: EntityEvent[] = [];
    const listener = (c: EntityEvent) => events.push(c);
    const unsubscribe = onEntityEvents(app.ctx.events, listener);
    try {
      const me = api(app, member.token);
      const note = (await me.post("/api/entities/notes", { topic: "Ev", content: "c" })).body;
      await me.patch(`/api/entities/notes/${note.id}`, { content: "d" });
      await me.patch(`/api/entities/notes/${note.id}`, { content: "d" }); // no change, no event
      await me.delete(`/api/entities/notes/${note.id}`);
      expect(events.map((e) => [e.table, e.op, e.id])).toEqual([
        ["notes", "create", note.id],
        ["notes", "update", note.id],
        ["notes", "delete", note.id],
      ]);
      expect(events[1].row).toMatchObject({ content: "d" });
      expect(events[1].before).toMatchObject({ content: "c" });
      expect(events[2].before).toMatchObject({ id: note.id });
      await api(app, other.token).delete(`/api/entities/notes/${note.id}`); // refused: no event
      expect(events).toHaveLength(3);
    } finally {
      unsubscribe();
    }
  });

  it("serves the same API under /phpapi", async () => {
    const ch = await makeChannel(app, { name: "php" });
    const res = await api(app, admin.token).get(`/phpapi/entities/channels/${ch.id}`);
    expect(res.body.name).toBe("php");
  });
});
