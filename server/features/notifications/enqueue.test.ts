// Queuing from the change feed (./enqueue.ts; docs/architecture.md, "Side effects"): records carry
// no `before` row, so "newly assigned", "newly shared" and "decided" rest on the jobs' idempotency
// keys. A task's later edits queue nothing for those already told, a person added later is told
// once, the creator assigning themself is not told, a decision is told once, and the same records
// handled twice (a dead letter retried) queue nothing more.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { notificationConsumer } from "./enqueue";

describe.each(ENGINES)("notification jobs from the change feed (%s)", (engine) => {
  let app: TestApp;
  let ann: TestUser, ben: TestUser, cleo: TestUser, mona: TestUser;

  beforeAll(async () => {
    // A long delay: jobs stay pending, so only what was queued is looked at.
    app = await startTestApp(engine, {}, { NOTIFY_DELAY_MS: "600000" });
    ann = await makeUser(app, { full_name: "Ann Lee" });
    ben = await makeUser(app, { full_name: "Ben Ode" });
    cleo = await makeUser(app, { full_name: "Cleo Park" });
    mona = await makeUser(app, { full_name: "Mona Manager", team_role: "manager" });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const jobs = async (kind: string) => {
    await app.ctx.consumers!.drain();
    return (await app.ctx.db.selectFrom("notification_jobs").select(["user_id", "key", "status", "outcome"]).where("kind", "=", kind).orderBy("id").execute()).map((j) => ({ ...j, user_id: Number(j.user_id) }));
  };

  it("tells a task's assignees once, a later assignee once, and not the creator who assigned themself", async () => {
    const t = await api(app, ann.token).post<{ id: number }>("/api/entities/tasks", { title: "Ship it", assignee_emails: [ann.email, ben.email] });
    expect(t.status).toBe(201);
    expect(await jobs("task")).toEqual([
      { user_id: ann.user.id, key: `task:${t.body.id}:${ann.user.id}`, status: "skipped", outcome: "own doing" },
      { user_id: ben.user.id, key: `task:${t.body.id}:${ben.user.id}`, status: "pending", outcome: null },
    ]);
    expect((await api(app, ann.token).patch(`/api/entities/tasks/${t.body.id}`, { title: "Ship it today" })).status).toBe(200);
    expect(await jobs("task")).toHaveLength(2);
    expect((await api(app, ann.token).patch(`/api/entities/tasks/${t.body.id}`, { assignee_emails: [ann.email, ben.email, cleo.email] })).status).toBe(200);
    const after = await jobs("task");
    expect(after).toHaveLength(3);
    expect(after[2]).toMatchObject({ user_id: cleo.user.id, key: `task:${t.body.id}:${cleo.user.id}`, status: "pending" });
  });

  it("tells an approval request to the staff and its decision to the requester once", async () => {
    const req = await api(app, ben.token).post<{ id: number }>("/api/entities/approval_requests", { title: "Leave", description: "Two days", category: "Time Off", start_date: "2026-12-01", end_date: "2026-12-02" });
    expect(req.status).toBe(201);
    const asked = await jobs("approval");
    expect(asked.map((j) => j.key)).toContain(`approval:${req.body.id}:requested:${mona.user.id}`);
    expect(asked.some((j) => j.user_id === ben.user.id)).toBe(false);
    expect((await api(app, mona.token).patch(`/api/entities/approval_requests/${req.body.id}`, { status: "approved" })).status).toBe(200);
    // Another record naming the decided request (a decided request takes no edits, so handed over here).
    await app.ctx.db.transaction().execute((trx) => notificationConsumer(app.ctx, () => {}).handle(trx, [{ seq: 1, tx: "0", tbl: "approval_requests", op: "update", row_id: req.body.id }]));
    const decided = (await jobs("approval")).filter((j) => j.user_id === ben.user.id);
    expect(decided).toEqual([{ user_id: ben.user.id, key: `approval:${req.body.id}:approved:${ben.user.id}`, status: "pending", outcome: null }]);
  });

  it("queues nothing more when the same records are handled again", async () => {
    const dm = await api(app, ann.token).post<{ id: number }>("/api/channels/dm", { user_id: ben.user.id });
    const m = await api(app, ann.token).post<{ id: number }>("/api/entities/messages", { channel_id: dm.body.id, content: "hello" });
    const file = await api(app, mona.token).post<{ id: number }>("/api/entities/shared_files", { name: "plan.pdf", shared_with_emails: [cleo.email], file_size: 12 });
    const before = [...(await jobs("message")), ...(await jobs("file"))];
    expect(before.map((j) => j.key)).toEqual([`message:${m.body.id}:${ben.user.id}`, `file:${file.body.id}:${cleo.user.id}`]);
    const again = notificationConsumer(app.ctx, () => {});
    await app.ctx.db.transaction().execute((trx) =>
      again.handle(trx, [
        { seq: 1, tx: "0", tbl: "messages", op: "create", row_id: m.body.id },
        { seq: 2, tx: "0", tbl: "shared_files", op: "update", row_id: file.body.id },
      ]),
    );
    expect([...(await jobs("message")), ...(await jobs("file"))]).toEqual(before);
  });
});
