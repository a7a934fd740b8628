// Messages sent again with their client_id (docs/messages.md, "Sent when back online"): a retry
// over the socket or REST is answered with the message already stored (same id, no second row,
// record or push), also when the tries race; another person's same client_id is theirs; a reply
// retried likewise; a client_id used for another message or a malformed one is refused clearly.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { randomUUID } from "node:crypto";
import type { ChatMessage } from "@shared/entities";
import { ENGINES, startTestApp, makeUser, makeChannel, api, type TestApp, type TestUser } from "../../test/harness";
import { call, connect, recordMessages, sleep, type ClientSocket } from "../../test/clients";
import { CLIENT_ID_TAKEN } from "./client-ids";

describe.each(ENGINES)("messages sent again with their client_id (%s)", (engine) => {
  let app: TestApp;
  let ann: TestUser, bob: TestUser;
  let annSocket: ClientSocket, bobSocket: ClientSocket;
  let channel: { id: number };

  beforeAll(async () => {
    app = await startTestApp(engine);
    ann = await makeUser(app, { full_name: "Ann Retry" });
    bob = await makeUser(app, { full_name: "Bob Reader" });
    channel = await makeChannel(app, { name: "retries", type: "private", members: [ann.email, bob.email] });
    [annSocket, bobSocket] = await Promise.all([ann, bob].map((u) => connect(app.url, u.token)));
  }, 240_000);
  afterAll(async () => {
    for (const s of [annSocket, bobSocket]) s?.close();
    await app?.stop();
  }, 60_000);

  const stored = (clientId: string) => app.ctx.db.selectFrom("messages").select(["id", "sender_id"]).where("client_id", "=", clientId).execute();
  const records = async (ids: number[]) =>
    (await app.ctx.db.selectFrom("changes").select("row_id").where("tbl", "=", "messages").where("op", "=", "create").where("row_id", "in", ids).execute()).length;
  const ok = <T>(ack: { ok: true; data: T } | { ok: false; error: string }) => (ack.ok ? ack.data : expect.fail(ack.error));

  it("answers a retry over the socket with the stored message, once stored, recorded and pushed", async () => {
    const pushed = recordMessages(bobSocket);
    const client_id = randomUUID();
    const input = { channel_id: channel.id, content: "sent twice @[Bob Reader](" + bob.email + ")", client_id };
    const first = ok(await call<ChatMessage>(annSocket, "messages.create", input));
    const again = ok(await call<ChatMessage>(annSocket, "messages.create", input));
    expect(first.client_id).toBe(client_id);
    expect(again).toEqual(first);
    expect(await stored(client_id)).toEqual([{ id: first.id, sender_id: ann.user.id }]);
    expect(await records([first.id])).toBe(1);
    await sleep(300);
    expect(pushed.filter((m) => m.id === first.id)).toHaveLength(1);
  });

  it("answers a retry over REST with 200 and the stored message, whichever way the first try went", async () => {
    const client_id = randomUUID();
    const viaSocket = ok(await call<ChatMessage>(annSocket, "messages.create", { channel_id: channel.id, content: "socket first", client_id }));
    const viaRest = await api(app, ann.token).post("/api/entities/messages", { channel_id: channel.id, content: "socket first", client_id });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body).toEqual(viaSocket);

    const other = randomUUID().toUpperCase();
    const created = await api(app, ann.token).post("/api/entities/messages", { channel_id: channel.id, content: "rest first", client_id: other });
    expect(created.status).toBe(201);
    expect(created.body.client_id).toBe(other.toLowerCase());
    const again = await api(app, ann.token).post("/api/entities/messages", { channel_id: channel.id, content: "rest first", client_id: other.toLowerCase() });
    expect([again.status, again.body.id]).toEqual([200, created.body.id]);
    expect(await stored(other.toLowerCase())).toHaveLength(1);
    expect(await records([viaSocket.id, created.body.id])).toBe(2);
  });

  it("stores one message when tries race, over the socket and REST at once", async () => {
    const pushed = recordMessages(bobSocket);
    const client_id = randomUUID();
    const input = { channel_id: channel.id, content: "racing", client_id };
    const [a, b, c, d] = await Promise.all([
      call<ChatMessage>(annSocket, "messages.create", input),
      call<ChatMessage>(annSocket, "messages.create", input),
      api(app, ann.token).post<ChatMessage>("/api/entities/messages", input),
      api(app, ann.token).post<ChatMessage>("/api/entities/messages", input),
    ]);
    const ids = [ok(a).id, ok(b).id, c.body.id, d.body.id];
    expect(new Set(ids).size).toBe(1);
    expect([c.status, d.status].every((s) => s === 200 || s === 201)).toBe(true);
    expect(await stored(client_id)).toHaveLength(1);
    expect(await records([ids[0]])).toBe(1);
    await sleep(300);
    expect(pushed.filter((m) => m.id === ids[0])).toHaveLength(1);
  });

  it("keeps another person's message with the same client_id apart", async () => {
    const client_id = randomUUID();
    const annMsg = ok(await call<ChatMessage>(annSocket, "messages.create", { channel_id: channel.id, content: "ann's", client_id }));
    const bobMsg = ok(await call<ChatMessage>(bobSocket, "messages.create", { channel_id: channel.id, content: "bob's", client_id }));
    expect(bobMsg.id).not.toBe(annMsg.id);
    expect([annMsg.sender_email, bobMsg.sender_email, bobMsg.content]).toEqual([ann.email, bob.email, "bob's"]);
    expect((await stored(client_id)).length).toBe(2);
  });

  it("answers a retried reply with the stored reply and counts it once on its root", async () => {
    const root = ok(await call<ChatMessage>(annSocket, "messages.create", { channel_id: channel.id, content: "a root" }));
    expect(root.client_id).toBeNull();
    const client_id = randomUUID();
    const input = { channel_id: channel.id, thread_root_id: root.id, content: "a reply", client_id };
    const [first, second] = await Promise.all([call<ChatMessage>(bobSocket, "messages.create", input), call<ChatMessage>(bobSocket, "messages.create", input)]);
    const third = ok(await call<ChatMessage>(bobSocket, "messages.create", input));
    expect(new Set([ok(first).id, ok(second).id, third.id]).size).toBe(1);
    const after = (await api(app, ann.token).get(`/api/entities/messages/${root.id}`)).body as ChatMessage;
    expect(after.reply_count).toBe(1);
  });

  it("refuses a client_id already used for another message and a malformed one, in clear words", async () => {
    const client_id = randomUUID();
    ok(await call<ChatMessage>(annSocket, "messages.create", { channel_id: channel.id, content: "first use", client_id }));
    const elsewhere = await makeChannel(app, { name: "elsewhere", type: "private", members: [ann.email] });
    expect(await call(annSocket, "messages.create", { channel_id: elsewhere.id, content: "reused", client_id })).toEqual({
      ok: false,
      error: `Insert failed: ${CLIENT_ID_TAKEN}`,
    });
    const viaRest = await api(app, ann.token).post("/api/entities/messages", { channel_id: elsewhere.id, content: "reused", client_id });
    expect([viaRest.status, viaRest.body.error]).toEqual([409, `Insert failed: ${CLIENT_ID_TAKEN}`]);

    const bad = await api(app, ann.token).post("/api/entities/messages", { channel_id: channel.id, content: "x", client_id: "not-a-uuid" });
    expect([bad.status, bad.body.error]).toEqual([400, "Insert failed: client_id: must be a UUID"]);
    const badSocket = await call(annSocket, "messages.create", { channel_id: channel.id, content: "x", client_id: 42 });
    expect(badSocket.ok).toBe(false);
    expect(badSocket.ok ? "" : badSocket.error).toContain("client_id: must be a UUID");
    const patch = await api(app, ann.token).patch(`/api/entities/messages/${(await stored(client_id))[0].id}`, { client_id: randomUUID() });
    expect([patch.status, patch.body.error]).toEqual([400, "Update failed: client_id cannot be changed"]);
  });
});
