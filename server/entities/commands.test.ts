// The entity commands over the socket are REST's /entities commands: the same rows, the same
// refusals in the same words, the same change pushed to readers.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { EntityChange } from "@shared/realtime";
import { ENGINES, startTestApp, makeUser, api, countRows, type TestApp, type TestUser } from "../test/harness";
import { call, connect, record, until, type ClientSocket } from "../test/clients";

describe.each(ENGINES)("entity commands over the socket (%s)", (engine) => {
  let app: TestApp;
  let owner: TestUser, assignee: TestUser, outsider: TestUser;
  let so: ClientSocket, sa: ClientSocket, sx: ClientSocket;

  beforeAll(async () => {
    app = await startTestApp(engine);
    [owner, assignee, outsider] = [await makeUser(app), await makeUser(app), await makeUser(app)];
    [so, sa, sx] = await Promise.all([owner, assignee, outsider].map((u) => connect(app.url, u.token)));
  }, 180_000);
  afterAll(async () => {
    for (const s of [so, sa, sx]) s?.close();
    await app?.stop();
  });

  it("creates, updates and deletes like REST, and readers get the change", async () => {
    const seen = record<EntityChange>(sa, "entities.change");
    const created = await call(so, "tasks.create", { title: "Over the socket", assignee_emails: [assignee.email] });
    if (!created.ok) throw new Error(created.error);
    const id = created.data.id as number;
    expect(created.data).toEqual((await api(app, owner.token).get(`/api/entities/tasks/${id}`)).body);
    await until(seen, (c) => c.table === "tasks" && c.id === id && c.op === "create");

    const updated = await call(so, "tasks.update", { id, status: "done" });
    expect(updated).toMatchObject({ ok: true, data: { id, status: "done" } });
    await until(seen, (c) => c.table === "tasks" && c.id === id && c.op === "update" && c.row?.status === "done");

    expect(await call(so, "tasks.delete", { id })).toEqual({ ok: true, data: { ok: true, id } });
    await until(seen, (c) => c.table === "tasks" && c.id === id && c.op === "delete");
  });

  it("refuses in REST's words and writes nothing", async () => {
    const before = await countRows(app, "tasks");
    const bad = await call(so, "tasks.create", { title: "" });
    const rest = await api(app, owner.token).post("/api/entities/tasks", { title: "" });
    expect(bad).toEqual({ ok: false, error: rest.body.error });
    const task = await call(so, "tasks.create", { title: "Mine", assignee_emails: [owner.email] });
    if (!task.ok) throw new Error(task.error);
    // Someone who may not read it is told it is not there, as REST says 404.
    const hidden = await call(sx, "tasks.update", { id: task.data.id, title: "Theirs now" });
    expect(hidden).toEqual({ ok: false, error: (await api(app, outsider.token).patch(`/api/entities/tasks/${task.data.id}`, { title: "x" })).body.error });
    expect(await call(sx, "tasks.delete", { id: "abc" })).toMatchObject({ ok: false, error: expect.stringMatching(/^id: /) });
    expect(await countRows(app, "tasks")).toBe(before + 1);
  });
});
