import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { sql } from "kysely";
import { ENGINES, startTestApp, makeUser, makeChannel, type TestApp, type TestUser } from "../test/harness";
import { channelReadableBy } from "../features/chat/channels.policy";
import { loadSocketSessions } from "./repository";

describe.each(ENGINES)("handshake lookups (%s)", (engine) => {
  let app: TestApp;
  let a: TestUser, b: TestUser, mixed: TestUser, loner: TestUser;
  const sidOf = async (u: TestUser) =>
    (await app.ctx.db.selectFrom("sessions").select("id").where("user_id", "=", u.user.id).orderBy("created_at", "desc").executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    app = await startTestApp(engine);
    a = await makeUser(app);
    b = await makeUser(app);
    loner = await makeUser(app);
    // An address stored with capitals; channel member lists hold addresses lower-cased.
    mixed = await makeUser(app, { email: `Mixed.Case.${engine}@Example.test` });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  it("answers a whole batch with each user's readable channels, as the read rule decides them one by one", async () => {
    const pub = await makeChannel(app, { type: "public" });
    const ab = await makeChannel(app, { type: "private", members: [a.email, b.email] });
    const dm = await makeChannel(app, { type: "dm", members: [b.email, mixed.email.toLowerCase()] });
    const big = await makeChannel(app, { type: "private", members: [...Array.from({ length: 300 }, (_, i) => `other${i}@example.test`), mixed.email.toLowerCase()] });
    const none = await makeChannel(app, { type: "private", members: ["nobody@example.test"] });
    const made = new Set<number>([pub.id, ab.id, dm.id, big.id, none.id]);

    const users = [a, b, mixed, loner];
    const sids = await Promise.all(users.map(sidOf));
    const found = await loadSocketSessions(app.ctx.db, [...sids, "00000000-0000-4000-8000-000000000000"]);
    expect(found.size).toBe(4);

    const want = (ids: number[]) => [...ids].sort((x, y) => x - y);
    const channelsOf = (i: number) => found.get(sids[i]!)!.channelIds.filter((id) => made.has(id));
    expect(channelsOf(0)).toEqual(want([pub.id, ab.id]));
    expect(channelsOf(1)).toEqual(want([pub.id, ab.id, dm.id]));
    expect(channelsOf(2)).toEqual(want([pub.id, dm.id, big.id]));
    expect(channelsOf(3)).toEqual(want([pub.id]));

    // The same answer as the read rule in SQL, user by user, over every channel there is.
    for (const [i, u] of users.entries()) {
      const rows = await app.ctx.db
        .selectFrom("channels")
        .select("id")
        .where(channelReadableBy(sql<string>`${u.email}`))
        .orderBy("id")
        .execute();
      expect(found.get(sids[i]!)!.channelIds).toEqual(rows.map((r) => r.id));
      expect(found.get(sids[i]!)!.user.id).toBe(u.user.id);
    }
  });

  it("leaves out revoked sessions and deactivated accounts", async () => {
    const gone = await makeUser(app);
    const off = await makeUser(app);
    const [sGone, sOff, sA] = await Promise.all([sidOf(gone), sidOf(off), sidOf(a)]);
    await app.ctx.db.updateTable("sessions").set({ revoked_at: new Date() }).where("id", "=", sGone).execute();
    await app.ctx.db.updateTable("users").set({ is_active: false }).where("id", "=", off.user.id).execute();
    const found = await loadSocketSessions(app.ctx.db, [sGone, sOff, sA]);
    expect([...found.keys()]).toEqual([sA]);
  });
});
