// approval_requests: requesters see their own, managers and admins all; only managers and
// admins decide (never on their own request); requesters edit or withdraw while pending.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, countRows, makeApproval, type TestApp, type TestUser } from "../../test/harness";

describe.each(ENGINES)("entities: approval requests (%s)", (engine) => {
  let app: TestApp;
  let admin: TestUser;
  let manager: TestUser;
  let requester: TestUser;
  let colleague: TestUser;
  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await makeUser(app, { team_role: "admin" });
    manager = await makeUser(app, { team_role: "manager", full_name: "Mia Manager" });
    requester = await makeUser(app, { full_name: "Rita Requester" });
    colleague = await makeUser(app);
  }, 240_000); // PGlite start-up is slow on a loaded machine
  afterAll(() => app?.stop(), 60_000);

  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

  it("creates a pending request as the caller, whatever the body says", async () => {
    const res = await api(app, requester.token).post(
      "/api/entities/approval_requests",
      new URLSearchParams({
        title: "Conference",
        description: "Two days",
        category: "Budget",
        amount: "450.50",
        status: "approved",
        approver_email: manager.email,
        decision_date: "2020-01-01",
        requested_by_name: "Someone Else",
        created_by: admin.email,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: "pending",
      amount: 450.5,
      created_by: requester.email,
      requested_by_name: "Rita Requester",
      approver_email: null,
      decision_date: null,
    });
    const before = await countRows(app, "approval_requests");
    expect((await api(app, requester.token).post("/api/entities/approval_requests", { title: "x" })).body.error).toBe("Insert failed: description is required");
    expect((await api(app, requester.token).post("/api/entities/approval_requests", { title: "x", description: "y", amount: "lots" })).status).toBe(400);
    expect((await api(app, requester.token).post("/api/entities/approval_requests", { title: "x", description: "y", start_date: "soon" })).status).toBe(400);
    expect(await countRows(app, "approval_requests")).toBe(before);
  });

  it("shows requests to their requester, and all of them to managers and admins", async () => {
    const r = await makeApproval(app, requester.email);
    expect(ids((await api(app, requester.token).get("/api/entities/approval_requests")).body)).toContain(r.id);
    expect(ids((await api(app, manager.token).get("/api/entities/approval_requests?sort=-created_date")).body)).toContain(r.id);
    expect(ids((await api(app, admin.token).get("/api/entities/approval_requests")).body)).toContain(r.id);
    expect(ids((await api(app, colleague.token).get("/api/entities/approval_requests")).body)).not.toContain(r.id);
    expect((await api(app, colleague.token).get(`/api/entities/approval_requests/${r.id}`)).status).toBe(404);
  });

  it("lets a manager decide, recording who and when from the token", async () => {
    const r = await makeApproval(app, requester.email);
    const res = await api(app, manager.token).patch(`/api/entities/approval_requests/${r.id}`, {
      status: "approved",
      approver_comments: "Go ahead",
      approver_email: colleague.email,
      decision_date: "1999-01-01",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "approved", approver_comments: "Go ahead", approver_email: manager.email });
    expect(Date.parse(res.body.decision_date)).toBeGreaterThan(Date.now() - 60_000);
    const r2 = await makeApproval(app, requester.email);
    expect((await api(app, admin.token).patch(`/api/entities/approval_requests/${r2.id}`, { status: "rejected" })).body.approver_email).toBe(admin.email);
  });

  it("never lets a requester or a member decide", async () => {
    const r = await makeApproval(app, requester.email);
    expect((await api(app, requester.token).patch(`/api/entities/approval_requests/${r.id}`, { status: "approved" })).status).toBe(403);
    expect((await api(app, requester.token).patch(`/api/entities/approval_requests/${r.id}`, { approver_comments: "fine by me" })).status).toBe(403);
    expect((await api(app, colleague.token).patch(`/api/entities/approval_requests/${r.id}`, { status: "approved" })).status).toBe(404);
    const own = await makeApproval(app, manager.email);
    expect((await api(app, manager.token).patch(`/api/entities/approval_requests/${own.id}`, { status: "approved" })).status).toBe(403);
    const row = await app.ctx.db.selectFrom("approval_requests").selectAll().where("id", "=", r.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", approver_email: null });
  });

  it("lets the requester edit or withdraw while pending, not after the decision", async () => {
    const r = await makeApproval(app, requester.email);
    const edited = await api(app, requester.token).patch(`/api/entities/approval_requests/${r.id}`, { title: "Better title", amount: "" });
    expect(edited.body).toMatchObject({ title: "Better title", amount: null });
    // A full-object save that repeats the status is an edit, not a decision.
    expect((await api(app, requester.token).patch(`/api/entities/approval_requests/${r.id}`, { ...edited.body, description: "More" })).status).toBe(200);
    expect((await api(app, manager.token).patch(`/api/entities/approval_requests/${r.id}`, { title: "Manager's title" })).status).toBe(403);
    await api(app, manager.token).patch(`/api/entities/approval_requests/${r.id}`, { status: "rejected" });
    expect((await api(app, requester.token).patch(`/api/entities/approval_requests/${r.id}`, { title: "Sneaky" })).status).toBe(403);
    expect((await api(app, requester.token).delete(`/api/entities/approval_requests/${r.id}`)).status).toBe(403);
    const pending = await makeApproval(app, requester.email);
    expect((await api(app, manager.token).delete(`/api/entities/approval_requests/${pending.id}`)).status).toBe(403);
    expect((await api(app, requester.token).delete(`/api/entities/approval_requests/${pending.id}`)).status).toBe(200);
    expect((await api(app, admin.token).delete(`/api/entities/approval_requests/${r.id}`)).status).toBe(200);
  });
});
