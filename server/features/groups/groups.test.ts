// User groups (docs/groups.md): managers and admins keep groups and their people, everyone reads
// them, both ways over REST; changes reach other tabs live through the change feed; a group's
// @handle mentions its members who may read the channel, at post time, recomputed on edit, with
// @channel's rule for a large group, and the mentioned hear of it as of a personal mention.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { ChatMessage, Group, GroupMember } from "@shared/entities";
import type { EntityChange } from "@shared/realtime";
import { LIMITS } from "@shared/constants";
import { ENGINES, startTestApp, makeUser, api, makeChannel, type TestApp, type TestUser } from "../../test/harness";
import { connect, record, until, type ClientSocket } from "../../test/clients";
import { MENTION_ALL_REFUSED, MENTION_GROUP_REFUSED } from "../chat/mentions";
import { GROUPS_STAFF_ONLY } from "./policy";
import { ALREADY_MEMBER, HANDLE_TAKEN } from "./hooks";
import { replaceDirectoryGroupMembers } from "./directory";

describe.each(ENGINES)("user groups (%s)", (engine) => {
  let app: TestApp;
  let member: TestUser, manager: TestUser, admin: TestUser, ben: TestUser, cy: TestUser;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    app = await startTestApp(engine, {}, { NOTIFY_DELAY_MS: "0", NOTIFY_SWEEP_MS: "100" });
    member = await makeUser(app, { full_name: "Mia Member" });
    manager = await makeUser(app, { full_name: "Max Manager", team_role: "manager" });
    admin = await makeUser(app, { full_name: "Ada Admin", role: "admin" });
    ben = await makeUser(app, { full_name: "Ben Baker" });
    cy = await makeUser(app, { full_name: "Cy Cole" });
  }, 240_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app?.stop();
  }, 60_000);

  const makeGroup = async (by: TestUser, handle: string, people: TestUser[] | string[] = []) => {
    const g = await api(app, by.token).post<Group>("/api/entities/groups", { name: `Group ${handle}`, handle });
    expect(g.status).toBe(201);
    for (const p of people) {
      const user_email = typeof p === "string" ? p : p.email;
      expect((await api(app, by.token).post("/api/entities/group_members", { group_id: g.body.id, user_email })).status).toBe(201);
    }
    return g.body;
  };
  const post = (from: TestUser, channel_id: number, content: string) => api(app, from.token).post<ChatMessage & { error?: string }>("/api/entities/messages", { channel_id, content });

  it("needs a sign-in to read or write groups", async () => {
    expect((await api(app).get("/api/entities/groups")).status).toBe(401);
    expect((await api(app).post("/api/entities/groups", { name: "x", handle: "xx" })).status).toBe(401);
    expect((await api(app).get("/api/entities/group_members")).status).toBe(401);
  });

  it("lets managers and admins make and change groups, and nobody else", async () => {
    const refused = await api(app, member.token).post<{ error: string }>("/api/entities/groups", { name: "Design", handle: "design" });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(GROUPS_STAFF_ONLY);
    const made = await api(app, manager.token).post<Group>("/api/entities/groups", { name: "Design", handle: "@Design", description: "Product design" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: "Design", handle: "design", source: "local", created_by: manager.email.toLowerCase() });
    // The handle is unique whatever its case.
    const taken = await api(app, admin.token).post<{ error: string }>("/api/entities/groups", { name: "Other", handle: "DESIGN" });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toContain(HANDLE_TAKEN);
    // Handles that mean everyone, or that no mention could reach, are refused with words.
    for (const handle of ["here", "channel", "a", "no spaces", "-dash", ""]) {
      const bad = await api(app, admin.token).post<{ error: string }>("/api/entities/groups", { name: "Bad", handle });
      expect(bad.status, handle).toBe(400);
      expect(bad.body.error).toMatch(/handle/);
    }
    expect((await api(app, member.token).patch(`/api/entities/groups/${made.body.id}`, { name: "Mine" })).status).toBe(403);
    const renamed = await api(app, admin.token).patch<Group>(`/api/entities/groups/${made.body.id}`, { name: "Design team", handle: "designers" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Design team", handle: "designers" });
    // Everyone reads groups.
    const listed = await api(app, member.token).get<Group[]>("/api/entities/groups");
    expect(listed.body.map((g) => g.handle)).toContain("designers");
    expect((await api(app, member.token).delete(`/api/entities/groups/${made.body.id}`)).status).toBe(403);
    expect((await api(app, manager.token).delete(`/api/entities/groups/${made.body.id}`)).status).toBe(200);
    expect((await api(app, member.token).get(`/api/entities/groups/${made.body.id}`)).status).toBe(404);
  });

  it("lets managers and admins add and remove people; everyone reads who is in a group", async () => {
    const g = await makeGroup(manager, "support");
    const refused = await api(app, member.token).post<{ error: string }>("/api/entities/group_members", { group_id: g.id, user_email: member.email });
    expect(refused.status).toBe(403);
    const added = await api(app, manager.token).post<GroupMember>("/api/entities/group_members", { group_id: g.id, user_email: ben.email.toUpperCase() });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ group_id: g.id, user_email: ben.email.toLowerCase() });
    const twice = await api(app, admin.token).post<{ error: string }>("/api/entities/group_members", { group_id: g.id, user_email: ben.email });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(ALREADY_MEMBER);
    expect((await api(app, manager.token).post("/api/entities/group_members", { group_id: g.id, user_email: "nobody@example.test" })).status).toBe(400);
    expect((await api(app, manager.token).post("/api/entities/group_members", { group_id: 999_999, user_email: ben.email })).status).toBe(404);
    expect((await api(app, manager.token).post("/api/entities/group_members", { group_id: g.id, user_email: "not an address" })).status).toBe(400);
    const seen = await api(app, member.token).get<GroupMember[]>(`/api/entities/group_members?where=${encodeURIComponent(JSON.stringify({ group_id: g.id }))}`);
    expect(seen.body.map((m) => m.user_email)).toEqual([ben.email.toLowerCase()]);
    expect((await api(app, member.token).delete(`/api/entities/group_members/${added.body.id}`)).status).toBe(403);
    expect((await api(app, manager.token).patch(`/api/entities/group_members/${added.body.id}`, { user_email: cy.email })).status).toBeGreaterThanOrEqual(400);
    expect((await api(app, manager.token).delete(`/api/entities/group_members/${added.body.id}`)).status).toBe(200);
  });

  it("tells other tabs live: a new group and a new member arrive as changes", async () => {
    const s = await connect(app.url, member.token);
    sockets.push(s);
    const changes = record<EntityChange>(s, "entities.change");
    const g = await makeGroup(manager, "live-ones", [cy]);
    const created = await until(changes, (c) => c.table === "groups" && c.op === "create" && c.id === g.id, 10_000);
    expect(created.row).toMatchObject({ handle: "live-ones", name: "Group live-ones" });
    const joined = await until(changes, (c) => c.table === "group_members" && c.op === "create", 10_000);
    expect(joined.row).toMatchObject({ group_id: g.id, user_email: cy.email.toLowerCase() });
    expect((await api(app, admin.token).delete(`/api/entities/groups/${g.id}`)).status).toBe(200);
    await until(changes, (c) => c.table === "groups" && c.op === "delete" && c.id === g.id, 10_000);
  });

  it("@handle mentions the members who may read the channel, at post time, and an edit recomputes it", async () => {
    // cy is in the group but not in the private channel: not mentioned.
    await makeGroup(manager, "reviewers", [ben, cy]);
    const ch = await makeChannel(app, { name: "g-private", type: "private", members: [member.email, ben.email] });
    const res = await post(member, ch.id, "please look @reviewers.");
    expect(res.status).toBe(201);
    expect(res.body.mentions).toEqual([ben.email.toLowerCase()]);
    expect(res.body.mentions_all).toBe(false);
    // In a public channel everyone in the group may read it.
    const pub = await makeChannel(app, { name: "g-public", type: "public", members: [] });
    expect([...(await post(member, pub.id, "@Reviewers hi")).body.mentions].sort()).toEqual([ben.email, cy.email].map((e) => e.toLowerCase()).sort());
    // An address or a word is no handle.
    expect((await post(member, pub.id, "mail x@reviewers.com or foo@reviewers")).body.mentions).toEqual([]);
    // Editing the handle out removes the mention; editing it back in names whoever is in the group then.
    const out = await api(app, member.token).patch<ChatMessage>(`/api/entities/messages/${res.body.id}`, { content: "never mind" });
    expect(out.body.mentions).toEqual([]);
    const back = await api(app, member.token).patch<ChatMessage>(`/api/entities/messages/${res.body.id}`, { content: "again @reviewers" });
    expect(back.body.mentions).toEqual([ben.email.toLowerCase()]);
  });

  it("a large group follows @channel's rule: managers and admins only", async () => {
    const people = [];
    for (let i = 0; i <= LIMITS.groupMentionMembersMax; i++) {
      const u = await app.ctx.db.insertInto("users").values({ email: `crowd${i}.${engine}@example.test`, full_name: `Crowd ${i}` }).returning("email").executeTakeFirstOrThrow();
      people.push(u.email);
    }
    await makeGroup(admin, "crowd", people);
    const pub = await makeChannel(app, { name: "g-crowd", type: "public", members: [] });
    const refused = await post(member, pub.id, "hello @crowd");
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(MENTION_GROUP_REFUSED);
    // The same rule as @channel, for the same people.
    expect((await post(member, pub.id, "@channel")).body.error).toBe(MENTION_ALL_REFUSED);
    const ok = await post(manager, pub.id, "hello @crowd");
    expect(ok.status).toBe(201);
    expect(ok.body.mentions).toHaveLength(LIMITS.groupMentionMembersMax + 1);
    // An edit by a member that brings the large group in is refused too.
    const mine = await post(member, pub.id, "small talk");
    expect((await api(app, member.token).patch(`/api/entities/messages/${mine.body.id}`, { content: "now @crowd" })).status).toBe(403);
  });

  it("a group's members get the mention notification, with the group's name in its text, as search snippets show it", async () => {
    await makeGroup(manager, "oncall", [ben]);
    const ch = await makeChannel(app, { name: "g-notify", type: "public", members: [member.email, ben.email] });
    const res = await post(member, ch.id, "db is down @oncall");
    expect(res.status).toBe(201);
    const end = Date.now() + 10_000;
    let item: { kind: string; title: string; body: string } | undefined;
    while (!item && Date.now() < end) {
      item = (await api(app, ben.token).get<{ kind: string; title: string; body: string }[]>("/api/entities/notifications")).body.find((n) => n.kind === "message" && n.body.includes("db is down"));
      if (!item) await new Promise((r) => setTimeout(r, 100));
    }
    expect(item).toMatchObject({ title: "Mia Member in #g-notify", body: "db is down @oncall (Group oncall)" });
    // A search snippet reads the same way.
    const found = await api(app, ben.token).get<{ messages: { id: number; snippet: { text: string }[] }[] }>(`/api/search?q=${encodeURIComponent("db down")}`);
    expect(found.body.messages.find((m) => m.id === res.body.id)?.snippet.map((p) => p.text).join("")).toContain("@oncall (Group oncall)");
    const job = await app.ctx.db.selectFrom("notification_jobs").select("payload").where("key", "=", `message:${res.body.id}:${ben.user.id}`).executeTakeFirst();
    expect(job?.payload).toMatchObject({ mentioned: true });
  }, 30_000);

  it("replaces a directory group's members from a list, with a change per person", async () => {
    const g = await api(app, admin.token).post<Group>("/api/entities/groups", { name: "From LDAP", handle: "ldap-eng", source: "directory" });
    expect(g.status).toBe(201);
    expect(await replaceDirectoryGroupMembers(app.ctx, g.body.id, [ben.email, "ghost@example.test"])).toEqual({ added: [ben.email.toLowerCase()], removed: [] });
    expect(await replaceDirectoryGroupMembers(app.ctx, g.body.id, [cy.email.toUpperCase()])).toEqual({ added: [cy.email.toLowerCase()], removed: [ben.email.toLowerCase()] });
    const members = await api(app, member.token).get<GroupMember[]>(`/api/entities/group_members?where=${encodeURIComponent(JSON.stringify({ group_id: g.body.id }))}`);
    expect(members.body.map((m) => m.user_email)).toEqual([cy.email.toLowerCase()]);
    const local = await makeGroup(admin, "local-one");
    await expect(replaceDirectoryGroupMembers(app.ctx, local.id, [ben.email])).rejects.toThrow(/directory group/);
  });
});
