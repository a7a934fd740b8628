// Claiming jobs (./repository.ts, ./worker.ts): a ringing call queued behind an @channel's
// thousand pushes is claimed first, so it rings now rather than after them.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, type TestApp } from "../../test/harness";
import { claimJobs } from "./repository";

describe.each(ENGINES)("claiming notification jobs (%s)", (engine) => {
  let app: TestApp;
  let userId: number;

  beforeAll(async () => {
    // The worker stays idle (a sweep every ten minutes): the test claims by hand.
    app = await startTestApp(engine, {}, { NOTIFY_SWEEP_MS: "600000" });
    userId = (await makeUser(app, { full_name: "Rae Ring" })).user.id;
  });
  afterAll(() => app?.stop());

  it("claims due urgent kinds before older jobs of other kinds, each job once", async () => {
    const long = new Date(Date.now() - 60_000);
    await app.ctx.db
      .insertInto("notification_jobs")
      .values(Array.from({ length: 150 }, (_, i) => ({ kind: "message", user_id: userId, payload: { i }, next_attempt_at: long })))
      .execute();
    const ring = await app.ctx.db
      .insertInto("notification_jobs")
      .values({ kind: "call_ring", user_id: userId, payload: { call: 1 }, next_attempt_at: new Date(Date.now() - 1000) })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Without the kinds, the oldest come first and the ring waits.
    const urgent = await claimJobs(app.ctx.db, 100, 60_000, ["call_ring", "call_withdraw"]);
    expect(urgent.map((j) => j.id)).toEqual([ring.id]);
    const rest = await claimJobs(app.ctx.db, 100, 60_000);
    expect(rest).toHaveLength(100);
    expect(rest.every((j) => j.kind === "message")).toBe(true);
    const last = await claimJobs(app.ctx.db, 100, 60_000);
    expect(last).toHaveLength(50);
    // Leased: nothing is due any more.
    expect(await claimJobs(app.ctx.db, 100, 60_000)).toHaveLength(0);
  });
});
