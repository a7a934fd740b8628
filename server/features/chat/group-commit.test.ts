// Group commit of replies and reactions (./replies.ts, ./reactions.ts): writes sent at once share
// a transaction, yet each keeps the single write's rules and answers. Many replies to one root at
// once give exact counters, one change record per row and the right follows; a refused reply does
// not fail its neighbours; identical reactions at once store one; toggling one reaction from
// several places at once leaves the table and its change records agreeing.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { ChatMessage, MessageReaction } from "@shared/entities";
import type { EntityChange } from "@shared/realtime";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { call, connect, record, until, type ClientSocket } from "../../test/clients";
import { NOT_A_ROOT, threadFollowsAudience } from "./threads.policy";
import { messageAudience } from "./messages.policy";
import { REACTION_EXISTS } from "./repository";
import { channelRowAudience } from "./channel-rows";

describe.each(ENGINES)("group commit of replies and reactions (%s)", (engine) => {
  let app: TestApp;
  let ann: TestUser, bob: TestUser, cat: TestUser, dan: TestUser, outsider: TestUser;
  let annSocket: ClientSocket, bobSocket: ClientSocket, catSocket: ClientSocket, outSocket: ClientSocket;

  beforeAll(async () => {
    app = await startTestApp(engine);
    ann = await makeUser(app, { full_name: "Ann Starter" });
    bob = await makeUser(app, { full_name: "Bob Replier" });
    cat = await makeUser(app, { full_name: "Cat Replier" });
    dan = await makeUser(app, { full_name: "Dan Mentioned" });
    outsider = await makeUser(app, { full_name: "Otto Outsider" });
    [annSocket, bobSocket, catSocket, outSocket] = await Promise.all([ann, bob, cat, outsider].map((u) => connect(app.url, u.token)));
  }, 240_000);
  afterAll(async () => {
    for (const s of [annSocket, bobSocket, catSocket, outSocket]) s?.close();
    await app?.stop();
  }, 60_000);

  const channel = async (name: string) => {
    const seen = [annSocket, bobSocket, catSocket].map((s) => record<EntityChange>(s, "entities.change"));
    const res = await api(app, ann.token).post("/api/entities/channels", { name, type: "private", members: [ann.email, bob.email, cat.email, dan.email] });
    expect(res.status).toBe(201);
    for (const list of seen) await until(list, (c) => c.table === "channels" && c.id === res.body.id);
    return res.body as { id: number };
  };
  const send = async (s: ClientSocket, input: Record<string, unknown>) => {
    const ack = await call<ChatMessage>(s, "messages.create", input);
    if (!ack.ok) throw new Error(ack.error);
    return ack.data;
  };
  const records = (tbl: string, ids: number[]) =>
    app.ctx.db.selectFrom("changes").select(["seq", "op", "row_id"]).where("tbl", "=", tbl).where("row_id", "in", ids.length ? ids : [0]).orderBy("seq").execute();
  const follows = (rootId: number) => app.ctx.db.selectFrom("thread_follows").select(["user_id", "following"]).where("thread_root_id", "=", rootId).execute();

  it("counts many replies to one root sent at once exactly, with a record for every row and the right follows", async () => {
    const ch = await channel("gc-replies");
    const [root, other] = [await send(annSocket, { channel_id: ch.id, content: "root" }), await send(catSocket, { channel_id: ch.id, content: "other root" })];
    const earlier = await send(bobSocket, { channel_id: ch.id, thread_root_id: other.id, content: "earlier" });
    const catSees = record<EntityChange>(catSocket, "entities.change");
    const mention = `@[Dan Mentioned](${dan.email})`;
    const sends = Array.from({ length: 40 }, (_, i) => {
      const [s, input] = [
        [bobSocket, { channel_id: ch.id, thread_root_id: root.id, content: `r${i}` }],
        [catSocket, { channel_id: ch.id, thread_root_id: root.id, content: `r${i} ${mention}`, also_to_channel: i === 1 }],
        [annSocket, { channel_id: ch.id, thread_root_id: other.id, content: `o${i}` }],
      ][i % 3] as [ClientSocket, Record<string, unknown>];
      return call<ChatMessage>(s, "messages.create", input);
    });
    // Refused in the same moment: a reply to a reply, and a reply to a channel one may not read.
    const toReply = call<ChatMessage>(bobSocket, "messages.create", { channel_id: ch.id, thread_root_id: earlier.id, content: "nested" });
    const unreadable = call<ChatMessage>(outSocket, "messages.create", { channel_id: ch.id, thread_root_id: root.id, content: "intruder" });
    const acks = await Promise.all(sends);
    expect(await toReply).toEqual({ ok: false, error: NOT_A_ROOT });
    expect(await unreadable).toEqual({ ok: false, error: "Channel not found" });
    const replies = acks.map((a) => (a.ok ? a.data : expect.fail(a.error)));
    const toRoot = replies.filter((r) => r.thread_root_id === root.id);
    const toOther = replies.filter((r) => r.thread_root_id === other.id);
    expect([toRoot.length, toOther.length]).toEqual([27, 13]);

    const [r, o] = await Promise.all([root.id, other.id].map(async (id) => (await api(app, ann.token).get(`/api/entities/messages/${id}`)).body as ChatMessage));
    expect(r.reply_count).toBe(27);
    expect(o.reply_count).toBe(14);
    const newest = (list: ChatMessage[]) => list.reduce((a, b) => (b.id > a.id ? b : a));
    // The latest reply time, which need not be the highest id's: two batches in flight at once may
    // give the later id the earlier time (each takes its transaction's start).
    expect(r.last_reply_at).toBe(toRoot.map((x) => x.created_date).sort().at(-1));
    expect(r.repliers).toEqual([newest(toRoot).sender_email, ...[bob.email, cat.email].filter((e) => e !== newest(toRoot).sender_email)].map((e) => e.toLowerCase()));
    expect(o.repliers).toEqual([ann.email, bob.email].map((e) => e.toLowerCase()));
    // The mentioned reader is stored as mentioned, and the reply sent to the channel too.
    expect(toRoot.filter((x) => x.mentions.length).every((x) => x.mentions[0] === dan.email.toLowerCase())).toBe(true);
    expect(toRoot.find((x) => x.content.startsWith("r1 "))?.also_to_channel).toBe(true);

    // One create record per reply, every one pushed to a reader; each root updated at least once.
    const created = await records("messages", replies.map((x) => x.id));
    expect(created.filter((c) => c.op === "create").map((c) => c.row_id).sort((a, b) => a - b)).toEqual(replies.map((x) => x.id).sort((a, b) => a - b));
    for (const x of replies) await until(catSees, (c) => c.table === "messages" && c.op === "create" && c.id === x.id);
    const rootUpdates = await records("messages", [root.id, other.id]);
    expect(new Set(rootUpdates.filter((c) => c.op === "update").map((c) => c.row_id))).toEqual(new Set([root.id, other.id]));

    // Followers: the repliers, the starter, the mentioned; one row each, each made once.
    const f = await follows(root.id);
    expect(f.map((x) => x.user_id).sort()).toEqual([ann, bob, cat, dan].map((u) => u.user.id).sort());
    expect(f.every((x) => x.following)).toBe(true);
    const rows = await app.ctx.db.selectFrom("thread_follows").select("id").where("thread_root_id", "=", root.id).execute();
    const made = await records("thread_follows", rows.map((x) => x.id));
    expect(made.filter((c) => c.op === "create")).toHaveLength(4);
    // Records stored by the batch's statements name the rooms the policies name.
    const audiences = await app.ctx.db.selectFrom("changes").select(["tbl", "row_id", "audience"]).where("row_id", "in", [...rows.map((x) => x.id), ...replies.map((x) => x.id), root.id]).execute();
    const follow = new Map((await app.ctx.db.selectFrom("thread_follows").select(["id", "user_id"]).where("thread_root_id", "=", root.id).execute()).map((x) => [x.id, x.user_id]));
    for (const a of audiences.filter((x) => x.tbl === "thread_follows" && follow.has(x.row_id))) expect(a.audience).toEqual(threadFollowsAudience({ user_id: follow.get(a.row_id)! }));
    for (const a of audiences.filter((x) => x.tbl === "messages")) expect(a.audience).toEqual(messageAudience({ channel_id: ch.id }));
  });

  it("follows again a replier who unfollowed, but not the starter, when replies arrive together", async () => {
    const ch = await channel("gc-refollow");
    const root = await send(annSocket, { channel_id: ch.id, content: "root" });
    await send(bobSocket, { channel_id: ch.id, thread_root_id: root.id, content: "first" });
    for (const [s, u] of [[annSocket, ann], [bobSocket, bob]] as const) {
      const ack = await call(s, "thread_follows.update", { thread_root_id: root.id, following: false });
      expect(ack.ok, u.email).toBe(true);
    }
    const acks = await Promise.all([bobSocket, catSocket, bobSocket, catSocket].map((s, i) => call<ChatMessage>(s, "messages.create", { channel_id: ch.id, thread_root_id: root.id, content: `again ${i}` })));
    expect(acks.every((a) => a.ok)).toBe(true);
    const byUser = new Map((await follows(root.id)).map((x) => [x.user_id, x.following]));
    expect([ann, bob, cat].map((u) => byUser.get(u.user.id))).toEqual([false, true, true]);
  });

  it("stores one of identical reactions sent at once and tells the others it exists", async () => {
    const ch = await channel("gc-reactions");
    const msg = await send(annSocket, { channel_id: ch.id, content: "react to me" });
    const bobSees = record<EntityChange>(bobSocket, "entities.change");
    const acks = await Promise.all([
      ...Array.from({ length: 8 }, () => call<MessageReaction>(catSocket, "message_reactions.create", { message_id: msg.id, emoji: "🎉" })),
      ...[annSocket, bobSocket].map((s) => call<MessageReaction>(s, "message_reactions.create", { message_id: msg.id, emoji: "🎉" })),
      call<MessageReaction>(outSocket, "message_reactions.create", { message_id: msg.id, emoji: "🎉" }),
    ]);
    const cats = acks.slice(0, 8);
    expect(cats.filter((a) => a.ok)).toHaveLength(1);
    for (const a of cats.filter((x) => !x.ok)) expect(a).toEqual({ ok: false, error: `Insert failed: ${REACTION_EXISTS}` });
    expect(acks.slice(8, 10).every((a) => a.ok)).toBe(true);
    expect(acks[10]).toEqual({ ok: false, error: "Message not found" });
    const stored = await app.ctx.db.selectFrom("message_reactions").select(["id", "user_email"]).where("message_id", "=", msg.id).execute();
    expect(stored.map((x) => x.user_email).sort()).toEqual([ann.email, bob.email, cat.email].map((e) => e.toLowerCase()).sort());
    const made = await records("message_reactions", stored.map((x) => x.id));
    expect(made.map((c) => c.op)).toEqual(["create", "create", "create"]);
    // Stored by the insert's own statement, for the rooms the policy names.
    const rooms = await app.ctx.db.selectFrom("changes").select("audience").where("tbl", "=", "message_reactions").where("row_id", "in", stored.map((x) => x.id)).execute();
    for (const r of rooms) expect(r.audience).toEqual(channelRowAudience({ channel_id: ch.id }));
    for (const x of stored) await until(bobSees, (c) => c.table === "message_reactions" && c.op === "create" && c.id === x.id);
  });

  it("leaves a reaction toggled from several places at once as its change records say", async () => {
    const ch = await channel("gc-toggle");
    const msg = await send(annSocket, { channel_id: ch.id, content: "toggle me" });
    // A toggle as a client does it: add, and when it is there already, remove the one that is there.
    const toggle = async () => {
      const made = await call<MessageReaction>(bobSocket, "message_reactions.create", { message_id: msg.id, emoji: "👍" });
      if (made.ok) return;
      const mine = await app.ctx.db.selectFrom("message_reactions").select("id").where("message_id", "=", msg.id).where("emoji", "=", "👍").executeTakeFirst();
      if (mine) await call(bobSocket, "message_reactions.delete", { id: mine.id });
    };
    const from = await app.ctx.db.selectFrom("changes").select((eb) => eb.fn.max("seq").as("seq")).executeTakeFirstOrThrow();
    for (let round = 0; round < 3; round++) await Promise.all(Array.from({ length: 6 }, toggle));
    const all = await app.ctx.db.selectFrom("changes").select(["op", "row_id"]).where("tbl", "=", "message_reactions").where("seq", ">", Number(from.seq)).orderBy("seq").execute();
    expect(all.length).toBeGreaterThan(1);
    const live = new Set<number>();
    for (const c of all) {
      if (c.op === "create") live.add(c.row_id);
      else live.delete(c.row_id);
    }
    const rows = await app.ctx.db.selectFrom("message_reactions").select("id").where("message_id", "=", msg.id).execute();
    expect(rows.length).toBeLessThanOrEqual(1);
    expect([...live]).toEqual(rows.map((r) => r.id));
  });
});
