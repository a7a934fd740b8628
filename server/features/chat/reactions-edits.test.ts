// Reactions, edits and deletes of messages over real sockets and REST (docs/messages.md, "Reactions and edits"): each is one named command whose row and change record commit together and reach the
// channel's readers live, and nobody else.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { ChatMessage, MessageEdit, MessageReaction } from "@shared/entities";
import type { ChangesPage, EntityChange } from "@shared/realtime";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { connect, call, record, until, sleep, type ClientSocket } from "../../test/clients";

describe.each(ENGINES)("reactions and edits (%s)", (engine) => {
  let app: TestApp;
  let a: TestUser, b: TestUser, outsider: TestUser, admin: TestUser;
  let sa: ClientSocket, sb: ClientSocket, so: ClientSocket;
  let priv: number;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    app = await startTestApp(engine);
    a = await makeUser(app, { full_name: "Alice" });
    b = await makeUser(app, { full_name: "Bob" });
    outsider = await makeUser(app, { full_name: "Olga" });
    admin = await makeUser(app, { full_name: "Ada", team_role: "admin" });
    priv = (await app.ctx.db.insertInto("channels").values({ name: "secret", type: "private", members: [a.email, b.email, admin.email] }).returning("id").executeTakeFirstOrThrow()).id;
    [sa, sb, so] = await Promise.all([connect(app.url, a.token), connect(app.url, b.token), connect(app.url, outsider.token)]);
    sockets.push(sa, sb, so);
  }, 180_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app?.stop();
  });

  async function post(content: string, from = sa): Promise<ChatMessage> {
    const ack = await call<ChatMessage>(from, "messages.create", { channel_id: priv, content });
    if (!ack.ok) throw new Error(ack.error);
    return ack.data;
  }

  it("stores a reaction with its change record and pushes it to the channel's readers only", async () => {
    const m = await post("react to me");
    const gotA = record<EntityChange>(sa, "entities.change");
    const gotO = record<EntityChange>(so, "entities.change");
    const ack = await call<MessageReaction>(sb, "message_reactions.create", { message_id: m.id, emoji: "🎉", channel_id: 999999, user_email: "someone@else.test" });
    expect(ack.ok, JSON.stringify(ack)).toBe(true);
    if (!ack.ok) return;
    // The channel comes from the message and the person from the token, never from the body.
    expect(ack.data).toMatchObject({ message_id: m.id, channel_id: priv, user_email: b.email, emoji: "🎉" });
    const pushed = await until(gotA, (c) => c.table === "message_reactions" && c.id === ack.data.id);
    expect(pushed).toMatchObject({ op: "create", row: ack.data });
    const record_ = await app.ctx.db.selectFrom("changes").selectAll().where("tbl", "=", "message_reactions").where("row_id", "=", ack.data.id).executeTakeFirstOrThrow();
    expect(record_.audience).toEqual([`channel:${priv}`]);
    await sleep(150);
    expect(gotO.filter((c) => c.table === "message_reactions")).toHaveLength(0);

    // Listed for readers (REST), not for an outsider.
    const listed = await api(app, a.token).get(`/api/entities/message_reactions?where=${encodeURIComponent(JSON.stringify({ message_id: m.id }))}`);
    expect(listed.body).toEqual([ack.data]);
    const hidden = await api(app, outsider.token).get(`/api/entities/message_reactions?where=${encodeURIComponent(JSON.stringify({ message_id: m.id }))}`);
    expect(hidden.body).toEqual([]);
    expect((await api(app, outsider.token).get(`/api/entities/message_reactions/${ack.data.id}`)).status).toBe(404);
  });

  it("refuses a second identical reaction, a non-emoji, an unreadable message and someone else's reaction", async () => {
    const m = await post("once each");
    const first = await call<MessageReaction>(sa, "message_reactions.create", { message_id: m.id, emoji: "👍" });
    expect(first.ok).toBe(true);
    // REST and socket refuse in the same words.
    expect(await call(sa, "message_reactions.create", { message_id: m.id, emoji: "👍" })).toEqual({ ok: false, error: "Insert failed: you already reacted with this emoji" });
    const again = await api(app, a.token).post("/api/entities/message_reactions", { message_id: m.id, emoji: "👍" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: "Insert failed: you already reacted with this emoji" });
    expect(await call(sa, "message_reactions.create", { message_id: m.id, emoji: "nice" })).toEqual({ ok: false, error: "Insert failed: emoji: must be a single emoji" });
    // Skin tones, joined sequences and flags are single emoji.
    for (const emoji of ["👍🏽", "👩‍💻", "🇫🇷", "❤️"]) expect((await call(sa, "message_reactions.create", { message_id: m.id, emoji })).ok, emoji).toBe(true);
    expect(await call(so, "message_reactions.create", { message_id: m.id, emoji: "👀" })).toEqual({ ok: false, error: "Message not found" });
    expect(await call(sa, "message_reactions.create", { message_id: 99999999, emoji: "👀" })).toEqual({ ok: false, error: "Message not found" });
    if (!first.ok) return;
    expect(await call(sb, "message_reactions.delete", { id: first.data.id })).toEqual({ ok: false, error: "You can remove only your own reactions" });
    expect((await call(sa, "message_reactions.update", { id: first.data.id, emoji: "👎" })).ok).toBe(false);
  });

  it("toggles a reaction off: the delete reaches every reader live, and a catch-up says so too", async () => {
    const m = await post("toggle");
    const ack = await call<MessageReaction>(sb, "message_reactions.create", { message_id: m.id, emoji: "🔥" });
    if (!ack.ok) throw new Error(ack.error);
    const gotA = record<EntityChange>(sa, "entities.change");
    const del = await api(app, b.token).delete(`/api/entities/message_reactions/${ack.data.id}`);
    expect(del.status).toBe(200);
    expect(await until(gotA, (c) => c.table === "message_reactions" && c.id === ack.data.id)).toMatchObject({ op: "delete", row: null });
    expect(await app.ctx.db.selectFrom("message_reactions").select("id").where("id", "=", ack.data.id).executeTakeFirst()).toBeUndefined();
    // A reader who was away from before the reaction learns it is gone.
    const since = (await app.ctx.db.selectFrom("changes").select("seq").where("tbl", "=", "messages").where("row_id", "=", m.id).executeTakeFirstOrThrow()).seq;
    const page = await call<ChangesPage>(sa, "changes.since", { since: Number(since) });
    if (!page.ok || page.data.reset) throw new Error("catch-up failed");
    expect(page.data.changes.find((c) => c.table === "message_reactions" && c.id === ack.data.id)).toMatchObject({ op: "delete", row: null });
  });

  it("keeps the replaced text of an edit in the same transaction and pushes both changes", async () => {
    const m = await post("first words");
    const gotB = record<EntityChange>(sb, "entities.change");
    const gotO = record<EntityChange>(so, "entities.change");
    const ack = await call<ChatMessage>(sa, "messages.update", { id: m.id, content: "second words" });
    expect(ack.ok, JSON.stringify(ack)).toBe(true);
    if (!ack.ok) return;
    expect(ack.data.content).toBe("second words");
    expect(ack.data.edited_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const update = await until(gotB, (c) => c.table === "messages" && c.id === m.id && c.op === "update");
    expect(update.row).toEqual(ack.data);
    const edit = await until(gotB, (c) => c.table === "message_edits" && c.op === "create");
    expect(edit.row).toMatchObject({ message_id: m.id, channel_id: priv, content: "first words", written_at: m.created_date, edited_by: a.email });
    // Both records come from one transaction.
    const recs = await app.ctx.db.selectFrom("changes").select(["tbl", "tx"]).where("seq", "in", [update.seq, edit.seq]).execute();
    expect(new Set(recs.map((r) => String(r.tx))).size).toBe(1);

    // A catch-up from before the edit returns the earlier version as REST shows it.
    const page = await call<ChangesPage>(sb, "changes.since", { since: update.seq - 1 });
    if (!page.ok || page.data.reset) throw new Error("catch-up failed");
    expect(page.data.changes.find((c) => c.table === "message_edits" && c.id === edit.id)?.row).toEqual(edit.row);

    const again = await api(app, a.token).patch(`/api/entities/messages/${m.id}`, { content: "third words" });
    expect(again.status).toBe(200);
    const history = await api(app, b.token).get<MessageEdit[]>(`/api/entities/message_edits?where=${encodeURIComponent(JSON.stringify({ message_id: m.id }))}&sort=id`);
    expect(history.body.map((e) => e.content)).toEqual(["first words", "second words"]);
    // The second version was written when the first edit was made.
    expect(history.body[1].written_at).toBe(ack.data.edited_at);
    expect((await api(app, outsider.token).get(`/api/entities/message_edits?where=${encodeURIComponent(JSON.stringify({ message_id: m.id }))}`)).body).toEqual([]);
    await sleep(150);
    expect(gotO.filter((c) => c.table === "messages" || c.table === "message_edits")).toHaveLength(0);
  });

  it("lets only the sender edit; the sender or an admin delete; nobody write earlier versions", async () => {
    const m = await post("mine");
    expect(await call(sb, "messages.update", { id: m.id, content: "not yours" })).toEqual({ ok: false, error: "Forbidden" });
    expect(await call(sb, "messages.delete", { id: m.id })).toEqual({ ok: false, error: "Forbidden" });
    expect((await api(app, a.token).post("/api/entities/message_edits", {})).status).toBe(403);
    const unchanged = await call<ChatMessage>(sa, "messages.update", { id: m.id, content: "mine" });
    expect(unchanged.ok && unchanged.data.edited_at).toBeNull();
    expect(await app.ctx.db.selectFrom("message_edits").select("id").where("message_id", "=", m.id).execute()).toEqual([]);

    const sAdmin = await connect(app.url, admin.token);
    sockets.push(sAdmin);
    await call(sb, "message_reactions.create", { message_id: m.id, emoji: "👍" });
    const gotB = record<EntityChange>(sb, "entities.change");
    expect(await call(sAdmin, "messages.delete", { id: m.id })).toEqual({ ok: true, data: { ok: true, id: m.id } });
    expect(await until(gotB, (c) => c.table === "messages" && c.id === m.id)).toMatchObject({ op: "delete", row: null });
    // Its reactions and earlier versions go with it.
    expect(await app.ctx.db.selectFrom("message_reactions").select("id").where("message_id", "=", m.id).execute()).toEqual([]);
  });
});
