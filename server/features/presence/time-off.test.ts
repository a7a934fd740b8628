// Approved Time Off shows its requester as away on the days it covers, and only then.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { addDays, format } from "date-fns";
import { ENGINES, startTestApp, makeUser, makeApproval, api, type TestApp, type TestUser } from "../../test/harness";
import { connect, call, record, until, type ClientSocket } from "../../realtime/test-clients";
import type { PresenceState } from "@shared/realtime";
import { findPresenceRows } from "./repository";

const day = (offset: number) => format(addDays(new Date(), offset), "yyyy-MM-dd");

describe.each(ENGINES)("presence on Time Off (%s)", (engine) => {
  let app: TestApp;
  let off: TestUser, pending: TestUser, other: TestUser, oneDay: TestUser, watcher: TestUser;
  let socket: ClientSocket;
  beforeAll(async () => {
    app = await startTestApp(engine);
    [off, pending, other, oneDay, watcher] = [await makeUser(app), await makeUser(app), await makeUser(app), await makeUser(app), await makeUser(app)];
    await makeApproval(app, off.email, { category: "Time Off", status: "approved", start_date: day(-1), end_date: day(1) });
    await makeApproval(app, pending.email, { category: "Time Off", status: "pending", start_date: day(-1), end_date: day(1) });
    await makeApproval(app, other.email, { category: "Budget", status: "approved", start_date: day(-1), end_date: day(1) });
    await makeApproval(app, other.email, { category: "Time Off", status: "approved", start_date: day(2), end_date: day(4) });
    await makeApproval(app, oneDay.email, { category: "Time Off", status: "approved", start_date: day(0) });
    socket = await connect(app.url, watcher.token);
  }, 240_000);
  afterAll(async () => {
    socket?.close();
    await app?.stop();
  }, 60_000);

  it("counts only approved Time Off covering the day, both ends included", async () => {
    const ids = [off, pending, other, oneDay].map((u) => u.user.id);
    const usersOnTimeOff = async (db: TestApp["ctx"]["db"], userIds: number[], d: string) =>
      new Set((await findPresenceRows(db, userIds, d)).filter((r) => r.on_time_off).map((r) => r.id));
    expect(await usersOnTimeOff(app.ctx.db, ids, day(0))).toEqual(new Set([off.user.id, oneDay.user.id]));
    expect(await usersOnTimeOff(app.ctx.db, ids, day(1))).toEqual(new Set([off.user.id]));
    expect(await usersOnTimeOff(app.ctx.db, ids, day(2))).toEqual(new Set([other.user.id]));
    expect(await usersOnTimeOff(app.ctx.db, ids, day(5))).toEqual(new Set());
  });

  it("shows the user away to subscribers today", async () => {
    const res = await call<PresenceState[]>(socket, "presence.subscribe", { user_ids: [off.user.id, pending.user.id] });
    expect(res.ok).toBe(true);
    const byId = new Map((res.ok ? res.data : []).map((s) => [s.user_id, s.user_status]));
    expect(byId.get(off.user.id)).toBe("away");
    expect(byId.get(pending.user.id)).toBe("online");
  });

  it("pushes away the moment a Time Off covering today is approved", async () => {
    const manager = await makeUser(app, { team_role: "manager" });
    const seen = record<PresenceState>(socket, "presence.update");
    await call(socket, "presence.subscribe", { user_ids: [pending.user.id] });
    const req = await makeApproval(app, pending.email, { category: "Time Off", start_date: day(0), end_date: day(0) });
    await api(app, manager.token).patch(`/api/entities/approval_requests/${req.id}`, { status: "approved" });
    await until(seen, (s) => s.user_id === pending.user.id && s.user_status === "away", 10_000);
  });
});
