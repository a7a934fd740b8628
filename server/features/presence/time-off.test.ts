// Approved Time Off shows its requester as away on the days it covers, and only then: from the
// day it starts, with nobody acting, and one node telling the subscribers.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { addDays, format } from "date-fns";
import { sql } from "kysely";
import { ENGINES, startTestApp, makeUser, makeApproval, api, type TestApp, type TestUser } from "../../test/harness";
import { connect, call, record, until, type ClientSocket } from "../../test/clients";
import type { PresenceState } from "@shared/realtime";
import { claimTimeOffDay, findPresenceRows } from "./repository";
import { localDay } from "./time-off";

const day = (offset: number) => format(addDays(new Date(), offset), "yyyy-MM-dd");

describe.each(ENGINES)("presence on Time Off (%s)", (engine) => {
  let app: TestApp;
  let off: TestUser, pending: TestUser, other: TestUser, oneDay: TestUser, watcher: TestUser;
  let socket: ClientSocket;
  beforeAll(async () => {
    // A short grace period: presence looks for the turn of the day once per grace period.
    app = await startTestApp(engine, { presenceGraceMs: 400 });
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

  // What the day's turn looks like to the server: a Time Off approved long ago now covers today
  // (here: a row written straight to the database, so no event announces it), and the last day
  // presence turned is yesterday. The subscriber hears "away" from the running server alone.
  it("turns a person away when their Time Off starts, and back when it has ended, without anyone acting", async () => {
    const [starting, ending] = [await makeUser(app), await makeUser(app)];
    const seen = record<PresenceState>(socket, "presence.update");
    const first = await call<PresenceState[]>(socket, "presence.subscribe", { user_ids: [starting.user.id] });
    expect(first.ok && first.data[0].user_status).toBe("online");
    await makeApproval(app, starting.email, { category: "Time Off", status: "approved", start_date: day(0), end_date: day(3) });
    const endingOff = await makeApproval(app, ending.email, { category: "Time Off", status: "approved", start_date: day(-3), end_date: day(0) });
    const second = await call<PresenceState[]>(socket, "presence.subscribe", { user_ids: [ending.user.id] });
    expect(second.ok && second.data[0].user_status).toBe("away");
    // ...and the Time Off that covered yesterday and today now ended yesterday.
    await app.ctx.db.updateTable("approval_requests").set({ end_date: day(-1) }).where("id", "=", endingOff.id).execute();
    await sql`update app_settings set value = to_jsonb(${day(-1)}::text) where key = 'time_off_presence_day'`.execute(app.ctx.db);
    await until(seen, (s) => s.user_id === starting.user.id && s.user_status === "away", 10_000);
    await until(seen, (s) => s.user_id === ending.user.id && s.user_status === "online", 10_000);
  });

  it("gives each day's turn to one caller however many nodes ask at once", async () => {
    const tomorrow = day(1);
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimTimeOffDay(app.ctx.db, tomorrow)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimTimeOffDay(app.ctx.db, tomorrow)).toBe(false);
    // An earlier day never takes the turn back.
    expect(await claimTimeOffDay(app.ctx.db, localDay())).toBe(false);
  });
});
