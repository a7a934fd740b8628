// channels and messages: who sees which channel, who may post, edit and delete, and the
// shared createMessage path the socket layer uses.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { Message } from "../../db/schema";
import { ENGINES, startTestApp, makeUser, api, countRows, makeChannel, makeMessage, type TestApp, type TestUser } from "../../test/harness";
import { createMessage } from "./post";
import type { EntityEvent } from "../../context";
import { onEntityEvents } from "../../entities/events";

describe.each(ENGINES)("entities: channels and messages (%s)", (engine) => {
  let app: TestApp;
  let admin: TestUser;
  let teamAdmin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let pub: any, priv: any, dm: any, system: any;
  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await makeUser(app, { role: "admin", team_role: "admin" });
    teamAdmin = await makeUser(app, { team_role: "admin" });
    member = await makeUser(app);
    outsider = await makeUser(app);
    pub = await makeChannel(app, { name: "public-one", members: [member.email] });
    priv = await makeChannel(app, { name: "secret", type: "private", members: [member.email, admin.email] });
    dm = await makeChannel(app, { name: "dm", type: "dm", members: [member.email, teamAdmin.email] });
    system = await makeChannel(app, { name: "general", is_system: true, members: [] });
  }, 240_000); // PGlite start-up is slow on a loaded machine
  afterAll(() => app?.stop(), 60_000);

  const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();

  it("shows public channels to everyone and private or dm channels to members only", async () => {
    expect(names((await api(app, member.token).get("/api/entities/channels")).body)).toEqual(["dm", "general", "public-one", "secret"]);
    expect(names((await api(app, outsider.token).get("/api/entities/channels")).body)).toEqual(["general", "public-one"]);
    expect(names((await api(app, admin.token).get("/api/entities/channels")).body)).toEqual(["general", "public-one", "secret"]);
    expect((await api(app, outsider.token).get(`/api/entities/channels/${priv.id}`)).status).toBe(404);
    expect((await api(app, outsider.token).get(`/api/entities/channels/${dm.id}`)).status).toBe(404);
    expect((await api(app, outsider.token).get(`/api/entities/channels/${pub.id}`)).status).toBe(200);
    const filtered = await api(app, outsider.token).get(`/api/entities/channels?where=${encodeURIComponent("type = 'private'")}`);
    expect(filtered.body).toEqual([]);
  });

  it("lets everyone create a channel and adds the creator to its members", async () => {
    const res = await api(app, outsider.token).post("/api/entities/channels", {
      name: "  new-room ",
      type: "private",
      members: JSON.stringify([member.email]),
      created_by: admin.email,
      last_activity: "2001-01-01T00:00:00Z",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "new-room", type: "private", is_system: false, members: [member.email, outsider.email], created_by: outsider.email });
    expect(Date.parse(res.body.last_activity)).toBeGreaterThan(Date.now() - 60_000);
    const before = await countRows(app, "channels");
    expect((await api(app, outsider.token).post("/api/entities/channels", { name: "   " })).status).toBe(400);
    expect((await api(app, outsider.token).post("/api/entities/channels", { name: "x", type: "secretive" })).status).toBe(400);
    expect((await api(app, outsider.token).post("/api/entities/channels", { name: "x", is_system: 1 })).status).toBe(403);
    expect(await countRows(app, "channels")).toBe(before);
  });

  it("lets members and admins change a channel, readers only bump its activity", async () => {
    const ch = await makeChannel(app, { name: "team", members: [member.email] });
    expect((await api(app, member.token).patch(`/api/entities/channels/${ch.id}`, { description: "ours" })).body.description).toBe("ours");
    expect((await api(app, outsider.token).patch(`/api/entities/channels/${ch.id}`, { name: "mine" })).status).toBe(403);
    expect((await api(app, outsider.token).patch(`/api/entities/channels/${ch.id}`, { last_activity: new Date().toISOString() })).status).toBe(200);
    // Joining a public channel touches only one's own address.
    const joined = await api(app, outsider.token).patch(`/api/entities/channels/${ch.id}`, { members: [member.email, outsider.email] });
    expect(joined.body.members).toEqual([member.email, outsider.email]);
    const stranger = await makeUser(app);
    expect((await api(app, stranger.token).patch(`/api/entities/channels/${ch.id}`, { members: [stranger.email] })).status).toBe(403);
    expect((await api(app, member.token).patch(`/api/entities/channels/${ch.id}`, { is_system: true })).status).toBe(403);
    expect((await api(app, admin.token).patch(`/api/entities/channels/${ch.id}`, { name: "renamed" })).body.name).toBe("renamed");
    expect((await api(app, outsider.token).patch(`/api/entities/channels/${priv.id}`, { name: "x" })).status).toBe(404);
  });

  it("lets only role or team admins delete channels, never system ones", async () => {
    const a = await makeChannel(app, { name: "del-a" });
    const b = await makeChannel(app, { name: "del-b", type: "dm", members: [teamAdmin.email] });
    expect((await api(app, member.token).delete(`/api/entities/channels/${a.id}`)).status).toBe(403);
    expect((await api(app, admin.token).delete(`/api/entities/channels/${system.id}`)).status).toBe(403);
    expect((await api(app, admin.token).delete(`/api/entities/channels/${b.id}`)).status).toBe(404); // not a member
    expect((await api(app, admin.token).delete(`/api/entities/channels/${a.id}`)).status).toBe(200);
    expect((await api(app, teamAdmin.token).delete(`/api/entities/channels/${b.id}`)).status).toBe(200);
    expect((await api(app, admin.token).get(`/api/entities/channels/${a.id}`)).status).toBe(404);
  });

  it("posts a message as the signed-in user and bumps the channel's activity", async () => {
    const ch = await makeChannel(app, { name: "busy", last_activity: new Date("2020-01-01") });
    const created: Message[] = [];
    const listener = (e: EntityEvent) => created.push(e.row as unknown as Message);
    app.ctx.events.on("messages.create", listener);
    const res = await api(app, outsider.token).post(
      "/api/entities/messages",
      new URLSearchParams({ channel_id: String(ch.id), content: " hello ", sender_name: "Boss", sender_email: admin.email, message_type: "text" }),
    );
    app.ctx.events.off("messages.create", listener);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ channel_id: ch.id, content: "hello", sender_email: outsider.email, sender_name: outsider.user.full_name });
    expect(res.body).not.toHaveProperty("sender_id");
    expect(created.map((m) => m.id)).toEqual([res.body.id]);
    const after = await api(app, outsider.token).get(`/api/entities/channels/${ch.id}`);
    expect(Date.parse(after.body.last_activity)).toBeGreaterThan(Date.parse("2020-01-02"));
  });

  it("refuses posting where the user cannot read, and empty or malformed messages", async () => {
    const before = await countRows(app, "messages");
    const me = api(app, outsider.token);
    expect(await me.post("/api/entities/messages", { channel_id: priv.id, content: "hi" })).toMatchObject({ status: 404, body: { error: "Channel not found" } });
    expect((await me.post("/api/entities/messages", { channel_id: 999999, content: "hi" })).status).toBe(404);
    expect((await me.post("/api/entities/messages", { channel_id: pub.id, content: "   " })).body.error).toBe("Insert failed: content cannot be empty");
    expect((await me.post("/api/entities/messages", { channel_id: "abc", content: "x" })).status).toBe(400);
    expect((await me.post("/api/entities/messages", { content: "x" })).body.error).toBe("Insert failed: channel_id is required");
    expect((await me.post("/api/entities/messages", { channel_id: pub.id, content: "x", message_type: "video" })).status).toBe(400);
    expect((await me.post("/api/entities/messages", { channel_id: pub.id, content: "x", file_url: "javascript:alert(1)" })).status).toBe(400);
    expect((await me.post("/api/entities/messages", { channel_id: pub.id, content: "x", reactions: "[]" })).body.error).toBe("Insert failed: unknown field reactions");
    expect(await countRows(app, "messages")).toBe(before);
  });

  it("lists messages only from channels the user can read", async () => {
    await makeMessage(app, priv.id, member, { content: "private words" });
    await makeMessage(app, pub.id, member, { content: "public words" });
    const all = (await api(app, outsider.token).get("/api/entities/messages?limit=1000")).body as { content: string }[];
    expect(all.map((m) => m.content)).toContain("public words");
    expect(all.map((m) => m.content)).not.toContain("private words");
    const direct = await api(app, outsider.token).get(`/api/entities/messages?where=${encodeURIComponent(JSON.stringify({ channel_id: priv.id }))}`);
    expect(direct.body).toEqual([]);
    const mine = await api(app, member.token).get(`/api/entities/messages?where=${encodeURIComponent(`channel_id = ${priv.id}`)}&sort=-created_at`);
    expect(mine.body.map((m: { content: string }) => m.content)).toEqual(["private words"]);
    const privMsg = mine.body[0];
    expect((await api(app, outsider.token).get(`/api/entities/messages/${privMsg.id}`)).status).toBe(404);
  });

  it("pages messages by id with lt/gt filters", async () => {
    const ch = await makeChannel(app, { name: "paging" });
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await makeMessage(app, ch.id, member, { content: `m${i}` })).id);
    const where = encodeURIComponent(JSON.stringify({ channel_id: ch.id, id: { lt: ids[3] } }));
    const older = await api(app, outsider.token).get(`/api/entities/messages?where=${where}&sort=-id&limit=2`);
    expect(older.body.map((m: { id: number }) => m.id)).toEqual([ids[2], ids[1]]);
  });

  it("lets the sender edit and delete their own message, admins delete any", async () => {
    const mine = await makeMessage(app, pub.id, member, { content: "mine" });
    const other = await makeMessage(app, pub.id, outsider, { content: "theirs" });
    expect((await api(app, member.token).patch(`/api/entities/messages/${mine.id}`, { content: "edited" })).body.content).toBe("edited");
    expect((await api(app, member.token).patch(`/api/entities/messages/${other.id}`, { content: "hijack" })).status).toBe(403);
    expect((await api(app, member.token).patch(`/api/entities/messages/${mine.id}`, { channel_id: priv.id })).status).toBe(400);
    expect((await api(app, member.token).delete(`/api/entities/messages/${other.id}`)).status).toBe(403);
    expect((await api(app, member.token).delete(`/api/entities/messages/${mine.id}`)).status).toBe(200);
    expect((await api(app, teamAdmin.token).delete(`/api/entities/messages/${other.id}`)).status).toBe(200);
    const hidden = await makeMessage(app, dm.id, member);
    expect((await api(app, outsider.token).delete(`/api/entities/messages/${hidden.id}`)).status).toBe(404);
    expect((await api(app, outsider.token).patch(`/api/entities/messages/${hidden.id}`, { content: "x" })).status).toBe(404);
  });

  it("offers createMessage to the socket layer with the same rules", async () => {
    const changes: string[] = [];
    const listener = (c: { table: string; op: string }) => changes.push(`${c.table}.${c.op}`);
    const unsubscribe = onEntityEvents(app.ctx.events, listener);
    const stored = await createMessage(app.ctx, outsider.user, { channel_id: pub.id, content: "via socket", sender_email: "spoof@x.io" });
    unsubscribe();
    expect(stored).toMatchObject({ channel_id: pub.id, content: "via socket", sender_id: outsider.user.id, sender_email: outsider.email });
    expect(changes).toEqual(["messages.create"]);
    await expect(createMessage(app.ctx, outsider.user, { channel_id: priv.id, content: "x" })).rejects.toMatchObject({ status: 404 });
    await expect(createMessage(app.ctx, outsider.user, { channel_id: pub.id })).rejects.toMatchObject({ status: 400 });
  });
});
