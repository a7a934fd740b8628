// Resolving a thread (docs/threads.md): `messages.resolve` over the socket and POST
// /api/chat/threads/resolve write `resolved_at` and `resolved_by` on the root, in one transaction
// with its change record, so every reader of the channel gets the root's update live. The starter
// or anyone who manages the channel (an admin; the members and creator of a channel that is not a
// system one) may; anyone else gets a 403 in words, a reader of no such channel a 404.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { ChatMessage } from "@shared/entities";
import type { EntityChange } from "@shared/realtime";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { call, connect, record, until, type ClientSocket } from "../../test/clients";
import { NOT_A_ROOT, RESOLVE_REFUSED } from "./threads.policy";

describe.each(ENGINES)("resolving threads (%s)", (engine) => {
  let app: TestApp;
  let ann: TestUser, bob: TestUser, cat: TestUser, dave: TestUser, admin: TestUser, outsider: TestUser;
  let bobSocket: ClientSocket, catSocket: ClientSocket, daveSocket: ClientSocket, outsiderSocket: ClientSocket;

  beforeAll(async () => {
    app = await startTestApp(engine);
    ann = await makeUser(app, { full_name: "Ann Owner" });
    bob = await makeUser(app, { full_name: "Bob Starter" });
    cat = await makeUser(app, { full_name: "Cat Member" });
    dave = await makeUser(app, { full_name: "Dave Reader" });
    admin = await makeUser(app, { full_name: "Ada Admin", role: "admin" });
    outsider = await makeUser(app, { full_name: "Otto Outsider" });
    [bobSocket, catSocket, daveSocket, outsiderSocket] = await Promise.all([bob, cat, dave, outsider].map((u) => connect(app.url, u.token)));
  }, 240_000);
  afterAll(async () => {
    for (const s of [bobSocket, catSocket, daveSocket, outsiderSocket]) s?.close();
    await app?.stop();
  }, 60_000);

  const send = async (s: ClientSocket, input: Record<string, unknown>) => {
    const ack = await call<ChatMessage>(s, "messages.create", input);
    if (!ack.ok) throw new Error(ack.error);
    return ack.data;
  };
  const getMessage = async (u: TestUser, id: number) => (await api(app, u.token).get<ChatMessage>(`/api/entities/messages/${id}`)).body;
  /** A public channel: Ann made it with Cat as a member; Bob and Dave read it without being members. */
  const publicChannel = async (name: string, fields: Record<string, unknown> = {}, by = ann) => {
    const seen = [bobSocket, catSocket, daveSocket].map((s) => record<EntityChange>(s, "entities.change"));
    const res = await api(app, by.token).post("/api/entities/channels", { name, type: "public", members: [cat.email], ...fields });
    expect(res.status).toBe(201);
    for (const list of seen) await until(list, (c) => c.table === "channels" && c.id === res.body.id);
    return res.body as { id: number };
  };
  const isRootUpdate = (id: number) => (c: EntityChange) => c.table === "messages" && c.op === "update" && c.id === id;

  it("the starter resolves, everyone in the channel sees it live, someone who manages the channel reopens", async () => {
    const ch = await publicChannel(`resolve-${engine}`);
    const root = await send(bobSocket, { channel_id: ch.id, content: "Is the build green?" });
    await send(daveSocket, { channel_id: ch.id, content: "Looking", thread_root_id: root.id });
    expect(await getMessage(bob, root.id)).toMatchObject({ resolved_at: null, resolved_by: null });

    // Dave replied but neither started the thread nor manages the channel.
    expect(await call(daveSocket, "messages.resolve", { thread_root_id: root.id, resolved: true })).toEqual({ ok: false, error: RESOLVE_REFUSED });
    expect(await api(app, dave.token).post("/api/chat/threads/resolve", { thread_root_id: root.id, resolved: true })).toMatchObject({ status: 403, body: { error: RESOLVE_REFUSED } });
    expect((await getMessage(bob, root.id)).resolved_at).toBeNull();

    const catSees = record<EntityChange>(catSocket, "entities.change");
    const daveSees = record<EntityChange>(daveSocket, "entities.change");
    const resolved = await call<ChatMessage>(bobSocket, "messages.resolve", { thread_root_id: root.id, resolved: true });
    if (!resolved.ok) throw new Error(resolved.error);
    expect(resolved.data).toMatchObject({ id: root.id, resolved_by: bob.email.toLowerCase(), reply_count: 1 });
    expect(Date.parse(resolved.data.resolved_at ?? "")).toBeGreaterThan(Date.parse(root.created_date));
    // Pushed to every reader as REST shows it.
    const stored = await getMessage(dave, root.id);
    expect(stored).toEqual(resolved.data);
    for (const seen of [catSees, daveSees]) expect((await until(seen, isRootUpdate(root.id))).row).toEqual(stored);

    // Resolving again changes nothing: no second update arrives before Cat's reopen (a member
    // manages the channel), which is the next thing Dave sees of the root.
    expect(await call(bobSocket, "messages.resolve", { thread_root_id: root.id, resolved: true })).toEqual({ ok: true, data: stored });
    const reopened = await api(app, cat.token).post<ChatMessage>("/api/chat/threads/resolve", { thread_root_id: root.id, resolved: false });
    expect(reopened).toMatchObject({ status: 200, body: { id: root.id, resolved_at: null, resolved_by: null } });
    await until(daveSees, (c) => isRootUpdate(root.id)(c) && (c.row as ChatMessage).resolved_at === null);
    expect(daveSees.filter(isRootUpdate(root.id)).map((c) => (c.row as ChatMessage).resolved_by)).toEqual([bob.email.toLowerCase(), null]);

    // An admin manages every channel; Ann made this one.
    expect(await api(app, admin.token).post("/api/chat/threads/resolve", { thread_root_id: root.id, resolved: true })).toMatchObject({ status: 200, body: { resolved_by: admin.email.toLowerCase() } });
    expect(await api(app, ann.token).post("/api/chat/threads/resolve", { thread_root_id: root.id, resolved: false })).toMatchObject({ status: 200, body: { resolved_at: null } });
  });

  it("a member of a system channel does not manage it; the starter still resolves", async () => {
    const ch = await publicChannel(`resolve-system-${engine}`, { is_system: true }, admin);
    const root = await send(bobSocket, { channel_id: ch.id, content: "Office closed Friday?" });
    expect(await call(catSocket, "messages.resolve", { thread_root_id: root.id, resolved: true })).toEqual({ ok: false, error: RESOLVE_REFUSED });
    expect(await call(bobSocket, "messages.resolve", { thread_root_id: root.id, resolved: true })).toMatchObject({ ok: true, data: { resolved_by: bob.email.toLowerCase() } });
  });

  it("refuses a reply, a thread one may not read, bad input and the generic update of the fields", async () => {
    const priv = await api(app, bob.token).post("/api/entities/channels", { name: `resolve-private-${engine}`, type: "private", members: [bob.email] });
    expect(priv.status).toBe(201);
    const hidden = await send(bobSocket, { channel_id: priv.body.id, content: "private root" });
    expect(await call(outsiderSocket, "messages.resolve", { thread_root_id: hidden.id, resolved: true })).toEqual({ ok: false, error: "Message not found" });
    expect(await api(app, outsider.token).post("/api/chat/threads/resolve", { thread_root_id: 2_000_000_000, resolved: true })).toMatchObject({ status: 404 });

    const reply = await send(bobSocket, { channel_id: priv.body.id, content: "a reply", thread_root_id: hidden.id });
    expect(await call(bobSocket, "messages.resolve", { thread_root_id: reply.id, resolved: true })).toEqual({ ok: false, error: NOT_A_ROOT });

    for (const body of [{ thread_root_id: hidden.id }, { thread_root_id: hidden.id, resolved: "yes" }, { thread_root_id: hidden.id, resolved: true, resolved_by: "x@y.z" }, { resolved: true }, []]) {
      const res = await api(app, bob.token).post("/api/chat/threads/resolve", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as { error: string }).error).toMatch(/resolved|thread_root_id|Unrecognized|object/);
      const ack = await call(bobSocket, "messages.resolve", body);
      expect(ack).toMatchObject({ ok: false, error: (res.body as { error: string }).error });
    }
    // The fields are the command's alone: an edit's values for them are ignored, as for every server-set field.
    const patch = await api(app, bob.token).patch<ChatMessage>(`/api/entities/messages/${hidden.id}`, { content: "edited", resolved_at: new Date().toISOString(), resolved_by: bob.email });
    expect(patch).toMatchObject({ status: 200, body: { content: "edited", resolved_at: null, resolved_by: null } });
    expect(await getMessage(bob, hidden.id)).toMatchObject({ resolved_at: null, resolved_by: null });
  });
});
