// Paging a thread's replies (docs/threads.md): the thread pane asks the Entity API for the
// newest page (`where={"thread_root_id":R}&sort=-id&limit=N`) and then the page before the
// oldest reply it holds (`"id":{"lt":X}`), the channel list's keyset paging. Pages neither repeat
// nor skip a reply, also when replies (the cursor's own among them) are deleted between pages,
// and a reader without the channel gets none.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { ChatMessage } from "@shared/entities";
import { LIMITS } from "@shared/constants";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { call, connect, type ClientSocket } from "../../test/clients";

const PAGE = LIMITS.messagePageSize;

describe.each(ENGINES)("thread paging (%s)", (engine) => {
  let app: TestApp;
  let ann: TestUser, bob: TestUser, outsider: TestUser;
  let annSocket: ClientSocket, bobSocket: ClientSocket;

  beforeAll(async () => {
    app = await startTestApp(engine);
    ann = await makeUser(app, { full_name: "Ann Pager" });
    bob = await makeUser(app, { full_name: "Bob Pager" });
    outsider = await makeUser(app, { full_name: "Otto Pager" });
    [annSocket, bobSocket] = await Promise.all([connect(app.url, ann.token), connect(app.url, bob.token)]);
  }, 240_000);
  afterAll(async () => {
    annSocket?.close();
    bobSocket?.close();
    await app?.stop();
  }, 60_000);

  const send = async (s: ClientSocket, input: Record<string, unknown>) => {
    const ack = await call<ChatMessage>(s, "messages.create", input);
    if (!ack.ok) throw new Error(ack.error);
    return ack.data;
  };
  /** One page as the client asks for it (client/src/features/chat/api.ts, fetchMessagePage). */
  const page = async (u: TestUser, rootId: number, beforeId?: number) => {
    const where = beforeId == null ? { thread_root_id: rootId } : { thread_root_id: rootId, id: { lt: beforeId } };
    const res = await api(app, u.token).get<ChatMessage[]>(`/api/entities/messages?where=${encodeURIComponent(JSON.stringify(where))}&sort=-id&limit=${PAGE}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const ids = (rows: ChatMessage[]) => rows.map((m) => m.id);

  it("pages a thread from its newest reply back to its first, without repeats or gaps, across deletes", async () => {
    const ch = await api(app, ann.token).post("/api/entities/channels", { name: `paging-${engine}`, type: "private", members: [ann.email, bob.email] });
    expect(ch.status).toBe(201);
    const root = await send(annSocket, { channel_id: ch.body.id, content: "a long thread" });
    // Another thread and channel messages interleaved: a page holds only this thread's replies.
    const other = await send(annSocket, { channel_id: ch.body.id, content: "another thread" });
    const total = 2 * PAGE + 10;
    const replies: ChatMessage[] = [];
    for (let i = 0; i < total; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, total - i) }, (_, k) => send([annSocket, bobSocket][k % 2], { channel_id: ch.body.id, thread_root_id: root.id, content: `reply ${i + k}` })),
      );
      replies.push(...batch);
      await send(bobSocket, { channel_id: ch.body.id, thread_root_id: other.id, content: `elsewhere ${i}` });
      await send(bobSocket, { channel_id: ch.body.id, content: `in the channel ${i}` });
    }
    const all = ids(replies).sort((a, b) => a - b);

    const first = await page(bob, root.id);
    expect(ids(first)).toEqual(all.slice(-PAGE).reverse());
    expect(first.every((m) => m.thread_root_id === root.id)).toBe(true);

    // Between pages: the cursor (the oldest reply held) and a reply of the next page are deleted.
    const cursor = first[first.length - 1].id;
    const goneInNext = all[all.length - PAGE - 5];
    for (const id of [cursor, goneInNext]) {
      const sender = replies.find((m) => m.id === id)?.sender_email === ann.email.toLowerCase() ? ann : bob;
      expect((await api(app, sender.token).delete(`/api/entities/messages/${id}`)).status).toBe(200);
    }

    const second = await page(bob, root.id, cursor);
    const remaining = all.filter((id) => id < cursor && id !== goneInNext);
    expect(ids(second)).toEqual(remaining.slice(-PAGE).reverse());
    const third = await page(bob, root.id, second[second.length - 1].id);
    expect(ids(third)).toEqual(remaining.slice(0, remaining.length - PAGE).reverse());
    expect(third.length).toBeLessThan(PAGE); // a short page: the client stops asking
    expect(third[third.length - 1].id).toBe(all[0]);

    const seen = [...ids(first), ...ids(second), ...ids(third)];
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => a - b)).toEqual(all.filter((id) => id !== goneInNext));
    expect((await page(bob, root.id, all[0])).length).toBe(0);

    // The root's counters agree with what paging finds.
    const after = await api(app, bob.token).get<ChatMessage>(`/api/entities/messages/${root.id}`);
    expect(after.body.reply_count).toBe(total - 2);

    // Someone outside the private channel pages nothing.
    expect(await page(outsider, root.id)).toEqual([]);
    expect(await page(outsider, root.id, cursor)).toEqual([]);
  }, 120_000);

  it("refuses a malformed cursor with a clear error", async () => {
    const where = encodeURIComponent(JSON.stringify({ thread_root_id: 1, id: { lt: "soon" } }));
    const res = await api(app, ann.token).get(`/api/entities/messages?where=${where}&sort=-id&limit=${PAGE}`);
    expect(res.status).toBe(400);
    expect(typeof (res.body as { error: string }).error).toBe("string");
  });
});
