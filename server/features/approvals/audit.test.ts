// The approvals audit trail: every create, edit, decision and withdrawal, with who and when,
// readable by the requester, managers and admins, and kept after a withdrawal.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";

describe.each(ENGINES)("approvals audit trail (%s)", (engine) => {
  let app: TestApp;
  let manager: TestUser;
  let requester: TestUser;
  let colleague: TestUser;
  beforeAll(async () => {
    app = await startTestApp(engine);
    manager = await makeUser(app, { team_role: "manager", full_name: "Mia Manager" });
    requester = await makeUser(app, { full_name: "Rita Requester" });
    colleague = await makeUser(app);
  }, 240_000);
  afterAll(() => app?.stop(), 60_000);

  const trail = (u: TestUser, id: number) => api(app, u.token).get(`/api/approvals/${id}/audit`);

  it("records create, edit and decision with who, what and when", async () => {
    const created = await api(app, requester.token).post("/api/entities/approval_requests", { title: "Holiday", description: "Beach", category: "Time Off", start_date: "2026-12-01", end_date: "2026-12-05" });
    const id = created.body.id as number;
    await api(app, requester.token).patch(`/api/entities/approval_requests/${id}`, { end_date: "2026-12-04", title: "Holiday!" });
    // A save that changes nothing leaves no entry.
    await api(app, requester.token).patch(`/api/entities/approval_requests/${id}`, { title: "Holiday!" });
    await api(app, manager.token).patch(`/api/entities/approval_requests/${id}`, { status: "rejected", approver_comments: "Busy week" });
    const res = await trail(requester, id);
    expect(res.status).toBe(200);
    expect(res.body.map((e: any) => [e.action, e.actor_email, e.actor_name, e.fields, e.comment])).toEqual([
      ["created", requester.email, "Rita Requester", [], null],
      ["edited", requester.email, "Rita Requester", ["title", "end_date"], null],
      ["rejected", manager.email, "Mia Manager", [], "Busy week"],
    ]);
    expect(Date.parse(res.body[2].created_date)).toBeGreaterThan(Date.now() - 120_000);
    expect((await trail(manager, id)).body).toHaveLength(3);
    expect((await trail(colleague, id)).status).toBe(404);
    expect((await api(app).get(`/api/approvals/${id}/audit`)).status).toBe(401);
    expect((await api(app, requester.token).get(`/api/approvals/abc/audit`)).status).toBe(400);
    // Decided once: a second decision is refused and leaves no entry.
    const again = await api(app, manager.token).patch(`/api/entities/approval_requests/${id}`, { status: "approved" });
    expect(again.status).toBe(403);
    expect(again.body.error).toBe("Only pending requests can be approved or rejected");
    expect((await trail(manager, id)).body).toHaveLength(3);
  });

  it("keeps the trail of a withdrawn request and writes nothing for a refused write", async () => {
    const created = await api(app, requester.token).post("/api/entities/approval_requests", { title: "Laptop", description: "Old one broke", category: "Purchase", amount: 999.99 });
    const id = created.body.id as number;
    expect((await api(app, requester.token).patch(`/api/entities/approval_requests/${id}`, { status: "approved" })).status).toBe(403);
    expect((await api(app, requester.token).delete(`/api/entities/approval_requests/${id}`)).status).toBe(200);
    expect((await api(app, requester.token).get(`/api/entities/approval_requests/${id}`)).status).toBe(404);
    const res = await trail(requester, id);
    expect(res.body.map((e: any) => e.action)).toEqual(["created", "withdrawn"]);
  });
});
