// tasks: visible to assignees, creator, managers and admins; tasks from chat messages only
// in the documented triage channels and only by managers and admins; one task per message.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, countRows, makeChannel, makeMessage, makeTask, type TestApp, type TestUser } from "../../test/harness";

describe.each(ENGINES)("entities: tasks (%s)", (engine) => {
  let app: TestApp;
  let admin: TestUser;
  let manager: TestUser;
  let creator: TestUser;
  let assignee: TestUser;
  let stranger: TestUser;
  let task: any, bugs: any, general: any, secret: any;
  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await makeUser(app, { role: "admin" });
    manager = await makeUser(app, { team_role: "manager" });
    creator = await makeUser(app);
    assignee = await makeUser(app);
    stranger = await makeUser(app);
    task = await makeTask(app, { title: "Shared", created_by: creator.email, assignee_email: creator.email, assignee_emails: [creator.email, assignee.email] });
    bugs = await makeChannel(app, { name: "vr-bugs" });
    general = await makeChannel(app, { name: "general" });
    secret = await makeChannel(app, { name: "vr-ideas", type: "private", members: [admin.email] });
  }, 240_000); // PGlite start-up is slow on a loaded machine
  afterAll(() => app?.stop(), 60_000);

  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

  it("shows a task to its assignees, creator, managers and admins only", async () => {
    for (const u of [admin, manager, creator, assignee]) {
      expect(ids((await api(app, u.token).get("/api/entities/tasks")).body)).toContain(task.id);
      expect((await api(app, u.token).get(`/api/entities/tasks/${task.id}`)).status).toBe(200);
    }
    expect(ids((await api(app, stranger.token).get("/api/entities/tasks")).body)).not.toContain(task.id);
    expect((await api(app, stranger.token).get(`/api/entities/tasks/${task.id}`)).status).toBe(404);
    const where = encodeURIComponent("assignee_email = 'x' OR 1 = 1");
    expect((await api(app, stranger.token).get(`/api/entities/tasks?where=${where}`)).status).toBe(400);
  });

  it("creates a task as the caller, defaulting the assignees", async () => {
    const me = api(app, stranger.token);
    const own = await me.post("/api/entities/tasks", { title: "Mine", created_by: admin.email });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ created_by: stranger.email, assignee_email: stranger.email, assignee_emails: [stranger.email], status: "todo", priority: "medium" });
    const many = await me.post(
      "/api/entities/tasks",
      new URLSearchParams({ title: "Many", assignee_emails: `${assignee.email}, ${creator.email.toUpperCase()}, `, due_date: "2031-02-03" }),
    );
    expect(many.body).toMatchObject({ assignee_email: assignee.email, assignee_emails: [assignee.email, creator.email], due_date: "2031-02-03" });
    const single = await me.post("/api/entities/tasks", { title: "One", assignee_email: assignee.email });
    expect(single.body.assignee_emails).toEqual([assignee.email]);
    expect(ids((await api(app, assignee.token).get("/api/entities/tasks")).body)).toEqual(expect.arrayContaining([many.body.id, single.body.id]));
  });

  it("refuses invalid tasks, writing nothing", async () => {
    const before = await countRows(app, "tasks");
    const me = api(app, stranger.token);
    expect((await me.post("/api/entities/tasks", { title: "  " })).body.error).toBe("Insert failed: title: Title is required.");
    expect((await me.post("/api/entities/tasks", { title: "x", status: "blocked" })).status).toBe(400);
    expect((await me.post("/api/entities/tasks", { title: "x", due_date: "2031-02-30" })).status).toBe(400);
    expect((await me.post("/api/entities/tasks", { title: "x", assignee_emails: "not an email" })).status).toBe(400);
    expect((await me.post("/api/entities/tasks", { title: "x", assignee_emails: [{ a: 1 }] })).status).toBe(400);
    expect((await me.post("/api/entities/tasks", { title: "x", source_message_id: "abc" })).status).toBe(400);
    expect(await countRows(app, "tasks")).toBe(before);
  });

  it("lets managers and admins make a task from a message in the triage channels", async () => {
    const msg = await makeMessage(app, bugs.id, creator, { content: "It crashes" });
    const res = await api(app, manager.token).post("/api/entities/tasks", {
      title: "Crash",
      assignee_emails: [assignee.email],
      assignee_email: assignee.email,
      source_message_id: msg.id,
      source_channel_id: general.id,
      status: "todo",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ source_message_id: msg.id, source_channel_id: bugs.id, created_by: manager.email });
    const found = await api(app, manager.token).get(`/api/entities/tasks?where=${encodeURIComponent(JSON.stringify({ source_message_id: msg.id }))}`);
    expect(ids(found.body)).toEqual([res.body.id]);
    // One task per message: a second one is a conflict, not a duplicate.
    const again = await api(app, admin.token).post("/api/entities/tasks", { title: "Again", source_message_id: msg.id });
    expect(again).toMatchObject({ status: 409, body: { error: "Insert failed: a task already exists for this message" } });
    // Reassigning keeps the task and its status.
    await api(app, manager.token).patch(`/api/entities/tasks/${res.body.id}`, { status: "in_progress" });
    const re = await api(app, manager.token).patch(`/api/entities/tasks/${res.body.id}`, { ...res.body, assignee_emails: [stranger.email], status: undefined });
    expect(re.body).toMatchObject({ assignee_emails: [stranger.email], assignee_email: stranger.email, status: "in_progress" });
  });

  it("refuses a task from a message to members, outside the triage channels and for unreadable messages", async () => {
    const before = await countRows(app, "tasks");
    const inBugs = await makeMessage(app, bugs.id, creator);
    const inGeneral = await makeMessage(app, general.id, creator);
    const inSecret = await makeMessage(app, secret.id, admin);
    expect((await api(app, creator.token).post("/api/entities/tasks", { title: "x", source_message_id: inBugs.id })).status).toBe(403);
    expect((await api(app, admin.token).post("/api/entities/tasks", { title: "x", source_message_id: inGeneral.id })).status).toBe(403);
    expect((await api(app, manager.token).post("/api/entities/tasks", { title: "x", source_message_id: inSecret.id })).status).toBe(404);
    expect((await api(app, manager.token).post("/api/entities/tasks", { title: "x", source_message_id: 999999 })).status).toBe(404);
    expect(await countRows(app, "tasks")).toBe(before);
    expect((await api(app, admin.token).post("/api/entities/tasks", { title: "x", source_message_id: inSecret.id })).status).toBe(201);
  });

  it("lets assignees, creator, managers and admins change and delete; others get 404", async () => {
    const t = await makeTask(app, { title: "Edit me", created_by: creator.email, assignee_email: assignee.email, assignee_emails: [assignee.email] });
    expect((await api(app, assignee.token).patch(`/api/entities/tasks/${t.id}`, { status: "done", outcome: "fixed" })).body).toMatchObject({ status: "done", outcome: "fixed" });
    expect((await api(app, creator.token).patch(`/api/entities/tasks/${t.id}`, { priority: "high", description: "" })).body).toMatchObject({ priority: "high", description: null });
    expect((await api(app, manager.token).patch(`/api/entities/tasks/${t.id}`, { due_date: "" })).body.due_date).toBeNull();
    expect((await api(app, stranger.token).patch(`/api/entities/tasks/${t.id}`, { status: "todo" })).status).toBe(404);
    expect((await api(app, stranger.token).delete(`/api/entities/tasks/${t.id}`)).status).toBe(404);
    expect((await api(app, assignee.token).patch(`/api/entities/tasks/${t.id}`, { assignee_emails: "[]" })).body.error).toBe(
      "Update failed: At least one assignee is required.",
    );
    expect((await api(app, assignee.token).patch(`/api/entities/tasks/${t.id}`, { source_message_id: 1 })).body.error).toBe(
      "Update failed: source_message_id cannot be changed",
    );
    const moved = await api(app, creator.token).patch(`/api/entities/tasks/${t.id}`, { assignee_emails: [stranger.email, assignee.email] });
    expect(moved.body.assignee_email).toBe(stranger.email);
    expect((await api(app, stranger.token).get(`/api/entities/tasks/${t.id}`)).status).toBe(200);
    expect((await api(app, admin.token).delete(`/api/entities/tasks/${t.id}`)).status).toBe(200);
    const t2 = await makeTask(app, { created_by: creator.email, assignee_emails: [assignee.email] });
    expect((await api(app, assignee.token).delete(`/api/entities/tasks/${t2.id}`)).status).toBe(200);
  });

  it("answers the documented task queries", async () => {
    const me = assignee.email;
    const where = `(assignee_email = '${me}' OR JSON_CONTAINS(assignee_emails, '"${me}"')) AND due_date IS NOT NULL`;
    const res = await api(app, assignee.token).get(`/api/entities/tasks?where=${encodeURIComponent(where)}&sort=-due_date`);
    expect(res.status).toBe(200);
    for (const t of res.body) expect(t.due_date).not.toBeNull();
  });

  it("keeps a board position, orders by it and refuses a position that is not a number", async () => {
    const me = api(app, creator.token);
    const a = (await me.post("/api/entities/tasks", { title: "Pos A", position: 2 })).body;
    const b = (await me.post("/api/entities/tasks", { title: "Pos B", position: 1.5 })).body;
    expect(a.position).toBe(2);
    expect((await me.patch(`/api/entities/tasks/${a.id}`, { position: 1.25 })).body.position).toBe(1.25);
    const list = await me.get(`/api/entities/tasks?where=${encodeURIComponent(JSON.stringify({ id: { in: [a.id, b.id] } }))}&sort=position`);
    expect(list.body.map((t: { id: number }) => t.id)).toEqual([a.id, b.id]);
    const bad = await me.patch(`/api/entities/tasks/${a.id}`, { position: "left" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("position");
  });
});
