// The notification centre (README, "Notifications"): a missed call (nobody answered, or the
// caller hung up first) is listed for the person rung, arrives live as an entities.change to
// their own sockets, and only they may mark it read; nobody creates items through the API.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { EntityChange } from "@shared/realtime";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { connect, call, record, until, type ClientSocket } from "../../realtime/test-clients";

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
});
