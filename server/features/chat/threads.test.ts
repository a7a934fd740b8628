// Threads (docs/threads.md): a reply goes through messages.create with thread_root_id, over the
// socket and REST; its root's counters move in the same transaction and reach every reader as an
// update of the root; the replier and the starter follow the thread; a reply to a reply is
// refused; a deleted reply recounts; a deleted root with replies stays as a placeholder; replies
// only in the thread do not count in the channel's unread, but do in the thread's; a catch-up
// returns all of it.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { ChannelUnread, ChatMessage, FollowedThread, ThreadFollow } from "@shared/entities";
import type { ChangesPage, EntityChange } from "@shared/realtime";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { call, connect, record, sleep, until, type ClientSocket } from "../../test/clients";
import { NOT_A_ROOT, FOLLOWS_NOT_DELETED } from "./threads.policy";
import { ROOT_ELSEWHERE } from "./threads";

describe.each(ENGINES)("threads (%s)", (engine) => {
  let app: TestApp;
  let ann: TestUser, bob: TestUser, cat: TestUser, outsider: TestUser;
  let annSocket: ClientSocket, bobSocket: ClientSocket, catSocket: ClientSocket;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    app = await startTestApp(engine);
    ann = await makeUser(app, { full_name: "Ann Starter" });
    bob = await makeUser(app, { full_name: "Bob Replier" });
    cat = await makeUser(app, { full_name: "Cat Reader" });
    outsider = await makeUser(app, { full_name: "Otto Outsider" });
    [annSocket, bobSocket, catSocket] = await Promise.all([connect(app.url, ann.token), connect(app.url, bob.token), connect(app.url, cat.token)]);
    sockets.push(annSocket, bobSocket, catSocket);
  }, 240_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app?.stop();
  }, 60_000);

  // Made through REST, so every member's socket joins the channel's room before the test goes on.
  const channel = async (name: string) => {
    const seen = [annSocket, bobSocket, catSocket].map((s) => record<EntityChange>(s, "entities.change"));
    const res = await api(app, ann.token).post("/api/entities/channels", { name, type: "private", members: [ann.email, bob.email, cat.email] });
    expect(res.status).toBe(201);
    for (const list of seen) await until(list, (c) => c.table === "channels" && c.id === res.body.id);
    return res.body as { id: number };
  };
  const send = async (s: ClientSocket, input: Record<string, unknown>) => {
    const ack = await call<ChatMessage>(s, "messages.create", input);
    if (!ack.ok) throw new Error(ack.error);
    return ack.data;
  };
  const threads = async (u: TestUser) => {
    const res = await api(app, u.token).get("/api/chat/threads");
    expect(res.status).toBe(200);
    return res.body.threads as FollowedThread[];
  };
  const channelUnread = async (u: TestUser, channelId: number) => {
    const res = await api(app, u.token).get("/api/chat/unread");
    return (res.body.channels as ChannelUnread[]).find((c) => c.channel_id === channelId)?.unread;
  };
  const getMessage = async (u: TestUser, id: number) => (await api(app, u.token).get(`/api/entities/messages/${id}`)).body as ChatMessage;

  it("counts replies sent at once, while reactions to the root are written alongside", async () => {
    const ch = await channel("threads-at-once");
    const root = await send(annSocket, { channel_id: ch.id, content: "busy root" });
    const emojis = ["👍", "❤️", "😂", "🎉", "🔥", "👀"];
    const results = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => call<ChatMessage>([bobSocket, catSocket][i % 2], "messages.create", { channel_id: ch.id, thread_root_id: root.id, content: `at once ${i}` })),
      ...emojis.map((emoji, i) => call([annSocket, bobSocket, catSocket][i % 3], "message_reactions.create", { message_id: root.id, emoji })),
    ]);
    for (const r of results) expect(r.ok, !r.ok ? r.error : "").toBe(true);
    const after = await getMessage(ann, root.id);
    expect(after.reply_count).toBe(12);
    expect([...after.repliers].sort()).toEqual([bob.email, cat.email].map((e) => e.toLowerCase()).sort());
    const reactions = await app.ctx.db.selectFrom("message_reactions").select("emoji").where("message_id", "=", root.id).execute();
    expect(reactions.map((r) => r.emoji).sort()).toEqual([...emojis].sort());
  });

  it("posts a reply over the socket and REST, moving its root's counters live for every reader", async () => {
    const ch = await channel("threads-reply");
    const root = await send(annSocket, { channel_id: ch.id, content: "root" });
    expect(root).toMatchObject({ thread_root_id: null, also_to_channel: false, reply_count: 0, last_reply_at: null, repliers: [], deleted_at: null });
    const catSees = record<EntityChange>(catSocket, "entities.change");
    const reply = await send(bobSocket, { channel_id: ch.id, content: "first reply", thread_root_id: root.id });
    expect(reply).toMatchObject({ thread_root_id: root.id, also_to_channel: false, sender_email: bob.email });
    await until(catSees, (c) => c.table === "messages" && c.op === "create" && c.id === reply.id);
    const pushedRoot = await until(catSees, (c) => c.table === "messages" && c.op === "update" && c.id === root.id);
    expect(pushedRoot.row).toMatchObject({ reply_count: 1, repliers: [bob.email], last_reply_at: reply.created_date });
    // The REST write is the same command.
    const viaRest = await api(app, cat.token).post("/api/entities/messages", { channel_id: ch.id, content: "second", thread_root_id: root.id, also_to_channel: true });
    expect(viaRest.status).toBe(201);
    expect(viaRest.body).toMatchObject({ thread_root_id: root.id, also_to_channel: true });
    const after = await getMessage(ann, root.id);
    expect(after).toMatchObject({ reply_count: 2, repliers: [cat.email, bob.email], last_reply_at: viaRest.body.created_date });
    // Pushed as REST answers it.
    expect((await until(catSees, (c) => c.id === root.id && c.op === "update" && (c.row as ChatMessage).reply_count === 2)).row).toEqual(after);
    // The thread's replies, listed by the thread.
    const list = await api(app, ann.token).get(`/api/entities/messages?where=${encodeURIComponent(JSON.stringify({ thread_root_id: root.id }))}&sort=id`);
    expect(list.body.map((m: ChatMessage) => m.id)).toEqual([reply.id, viaRest.body.id]);
  });

  it("refuses a reply to a reply, to another channel's message and to an unreadable one, in readable words", async () => {
    const ch = await channel("threads-refuse");
    const other = await channel("threads-refuse-other");
    const root = await send(annSocket, { channel_id: ch.id, content: "root" });
    const reply = await send(bobSocket, { channel_id: ch.id, content: "reply", thread_root_id: root.id });
    expect(await call(bobSocket, "messages.create", { channel_id: ch.id, content: "nested", thread_root_id: reply.id })).toEqual({ ok: false, error: NOT_A_ROOT });
    const rest = await api(app, bob.token).post("/api/entities/messages", { channel_id: ch.id, content: "nested", thread_root_id: reply.id });
    expect(rest).toMatchObject({ status: 400, body: { error: NOT_A_ROOT } });
    expect(await call(bobSocket, "messages.create", { channel_id: other.id, content: "x", thread_root_id: root.id })).toEqual({ ok: false, error: ROOT_ELSEWHERE });
    expect(await call(bobSocket, "messages.create", { channel_id: ch.id, content: "x", thread_root_id: "abc" })).toMatchObject({ ok: false, error: expect.stringMatching(/^thread_root_id: /) });
    expect(await call(bobSocket, "messages.create", { channel_id: ch.id, content: "x", also_to_channel: true })).toMatchObject({ ok: false, error: expect.stringMatching(/also_to_channel/) });
    // The outsider cannot read the channel: it is not found, whatever the root.
    const o = await connect(app.url, outsider.token);
    sockets.push(o);
    expect(await call(o, "messages.create", { channel_id: ch.id, content: "x", thread_root_id: root.id })).toEqual({ ok: false, error: "Channel not found" });
    expect((await getMessage(ann, root.id)).reply_count).toBe(1);
  });

  it("works out a reply's mentions like any message's, and the person mentioned follows the thread", async () => {
    const ch = await channel("threads-mention");
    const root = await send(annSocket, { channel_id: ch.id, content: "root" });
    const catSees = record<EntityChange>(catSocket, "entities.change");
    const reply = await send(bobSocket, { channel_id: ch.id, content: `@[Cat Reader](${cat.email}) and @[Otto Outsider](${outsider.email}), a look?`, thread_root_id: root.id });
    // The outsider may not read the channel: not mentioned, and follows nothing.
    expect(reply).toMatchObject({ thread_root_id: root.id, mentions: [cat.email.toLowerCase()], mentions_all: false });
    const follow = await until(catSees, (c) => c.table === "thread_follows" && c.op === "create");
    expect(follow.row).toMatchObject({ thread_root_id: root.id, user_id: cat.user.id, following: true });
    expect((await threads(cat)).find((t) => t.thread_root_id === root.id)).toMatchObject({ unread: 1 });
    expect((await threads(outsider)).some((t) => t.thread_root_id === root.id)).toBe(false);
  });

  it("follows the replier and the starter, unfollows, and counts each thread's unread replies", async () => {
    const ch = await channel("threads-follow");
    const root = await send(annSocket, { channel_id: ch.id, content: "root" });
    const annSees = record<EntityChange>(annSocket, "entities.change");
    const bobSees = record<EntityChange>(bobSocket, "entities.change");
    const catSees = record<EntityChange>(catSocket, "entities.change");
    const r1 = await send(bobSocket, { channel_id: ch.id, content: "r1", thread_root_id: root.id });
    // Both follows commit with the reply, each pushed to its owner only.
    const annFollow = await until(annSees, (c) => c.table === "thread_follows" && c.op === "create");
    expect(annFollow.row).toMatchObject({ thread_root_id: root.id, channel_id: ch.id, user_id: ann.user.id, following: true, last_read_message_id: 0 });
    await until(bobSees, (c) => c.table === "thread_follows" && (c.row as ThreadFollow).user_id === bob.user.id);
    await sleep(150);
    expect(catSees.filter((c) => c.table === "thread_follows")).toEqual([]);
    expect(annSees.filter((c) => c.table === "thread_follows" && (c.row as ThreadFollow | null)?.user_id !== ann.user.id)).toEqual([]);

    const r2 = await send(bobSocket, { channel_id: ch.id, content: "r2", thread_root_id: root.id });
    const mine = (await threads(ann)).find((t) => t.thread_root_id === root.id);
    expect(mine).toMatchObject({ channel_id: ch.id, last_read_message_id: 0, unread: 2, root: { id: root.id, reply_count: 2 } });
    // Bob's own replies are not unread for him; Cat follows nothing yet.
    expect((await threads(bob)).find((t) => t.thread_root_id === root.id)?.unread).toBe(0);
    expect((await threads(cat)).some((t) => t.thread_root_id === root.id)).toBe(false);

    // Reading moves the position forward only, never past the newest reply.
    const read1 = await call<ThreadFollow>(annSocket, "thread_follows.update", { thread_root_id: root.id, read_message_id: r1.id });
    expect(read1).toMatchObject({ ok: true, data: { last_read_message_id: r1.id, following: true } });
    expect((await threads(ann)).find((t) => t.thread_root_id === root.id)?.unread).toBe(1);
    const far = await call<ThreadFollow>(annSocket, "thread_follows.update", { thread_root_id: root.id, read_message_id: 2_000_000_000 });
    expect(far.ok && far.data.last_read_message_id).toBe(r2.id);
    const back = await call<ThreadFollow>(annSocket, "thread_follows.update", { thread_root_id: root.id, read_message_id: r1.id });
    expect(back.ok && back.data.last_read_message_id).toBe(r2.id);
    expect((await threads(ann)).find((t) => t.thread_root_id === root.id)?.unread).toBe(0);

    // Unfollowing takes it off the list; being the starter does not bring it back, replying does.
    const off = await api(app, ann.token).post("/api/chat/threads/follow", { thread_root_id: root.id, following: false });
    expect(off).toMatchObject({ status: 200, body: { following: false } });
    await send(bobSocket, { channel_id: ch.id, content: "r3", thread_root_id: root.id });
    expect((await threads(ann)).some((t) => t.thread_root_id === root.id)).toBe(false);
    await send(annSocket, { channel_id: ch.id, content: "me again", thread_root_id: root.id });
    expect((await threads(ann)).find((t) => t.thread_root_id === root.id)).toMatchObject({ unread: 1 });

    // Anyone who may read the thread may follow it; the row is never deleted, and it is theirs alone.
    const catFollow = await call<ThreadFollow>(catSocket, "thread_follows.update", { thread_root_id: root.id, following: true });
    expect(catFollow).toMatchObject({ ok: true, data: { user_id: cat.user.id, following: true, last_read_message_id: 0 } });
    if (!catFollow.ok) return;
    expect((await threads(cat)).find((t) => t.thread_root_id === root.id)?.unread).toBe(4);
    expect(await api(app, cat.token).delete(`/api/entities/thread_follows/${catFollow.data.id}`)).toMatchObject({ status: 403, body: { error: FOLLOWS_NOT_DELETED } });
    expect((await api(app, bob.token).get(`/api/entities/thread_follows/${catFollow.data.id}`)).status).toBe(404);
    // Refusals in words: a reply is not a thread, nothing to do, an unreadable thread is not found.
    expect(await call(catSocket, "thread_follows.update", { thread_root_id: r1.id, following: true })).toEqual({ ok: false, error: NOT_A_ROOT });
    expect(await call(catSocket, "thread_follows.update", { thread_root_id: root.id })).toMatchObject({ ok: false, error: expect.stringMatching(/following, read_message_id/) });
    expect(await api(app, outsider.token).post("/api/chat/threads/follow", { thread_root_id: root.id, following: true })).toMatchObject({ status: 404, body: { error: "Message not found" } });
  });

  it("does not count replies only in a thread in the channel's unread; replies also sent there do count", async () => {
    const ch = await channel("threads-unread");
    const root = await send(annSocket, { channel_id: ch.id, content: "root" });
    await call(catSocket, "channel_reads.update", { channel_id: ch.id, message_id: root.id });
    expect(await channelUnread(cat, ch.id)).toBe(0);
    await send(bobSocket, { channel_id: ch.id, content: "thread only", thread_root_id: root.id });
    expect(await channelUnread(cat, ch.id)).toBe(0);
    await send(bobSocket, { channel_id: ch.id, content: "to both", thread_root_id: root.id, also_to_channel: true });
    expect(await channelUnread(cat, ch.id)).toBe(1);
    // The channel's main list: roots and replies also sent there.
    const where = encodeURIComponent(JSON.stringify({ channel_id: ch.id, or: [{ thread_root_id: null }, { also_to_channel: true }] }));
    const main = await api(app, cat.token).get(`/api/entities/messages?where=${where}&sort=id`);
    expect(main.body.map((m: ChatMessage) => m.content)).toEqual(["root", "to both"]);
  });

  it("recounts a root when a reply is deleted, and keeps a deleted root with replies as a placeholder", async () => {
    const ch = await channel("threads-delete");
    const root = await send(annSocket, { channel_id: ch.id, content: "secret root" });
    const r1 = await send(bobSocket, { channel_id: ch.id, content: "r1", thread_root_id: root.id });
    const r2 = await send(catSocket, { channel_id: ch.id, content: "r2", thread_root_id: root.id });
    const catSees = record<EntityChange>(catSocket, "entities.change");
    expect((await api(app, cat.token).delete(`/api/entities/messages/${r2.id}`)).status).toBe(200);
    const recount = await until(catSees, (c) => c.table === "messages" && c.op === "update" && c.id === root.id);
    expect(recount.row).toMatchObject({ reply_count: 1, repliers: [bob.email], last_reply_at: r1.created_date });

    // The root is deleted while a reply remains: the row stays, without its text, for everyone.
    await api(app, ann.token).patch(`/api/entities/messages/${root.id}`, { content: "secret root, edited" });
    expect((await api(app, ann.token).delete(`/api/entities/messages/${root.id}`)).status).toBe(200);
    const placeholder = await until(catSees, (c) => c.table === "messages" && c.op === "update" && c.id === root.id && !!(c.row as ChatMessage).deleted_at);
    expect(placeholder.row).toMatchObject({ content: "", file_url: null, reply_count: 1, deleted_at: expect.any(String) });
    // Its earlier versions went with the text.
    await until(catSees, (c) => c.table === "message_edits" && c.op === "delete");
    expect((await api(app, cat.token).get(`/api/entities/message_edits?where=${encodeURIComponent(JSON.stringify({ message_id: root.id }))}`)).body).toEqual([]);
    expect((await getMessage(cat, root.id)).deleted_at).not.toBeNull();
    expect((await api(app, ann.token).patch(`/api/entities/messages/${root.id}`, { content: "back" })).status).toBe(403);
    // Still a thread one may reply in and read.
    const r3 = await send(catSocket, { channel_id: ch.id, content: "r3", thread_root_id: root.id });
    expect((await getMessage(cat, root.id)).reply_count).toBe(2);
    // Its last replies deleted, the placeholder has nothing left to hold: it goes too, and so do
    // its follows, each told to its owner.
    const annSees = record<EntityChange>(annSocket, "entities.change");
    expect((await api(app, bob.token).delete(`/api/entities/messages/${r1.id}`)).status).toBe(200);
    expect((await api(app, cat.token).delete(`/api/entities/messages/${r3.id}`)).status).toBe(200);
    await until(catSees, (c) => c.table === "messages" && c.op === "delete" && c.id === root.id);
    await until(annSees, (c) => c.table === "thread_follows" && c.op === "delete");
    expect((await threads(ann)).some((t) => t.thread_root_id === root.id)).toBe(false);
    expect((await api(app, cat.token).get(`/api/entities/messages/${root.id}`)).status).toBe(404);
    // A root without replies is removed as before.
    const lone = await send(annSocket, { channel_id: ch.id, content: "lone" });
    expect((await api(app, ann.token).delete(`/api/entities/messages/${lone.id}`)).status).toBe(200);
    expect((await api(app, ann.token).get(`/api/entities/messages/${lone.id}`)).status).toBe(404);
  });

  it("returns replies, roots' counters and follows in a catch-up", async () => {
    const ch = await channel("threads-catchup");
    const root = await send(annSocket, { channel_id: ch.id, content: "root" });
    // The point before the reply: a message of Ann's own after the root.
    const seen = record<EntityChange>(annSocket, "entities.change");
    const marker = await send(annSocket, { channel_id: ch.id, content: "marker" });
    const since = (await until(seen, (c) => c.id === marker.id)).seq;
    const reply = await send(bobSocket, { channel_id: ch.id, content: "while away", thread_root_id: root.id });
    const page = await call<ChangesPage>(annSocket, "changes.since", { since });
    if (!page.ok || page.data.reset) throw new Error(JSON.stringify(page));
    const got = page.data.changes;
    expect(got.find((c) => c.table === "messages" && c.id === reply.id)).toMatchObject({ op: "create", row: { thread_root_id: root.id } });
    // The root as it is now (its op is "create" when the catch-up also reaches back to its creation).
    expect(got.find((c) => c.table === "messages" && c.id === root.id)).toMatchObject({ row: { reply_count: 1, repliers: [bob.email] } });
    // A catch-up may reach back past the point (transactions still running then), so look for this thread's row.
    expect(got.find((c) => c.table === "thread_follows" && (c.row as ThreadFollow | null)?.thread_root_id === root.id)).toMatchObject({ row: { user_id: ann.user.id, following: true } });
  });
});
