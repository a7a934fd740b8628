// A channel's people: who adds and removes them, leaving, and direct messages (one per pair, even
// when both people open it at the same moment), over REST and as the sockets see it.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { sql, type Kysely } from "kysely";
import type { EntityChange } from "@shared/realtime";
import { ENGINES, startTestApp, makeUser, api, makeChannel, makeMessage, makeTask, type TestApp, type TestUser } from "../../test/harness";
import { connect, record, until, type ClientSocket } from "../../test/clients";
import { up as dmPairsMigration } from "../../../migrations/202611231300_dm_pairs";
import { DM_PAIR_REFUSED } from "./channels.policy";

describe.each(ENGINES)("channels: members, leaving and direct messages (%s)", (engine) => {
  let app: TestApp;
  let admin: TestUser, owner: TestUser, friend: TestUser, outsider: TestUser;
  let system: { id: number };
  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await makeUser(app, { role: "admin", team_role: "admin", full_name: "Ada Admin" });
    owner = await makeUser(app, { full_name: "Olive Owner" });
    friend = await makeUser(app, { full_name: "Fred Friend" });
    outsider = await makeUser(app, { full_name: "Otto Outsider" });
    system = await makeChannel(app, { name: "general", is_system: true, members: [owner.email, friend.email] });
  }, 240_000); // PGlite start-up is slow on a loaded machine
  afterAll(() => app?.stop(), 60_000);

  const channel = (u: TestUser, id: number) => api(app, u.token).get(`/api/entities/channels/${id}`);
  const setMembers = (u: TestUser, id: number, members: string[]) => api(app, u.token).patch(`/api/entities/channels/${id}`, { members });

  it("lets members add and remove people of a private channel; nobody else can", async () => {
    const made = await api(app, owner.token).post("/api/entities/channels", { name: "project-x", type: "private", members: [friend.email] });
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    expect(made.body.members).toEqual([friend.email, owner.email]);
    expect((await channel(outsider, id)).status).toBe(404);
    // An outsider cannot add themselves: the channel does not exist for them.
    expect((await setMembers(outsider, id, [friend.email, owner.email, outsider.email])).status).toBe(404);
    // A member adds them, and they can read it.
    expect((await setMembers(friend, id, [friend.email, owner.email, outsider.email])).status).toBe(200);
    expect((await channel(outsider, id)).status).toBe(200);
    // A member removes someone, who loses it.
    expect((await setMembers(owner, id, [friend.email, owner.email])).body.members).toEqual([friend.email, owner.email]);
    expect((await channel(outsider, id)).status).toBe(404);
    // Someone who is not a member of a public channel changes only their own place in it.
    const pub = await makeChannel(app, { name: "open-x", members: [owner.email] });
    expect((await setMembers(outsider, pub.id, [owner.email, friend.email])).status).toBe(403);
    expect((await setMembers(outsider, pub.id, [])).status).toBe(403);
  });

  it("lets anyone leave a public or private channel, but not a system one", async () => {
    const priv = await makeChannel(app, { name: "leavers", type: "private", members: [owner.email, friend.email], created_by: owner.email });
    expect((await setMembers(friend, priv.id, [owner.email])).status).toBe(200);
    expect((await channel(friend, priv.id)).status).toBe(404);

    const pub = await makeChannel(app, { name: "drop-in", members: [owner.email, friend.email] });
    expect((await setMembers(friend, pub.id, [owner.email])).body.members).toEqual([owner.email]);
    expect((await channel(friend, pub.id)).status).toBe(200); // still public
    expect((await setMembers(friend, pub.id, [owner.email, friend.email])).body.members).toEqual([owner.email, friend.email]);

    expect((await setMembers(friend, system.id, [owner.email])).status).toBe(403);
    expect((await channel(friend, system.id)).body.members).toEqual([owner.email, friend.email]);
  });

  it("keeps a dm's two people: nobody adds, removes or leaves, and no channel becomes a dm", async () => {
    const dm = (await api(app, admin.token).post("/api/channels/dm", { user_id: friend.user.id })).body;
    expect(dm).toMatchObject({ type: "dm", members: [friend.email, admin.email] });
    expect((await setMembers(admin, dm.id, [friend.email, admin.email, owner.email])).status).toBe(403);
    expect((await setMembers(friend, dm.id, [admin.email])).status).toBe(403);
    expect((await api(app, admin.token).patch(`/api/entities/channels/${dm.id}`, { type: "private" })).status).toBe(403);
    expect((await channel(owner, dm.id)).status).toBe(404);
    // Its name is theirs to change.
    expect((await api(app, friend.token).patch(`/api/entities/channels/${dm.id}`, { name: "us two" })).status).toBe(200);

    const priv = await makeChannel(app, { name: "two-of-us", type: "private", members: [owner.email, outsider.email] });
    expect((await api(app, admin.token).patch(`/api/entities/channels/${priv.id}`, { type: "dm" })).status).toBe(404); // not a member
    expect((await api(app, owner.token).patch(`/api/entities/channels/${priv.id}`, { type: "dm" })).status).toBe(403);
    const ownPriv = await makeChannel(app, { name: "admin-pair", type: "private", members: [admin.email, outsider.email] });
    expect((await api(app, admin.token).patch(`/api/entities/channels/${ownPriv.id}`, { type: "dm" })).status).toBe(403);
  });

  it("makes a dm through the Entity API only between the creator and one other person, once", async () => {
    const post = (u: TestUser, body: object) => api(app, u.token).post("/api/entities/channels", { name: "dm", type: "dm", ...body });
    for (const members of [[], [owner.email], [friend.email, outsider.email]]) {
      const res = await post(owner, { members });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(DM_PAIR_REFUSED);
    }
    // An admin does not make a dm for two other people either.
    expect((await post(admin, { members: [owner.email, outsider.email] })).status).toBe(403);
    const first = await post(owner, { members: [outsider.email] });
    expect(first.status).toBe(201);
    const again = await post(outsider, { members: [owner.email.toUpperCase()] });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("Insert failed: a direct message between these people already exists");
  });

  it("POST /channels/dm needs a sign-in and a real other person", async () => {
    expect((await api(app).post("/api/channels/dm", { user_id: friend.user.id })).status).toBe(401);
    for (const body of [{}, { user_id: "x" }, { user_id: 0 }, { user_id: [1] }]) {
      const res = await api(app, owner.token).post("/api/channels/dm", body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^user_id: /);
    }
    expect((await api(app, owner.token).post("/api/channels/dm", { user_id: owner.user.id })).status).toBe(400);
    expect((await api(app, owner.token).post("/api/channels/dm", { user_id: 2_000_000_000 })).status).toBe(404);
    const gone = await makeUser(app);
    await app.ctx.db.updateTable("users").set({ is_active: false }).where("id", "=", gone.user.id).execute();
    const refused = await api(app, owner.token).post("/api/channels/dm", { user_id: gone.user.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("user_id: This account has been deactivated");
  });

  it("opens the pair's one dm from either side, and two people opening it at once make one", async () => {
    const a = await makeUser(app, { full_name: "Ann" });
    const b = await makeUser(app, { full_name: "Ben" });
    const sockets: ClientSocket[] = await Promise.all([connect(app.url, a.token), connect(app.url, b.token)]);
    try {
      const [seenA, seenB] = sockets.map((s) => record<EntityChange>(s, "entities.change"));
      // Both click at once, twice each, from two tabs: one dm is made, and everyone gets it.
      const opened = await Promise.all([
        ...[1, 2, 3].map(() => api(app, a.token).post("/api/channels/dm", { user_id: String(b.user.id) })),
        ...[1, 2, 3].map(() => api(app, b.token).post("/api/channels/dm", { user_id: a.user.id })),
      ]);
      expect(opened.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      const id = opened[0].body.id as number;
      expect(new Set(opened.map((r) => r.body.id))).toEqual(new Set([id]));
      expect(opened[0].body).toMatchObject({ type: "dm", name: expect.stringMatching(/^(Ann, Ben|Ben, Ann)$/) });
      expect([...opened[0].body.members].sort()).toEqual([a.email, b.email].sort());
      const stored = await app.ctx.db
        .selectFrom("channels")
        .select("id")
        .where("type", "=", "dm")
        .where(sql<boolean>`members @> ${sql.val([a.email, b.email])}::text[]`)
        .execute();
      expect(stored).toEqual([{ id }]);

      // Later openings find it, from either side.
      expect((await api(app, b.token).post("/api/channels/dm", { user_id: a.user.id })).body.id).toBe(id);
      expect((await channel(outsider, id)).status).toBe(404);

      // Each socket was told of one new channel: a marker made after it arrives after any second one would.
      const marker = await api(app, admin.token).post("/api/entities/channels", { name: "marker", type: "private", members: [a.email, b.email] });
      for (const seen of [seenA, seenB]) {
        await until(seen, (c) => c.table === "channels" && c.id === marker.body.id);
        expect(seen.filter((c) => c.table === "channels" && c.op === "create" && c.row?.type === "dm").map((c) => c.id)).toEqual([id]);
      }
    } finally {
      for (const s of sockets) s.close();
    }
  });

  it("merges dms made twice before the unique index, messages and tasks into the oldest", async () => {
    const a = await makeUser(app, { full_name: "Cy" });
    const b = await makeUser(app, { full_name: "Di" });
    // As a database written before the index could hold them.
    await sql`drop index channels_dm_members_key`.execute(app.ctx.db);
    const keep = await makeChannel(app, { type: "dm", members: [a.email, b.email], last_activity: new Date("2026-01-01") });
    const twin = await makeChannel(app, { type: "dm", members: [b.email.toUpperCase(), a.email], last_activity: new Date("2026-02-01") });
    const other = await makeChannel(app, { type: "dm", members: [a.email, outsider.email] });
    const m1 = await makeMessage(app, keep.id, a);
    const m2 = await makeMessage(app, twin.id, b);
    const task = await makeTask(app, { source_channel_id: twin.id, source_message_id: m2.id });
    await app.ctx.db.transaction().execute((trx) => dmPairsMigration(trx as unknown as Kysely<unknown>));

    const left = await app.ctx.db.selectFrom("channels").select(["id", "last_activity"]).where("id", "in", [keep.id, twin.id, other.id]).orderBy("id").execute();
    expect(left.map((c) => c.id)).toEqual([keep.id, other.id]);
    expect(new Date(left[0].last_activity).toISOString()).toBe("2026-02-01T00:00:00.000Z");
    const moved = await app.ctx.db.selectFrom("messages").select(["id", "channel_id"]).where("id", "in", [m1.id, m2.id]).orderBy("id").execute();
    expect(moved).toEqual([
      { id: m1.id, channel_id: keep.id },
      { id: m2.id, channel_id: keep.id },
    ]);
    expect((await app.ctx.db.selectFrom("tasks").select("source_channel_id").where("id", "=", task.id).executeTakeFirstOrThrow()).source_channel_id).toBe(keep.id);
    // The index is back: the pair cannot be stored twice again.
    await expect(makeChannel(app, { type: "dm", members: [a.email, b.email] })).rejects.toThrow();
    expect((await api(app, a.token).post("/api/channels/dm", { user_id: b.user.id })).body.id).toBe(keep.id);
  });
});
