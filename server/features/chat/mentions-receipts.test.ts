// Mentions and read receipts (docs/messages.md, "Mentions and read receipts"): the server works out who a
// message mentions from its text on create and edit, keeps only readers of the channel, refuses
// @channel/@here from members, counts mentions with the unread counts; receipts follow the read
// positions in small channels, between people who have them on, both ways, live over the socket.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { ChannelReceipt, ChannelReceipts, ChannelUnread, ChatMessage } from "@shared/entities";
import { mentionToken } from "@shared/mentions";
import { ENGINES, startTestApp, makeUser, api, makeChannel, type TestApp, type TestUser } from "../../test/harness";
import { call, connect, record, sleep, until, type ClientSocket } from "../../test/clients";
import { MENTION_ALL_REFUSED } from "./mentions";

describe.each(ENGINES)("mentions and read receipts (%s)", (engine) => {
  let app: TestApp;
  let ann: TestUser, ben: TestUser, cy: TestUser, outsider: TestUser, boss: TestUser;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    app = await startTestApp(engine);
    ann = await makeUser(app, { full_name: "Ann Able" });
    ben = await makeUser(app, { full_name: "Ben Baker" });
    cy = await makeUser(app, { full_name: "Cy Cole" });
    outsider = await makeUser(app, { full_name: "Otto Outside" });
    boss = await makeUser(app, { full_name: "Meg Manager", team_role: "manager" });
  }, 240_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app?.stop();
  }, 60_000);

  const tok = (u: TestUser) => mentionToken(u.user.full_name, u.email);
  const post = async (from: TestUser, channel_id: number, content: string) => api(app, from.token).post<ChatMessage & { error?: string }>("/api/entities/messages", { channel_id, content });
  const mentionsOf = async (u: TestUser, channelId: number) =>
    ((await api(app, u.token).get<{ channels: ChannelUnread[] }>("/api/chat/unread")).body.channels.find((c) => c.channel_id === channelId))?.mentions;
  const receipts = async (u: TestUser, channelId: number) => (await api(app, u.token).get<ChannelReceipts>(`/api/chat/receipts?channel_id=${channelId}`)).body;
  const setReceipts = (u: TestUser, on: boolean) => api(app, u.token).patch(`/api/entities/users/${u.user.id}`, { enable_read_receipts: on });
  const open = async (u: TestUser) => {
    const s = await connect(app.url, u.token);
    sockets.push(s);
    return s;
  };

  it("works out mentions from the text, keeps only readers of the channel, ignores the body's", async () => {
    const ch = await makeChannel(app, { name: "m-private", type: "private", members: [ann.email, ben.email, cy.email] });
    const res = await api(app, ann.token).post<ChatMessage>("/api/entities/messages", {
      channel_id: ch.id,
      content: `hi ${tok(ben)} and ${tok(outsider)} and @[Nobody](nobody@example.test)`,
      mentions: [cy.email],
      mentions_all: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.mentions).toEqual([ben.email]);
    expect(res.body.mentions_all).toBe(false);
    // Over the socket, the same rule.
    const s = await open(ann);
    const viaSocket = await call<ChatMessage>(s, "messages.create", { channel_id: ch.id, content: `${tok(cy)} ${tok(ann)}` });
    expect(viaSocket.ok && [...viaSocket.data.mentions].sort()).toEqual([ann.email, cy.email].sort());
  });

  it("recomputes mentions on edit: editing one out removes it, and the mention badge follows", async () => {
    const ch = await makeChannel(app, { name: "m-edit", type: "private", members: [ann.email, ben.email] });
    const m = (await post(ann, ch.id, `look ${tok(ben)}`)).body;
    expect(m.mentions).toEqual([ben.email]);
    expect(await mentionsOf(ben, ch.id)).toBe(1);
    const listener = await open(ben);
    const seen = record<{ table: string; op: string; row: ChatMessage | null }>(listener, "entities.change");
    const edited = await api(app, ann.token).patch<ChatMessage>(`/api/entities/messages/${m.id}`, { content: "look, nobody" });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ mentions: [], mentions_all: false });
    const pushed = await until(seen, (c) => c.table === "messages" && c.op === "update");
    expect(pushed.row?.mentions).toEqual([]);
    expect(await mentionsOf(ben, ch.id)).toBe(0);
    const back = await api(app, ann.token).patch<ChatMessage>(`/api/entities/messages/${m.id}`, { content: `again ${tok(ben)}` });
    expect(back.body.mentions).toEqual([ben.email]);
    expect(await mentionsOf(ben, ch.id)).toBe(1);
  });

  it("refuses @channel and @here from a member, allows them for a manager; counts them for everyone", async () => {
    const ch = await makeChannel(app, { name: "m-all", type: "private", members: [ann.email, ben.email, boss.email] });
    const refused = await post(ann, ch.id, "@channel lunch?");
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain(MENTION_ALL_REFUSED);
    const s = await open(ann);
    expect(await call(s, "messages.create", { channel_id: ch.id, content: "hey @here" })).toEqual({ ok: false, error: MENTION_ALL_REFUSED });
    // An address that merely contains it is no mention.
    expect((await post(ann, ch.id, "mail me at ann@here.org")).status).toBe(201);
    // Nor may a member edit it in.
    const plain = (await post(ann, ch.id, "plain")).body;
    expect((await api(app, ann.token).patch(`/api/entities/messages/${plain.id}`, { content: "@here plain" })).status).toBe(403);
    const ok = await post(boss, ch.id, "@here standup");
    expect(ok.status).toBe(201);
    expect(ok.body.mentions_all).toBe(true);
    expect(await mentionsOf(ben, ch.id)).toBe(1);
    expect(await mentionsOf(ann, ch.id)).toBe(1);
    // One's own messages never count.
    expect(await mentionsOf(boss, ch.id)).toBe(0);
  });

  it("counts only mentions after the read position", async () => {
    const ch = await makeChannel(app, { name: "m-count", type: "private", members: [ann.email, ben.email] });
    const first = (await post(ann, ch.id, `one ${tok(ben)}`)).body;
    await post(ann, ch.id, "no mention");
    await post(ann, ch.id, `two ${tok(ben)}`);
    expect(await mentionsOf(ben, ch.id)).toBe(2);
    await api(app, ben.token).post("/api/chat/read", { channel_id: ch.id, message_id: first.id });
    expect(await mentionsOf(ben, ch.id)).toBe(1);
  });

  it("answers receipts in small channels only between people who have them on, both ways, and live", async () => {
    const dm = (await api(app, ann.token).post<{ id: number }>("/api/channels/dm", { user_id: cy.user.id })).body;
    const m = (await post(ann, dm.id, "did you see this?")).body;
    const annSocket = await open(ann);
    const pushes = record<ChannelReceipt>(annSocket, "channel_receipts.update");
    const cySocket = await open(cy);
    expect(await call(cySocket, "channel_reads.update", { channel_id: dm.id, message_id: m.id })).toMatchObject({ ok: true });
    const live = await until(pushes, (r) => r.channel_id === dm.id);
    expect(live).toEqual({ channel_id: dm.id, user_id: cy.user.id, user_email: cy.email, last_read_message_id: m.id });
    expect(await receipts(ann, dm.id)).toEqual({ channel_id: dm.id, enabled: true, receipts: [live] });
    // Not for someone who may not read the channel.
    expect((await api(app, outsider.token).get(`/api/chat/receipts?channel_id=${dm.id}`)).status).toBe(404);
    expect((await api(app, ann.token).get(`/api/chat/receipts?channel_id=abc`)).status).toBe(400);

    // Cy turns receipts off: Cy's position is no longer shown or pushed, and Cy sees nobody's.
    expect((await setReceipts(cy, false)).status).toBe(200);
    const m2 = (await post(ann, dm.id, "and this?")).body;
    pushes.length = 0;
    await call(cySocket, "channel_reads.update", { channel_id: dm.id, message_id: m2.id });
    await api(app, ann.token).post("/api/chat/read", { channel_id: dm.id, message_id: m2.id });
    expect(await receipts(ann, dm.id)).toEqual({ channel_id: dm.id, enabled: true, receipts: [] });
    expect(await receipts(cy, dm.id)).toEqual({ channel_id: dm.id, enabled: false, receipts: [] });
    await sleep(300);
    expect(pushes).toEqual([]);

    // Ann turns hers off, Cy back on: Ann gets nothing, and Ann's moves reach nobody.
    await setReceipts(cy, true);
    await setReceipts(ann, false);
    const cyPushes = record<ChannelReceipt>(cySocket, "channel_receipts.update");
    const m3 = (await post(cy, dm.id, "ping")).body;
    await call(annSocket, "channel_reads.update", { channel_id: dm.id, message_id: m3.id });
    expect(await receipts(ann, dm.id)).toEqual({ channel_id: dm.id, enabled: false, receipts: [] });
    expect((await receipts(cy, dm.id)).receipts).toEqual([]);
    await sleep(300);
    expect(cyPushes).toEqual([]);
    await setReceipts(ann, true);
  });

  it("has no receipts in channels of more than 20 members", async () => {
    const many = Array.from({ length: 20 }, (_, i) => `filler${i}@example.test`);
    const big = await makeChannel(app, { name: "m-big", type: "private", members: [ann.email, ben.email, ...many] });
    const m = (await post(ann, big.id, "hello all")).body;
    const annSocket = await open(ann);
    const pushes = record<ChannelReceipt>(annSocket, "channel_receipts.update");
    await api(app, ben.token).post("/api/chat/read", { channel_id: big.id, message_id: m.id });
    expect(await receipts(ann, big.id)).toEqual({ channel_id: big.id, enabled: false, receipts: [] });
    await sleep(300);
    expect(pushes).toEqual([]);
  });
});
