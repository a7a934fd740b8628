// The notification centre (docs/notifications.md): a missed call (nobody answered, or the
// caller hung up first) is listed for the person rung, arrives live as an entities.change to
// their own sockets, and only they may mark it read; nobody creates items through the API.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { EntityChange } from "@shared/realtime";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { connect, call, record, until, type ClientSocket } from "../../test/clients";

describe.each(ENGINES)("notification centre (%s)", (engine) => {
  let app: TestApp;
  let a: TestUser, b: TestUser;
  let sa: ClientSocket, sb: ClientSocket;

  beforeAll(async () => {
    app = await startTestApp(engine, { callRingTimeoutMs: 800 }, { NOTIFY_DELAY_MS: "0", NOTIFY_SWEEP_MS: "100" });
    a = await makeUser(app, { full_name: "Alice" });
    b = await makeUser(app, { full_name: "Bob" });
    [sa, sb] = await Promise.all([a, b].map((u) => connect(app.url, u.token)));
  });
  afterAll(async () => {
    sa?.close();
    sb?.close();
    await app?.stop();
  });

  it("lists missed calls live for the person rung, who alone marks them read", async () => {
    const toB = record<EntityChange>(sb, "entities.change");
    const toA = record<EntityChange>(sa, "entities.change");
    // Nobody answers: the call times out.
    const first = await call(sa, "calls.initiate", { target_user_id: b.user.id, call_type: "audio" });
    expect(first.ok).toBe(true);
    const missed = await until(toB, (c) => c.table === "notifications" && c.op === "create", 10_000);
    expect(missed.row).toMatchObject({ kind: "call", title: "Missed call from Alice", link: "/CallHistory", is_read: false, user_id: b.user.id });
    // The caller hangs up before Bob answers: missed too.
    const second = await call(sa, "calls.initiate", { target_user_id: b.user.id, call_type: "video" });
    expect(second.ok).toBe(true);
    if (second.ok) expect((await call(sa, "calls.end", { call_id: second.data.call_id })).ok).toBe(true);
    await until(toB, (c) => c.table === "notifications" && c.op === "create" && c.id !== missed.id, 10_000);
    expect(toA.filter((c) => c.table === "notifications")).toEqual([]);

    const asB = api(app, b.token);
    expect((await asB.get<unknown[]>("/api/entities/notifications")).body).toHaveLength(2);
    // Someone else's item is not found; only is_read is an input; one's own is marked read.
    expect((await api(app, a.token).patch(`/api/entities/notifications/${missed.id}`, { is_read: true })).status).toBe(404);
    expect((await asB.patch(`/api/entities/notifications/${missed.id}`, { title: "changed" })).status).toBe(400);
    expect((await asB.patch(`/api/entities/notifications/${missed.id}`, { is_read: "yes" })).status).toBe(400);
    const read = await asB.patch<{ is_read: boolean }>(`/api/entities/notifications/${missed.id}`, { is_read: true });
    expect(read.status).toBe(200);
    expect(read.body.is_read).toBe(true);
    await until(toB, (c) => c.table === "notifications" && c.op === "update" && c.id === missed.id);
    expect((await asB.post("/api/notifications/read-all")).body).toEqual({ updated: 1 });
    expect((await asB.get<{ is_read: boolean }[]>("/api/entities/notifications")).body.every((n) => n.is_read)).toBe(true);
    // Items are the server's to write.
    expect((await asB.post("/api/entities/notifications", { is_read: false })).status).toBe(403);
  }, 30_000);

  it("lists approval requests for managers, decisions for the requester and files shared, never one's own", async () => {
    const manager = await makeUser(app, { full_name: "Mona Manager", team_role: "manager" });
    const items = async (u: TestUser) => (await api(app, u.token).get<{ kind: string; title: string; body: string }[]>("/api/entities/notifications")).body;
    const asB = api(app, b.token);
    const req = await asB.post<{ id: number }>("/api/entities/approval_requests", { title: "Leave", description: "Two days", category: "Time Off", start_date: "2026-12-01", end_date: "2026-12-02" });
    expect(req.status).toBe(201);
    const wait = async (u: TestUser, pred: (n: { kind: string; title: string; body: string }) => boolean) => {
      const end = Date.now() + 10_000;
      while (Date.now() < end) {
        const found = (await items(u)).find(pred);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error("no such item");
    };
    expect(await wait(manager, (n) => n.kind === "approval")).toMatchObject({ title: "Approval requested", body: "Bob: Leave" });
    expect((await api(app, manager.token).patch(`/api/entities/approval_requests/${req.body.id}`, { status: "approved" })).status).toBe(200);
    expect(await wait(b, (n) => n.kind === "approval")).toMatchObject({ title: "Your request was approved", body: "Leave" });
    // The manager's own decision is not news to the manager.
    expect((await items(manager)).filter((n) => n.kind === "approval")).toHaveLength(1);

    const file = await api(app, manager.token).post("/api/entities/shared_files", { name: "plan.pdf", shared_with_emails: [a.email, manager.email], file_size: 12 });
    expect(file.status).toBe(201);
    expect(await wait(a, (n) => n.kind === "file")).toMatchObject({ title: "A file was shared with you", body: "plan.pdf" });
    expect((await items(manager)).filter((n) => n.kind === "file")).toEqual([]);
  }, 30_000);
});
