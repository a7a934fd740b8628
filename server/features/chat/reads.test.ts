// Unread kept by the server (docs/unread.md): read positions move through channel_reads.update
// over the socket and REST alike, forward only when reading, to just before a message when marking
// it unread; each move reaches every socket of its owner and nobody else; counts come from one
// query, follow deletes, skip one's own messages and only cover one's own channels.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { ChannelRead, ChannelUnread } from "@shared/entities";
import type { EntityChange } from "@shared/realtime";
import { ENGINES, startTestApp, makeUser, api, makeChannel, makeMessage, type TestApp, type TestUser } from "../../test/harness";
import { call, connect, record, sleep, until, type ClientSocket } from "../../test/clients";
import { READS_NOT_DELETED } from "./reads.policy";

describe.each(ENGINES)("unread: read positions and counts (%s)", (engine) => {
  let app: TestApp;
  let reader: TestUser, writer: TestUser, outsider: TestUser, admin: TestUser;
  let tab1: ClientSocket, tab2: ClientSocket, other: ClientSocket;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    app = await startTestApp(engine);
    reader = await makeUser(app, { full_name: "Rae Reader" });
    writer = await makeUser(app, { full_name: "Wes Writer" });
    outsider = await makeUser(app, { full_name: "Otto Outsider" });
    admin = await makeUser(app, { role: "admin", team_role: "admin", full_name: "Ada Admin" });
    [tab1, tab2, other] = await Promise.all([connect(app.url, reader.token), connect(app.url, reader.token), connect(app.url, writer.token)]);
    sockets.push(tab1, tab2, other);
  }, 240_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app?.stop();
  }, 60_000);

  const unread = async (u: TestUser) => {
    const res = await api(app, u.token).get("/api/chat/unread");
    expect(res.status).toBe(200);
    return new Map((res.body.channels as ChannelUnread[]).map((c) => [c.channel_id, c]));
  };
  const countOf = async (u: TestUser, channelId: number) => (await unread(u)).get(channelId)?.unread;
  const read = (s: ClientSocket, channel_id: number, message_id: number, unread?: boolean) =>
    call<ChannelRead>(s, "channel_reads.update", { channel_id, message_id, ...(unread === undefined ? {} : { unread }) });
  const post = async (channelId: number, from: TestUser, n = 1) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) ids.push((await makeMessage(app, channelId, from, { content: `m${i}` })).id as number);
    return ids;
  };

  it("counts the messages of others after the position, for one's own channels only, in one answer", async () => {
    const priv = await makeChannel(app, { name: "reads-private", type: "private", members: [reader.email, writer.email] });
    const joined = await makeChannel(app, { name: "reads-joined", members: [reader.email] });
    const notJoined = await makeChannel(app, { name: "reads-not-joined", members: [writer.email] });
    const secret = await makeChannel(app, { name: "reads-secret", type: "private", members: [writer.email] });
    await post(priv.id, writer, 3);
    await post(priv.id, reader, 2); // one's own never count
    await post(joined.id, writer, 1);
    await post(notJoined.id, writer, 4);
    await post(secret.id, writer, 4);
    const counts = await unread(reader);
    expect(counts.get(priv.id)).toEqual({ channel_id: priv.id, last_read_message_id: 0, unread: 3, mentions: 0 });
    expect(counts.get(joined.id)?.unread).toBe(1);
    expect(counts.has(notJoined.id)).toBe(false);
    expect(counts.has(secret.id)).toBe(false);
    expect(await countOf(writer, priv.id)).toBe(2);
    expect((await api(app).get("/api/chat/unread")).status).toBe(401);
  });

  it("moves forward only when reading, and tells every tab of the reader, nobody else", async () => {
    const ch = await makeChannel(app, { name: "reads-tabs", type: "private", members: [reader.email, writer.email] });
    const [m1, m2, m3] = await post(ch.id, writer, 3);
    const seen2 = record<EntityChange>(tab2, "entities.change");
    const seenOther = record<EntityChange>(other, "entities.change");
    const first = await read(tab1, ch.id, m2);
    expect(first).toMatchObject({ ok: true, data: { channel_id: ch.id, user_id: reader.user.id, last_read_message_id: m2 } });
    if (!first.ok) return;
    // The other tab hears of it as a row change of its own read position.
    const pushed = await until(seen2, (c) => c.table === "channel_reads" && c.row?.last_read_message_id === m2);
    expect(pushed).toMatchObject({ op: "create", id: first.data.id, row: first.data });
    expect(await countOf(reader, ch.id)).toBe(1);
    // An older message seen later (a slow tab) does not move it back.
    const back = await read(tab2, ch.id, m1);
    expect(back.ok && back.data.last_read_message_id).toBe(m2);
    const forward = await read(tab2, ch.id, m3);
    expect(forward.ok && forward.data.last_read_message_id).toBe(m3);
    expect(await countOf(reader, ch.id)).toBe(0);
    // Never past the newest message, whatever id a client sends.
    const far = await read(tab1, ch.id, 2_000_000_000);
    expect(far.ok && far.data.last_read_message_id).toBe(m3);
    await sleep(200);
    expect(seenOther.filter((c) => c.table === "channel_reads")).toEqual([]);
    // Only its owner can see the row.
    expect((await api(app, reader.token).get(`/api/entities/channel_reads/${first.data.id}`)).status).toBe(200);
    expect((await api(app, writer.token).get(`/api/entities/channel_reads/${first.data.id}`)).status).toBe(404);
    expect((await api(app, admin.token).get(`/api/entities/channel_reads/${first.data.id}`)).status).toBe(404);
  });

  it("marks a message unread: the position goes just before it, and the badge comes back everywhere", async () => {
    const ch = await makeChannel(app, { name: "reads-unread", type: "private", members: [reader.email, writer.email] });
    const [, m2, m3] = await post(ch.id, writer, 3);
    await read(tab1, ch.id, m3);
    expect(await countOf(reader, ch.id)).toBe(0);
    const seen2 = record<EntityChange>(tab2, "entities.change");
    const marked = await read(tab1, ch.id, m2, true);
    expect(marked.ok && marked.data.last_read_message_id).toBe(m2 - 1);
    await until(seen2, (c) => c.table === "channel_reads" && c.row?.last_read_message_id === m2 - 1);
    expect(await countOf(reader, ch.id)).toBe(2);
    // Reading moves it forward again.
    await read(tab2, ch.id, m3);
    expect(await countOf(reader, ch.id)).toBe(0);
    // A message of another channel, or none, cannot be marked unread here.
    const elsewhere = await makeChannel(app, { name: "reads-elsewhere", type: "private", members: [reader.email, writer.email] });
    const [foreign] = await post(elsewhere.id, writer);
    expect(await read(tab1, ch.id, foreign, true)).toEqual({ ok: false, error: "Message not found" });
  });

  it("counts what exists: deleting unread messages lowers the count, and a position at a deleted message still works", async () => {
    const ch = await makeChannel(app, { name: "reads-deletes", type: "private", members: [reader.email, writer.email] });
    const [m1, m2, m3, m4] = await post(ch.id, writer, 4);
    await read(tab1, ch.id, m2);
    expect(await countOf(reader, ch.id)).toBe(2);
    const del = (id: number) => api(app, writer.token).delete(`/api/entities/messages/${id}`);
    // The message the position names is deleted: nothing changes for the count.
    expect((await del(m2)).status).toBe(200);
    expect(await countOf(reader, ch.id)).toBe(2);
    expect((await del(m3)).status).toBe(200);
    expect(await countOf(reader, ch.id)).toBe(1);
    // Every unread message deleted: no badge is left that could not be cleared.
    expect((await del(m4)).status).toBe(200);
    expect(await countOf(reader, ch.id)).toBe(0);
    // A new message after the deleted ones counts, and reading it clears it.
    const [m5] = await post(ch.id, writer);
    expect(await countOf(reader, ch.id)).toBe(1);
    await read(tab2, ch.id, m5);
    expect(await countOf(reader, ch.id)).toBe(0);
    expect(m1).toBeLessThan(m5);
  });

  it("stops counting at 100 per channel", async () => {
    const ch = await makeChannel(app, { name: "reads-many", type: "private", members: [reader.email, writer.email] });
    await app.ctx.db
      .insertInto("messages")
      .values(Array.from({ length: 130 }, (_, i) => ({ channel_id: ch.id, content: `n${i}`, sender_id: writer.user.id, sender_name: "Wes", sender_email: writer.email })))
      .execute();
    expect(await countOf(reader, ch.id)).toBe(100);
  });

  it("is the same command over REST, with readable refusals, and positions are never deleted", async () => {
    const ch = await makeChannel(app, { name: "reads-rest", type: "private", members: [reader.email, writer.email] });
    const [m1, m2] = await post(ch.id, writer, 2);
    const seen1 = record<EntityChange>(tab1, "entities.change");
    const res = await api(app, reader.token).post("/api/chat/read", { channel_id: ch.id, message_id: m1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ channel_id: ch.id, user_id: reader.user.id, last_read_message_id: m1 });
    await until(seen1, (c) => c.table === "channel_reads" && c.id === res.body.id);
    // The Entity API's update is the same command: forward only.
    const patched = await api(app, reader.token).patch(`/api/entities/channel_reads/${res.body.id}`, { last_read_message_id: m2 });
    expect(patched.body.last_read_message_id).toBe(m2);
    expect((await api(app, reader.token).patch(`/api/entities/channel_reads/${res.body.id}`, { last_read_message_id: m1 })).body.last_read_message_id).toBe(m2);
    expect((await api(app, writer.token).patch(`/api/entities/channel_reads/${res.body.id}`, { last_read_message_id: m1 })).status).toBe(404);
    const gone = await api(app, reader.token).delete(`/api/entities/channel_reads/${res.body.id}`);
    expect(gone).toMatchObject({ status: 403, body: { error: READS_NOT_DELETED } });
    for (const [body, error] of [
      [{ channel_id: "x", message_id: m1 }, /^channel_id: /],
      [{ channel_id: ch.id }, /^message_id: /],
      [{ channel_id: ch.id, message_id: m1, unread: "yes" }, /^unread: must be true or false/],
    ] as const) {
      const bad = await api(app, reader.token).post("/api/chat/read", body);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatch(error);
      const ack = await call(tab1, "channel_reads.update", body);
      expect(ack).toMatchObject({ ok: false, error: expect.stringMatching(error) });
    }
    // A channel one may not read answers like a missing one.
    const secret = await makeChannel(app, { name: "reads-hidden", type: "private", members: [writer.email] });
    expect(await api(app, outsider.token).post("/api/chat/read", { channel_id: secret.id, message_id: m1 })).toMatchObject({ status: 404, body: { error: "Channel not found" } });
    expect(await read(tab1, secret.id, m1)).toEqual({ ok: false, error: "Channel not found" });
  });
});
