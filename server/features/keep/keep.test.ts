// Pins, saved messages, reminders and scheduled messages (docs/messages.md), both ways: who may
// pin, that saved items and reminders are their owner's alone, the read rule on the Saved list,
// a reminder told once when two sweeps run at the same moment, a scheduled message posted once
// when posted twice, and one to a channel its author left failing visibly.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { ChatMessage } from "@shared/entities";
import type { EntityChange } from "@shared/realtime";
import type { KeptMessage, MessageReminder, ScheduledMessage } from "@shared/keep";
import { ENGINES, startTestApp, makeUser, makeChannel, makeMessage, api, type TestApp, type TestUser } from "../../test/harness";
import { connect, record, until, type ClientSocket } from "../../test/clients";
import { NOT_IN_CHANNEL, PIN_REFUSED } from "./policy";
import { fireDueReminders } from "./reminders";
import { postDueScheduled } from "./scheduled";
import { runRemind } from "./remind-command";

const HOUR = 3_600_000;
const later = (ms: number) => new Date(Date.now() + ms).toISOString();

describe.each(ENGINES)("keeping and planning messages (%s)", (engine) => {
  let app: TestApp;
  let ann: TestUser, bob: TestUser, cat: TestUser;
  let bobSocket: ClientSocket;

  beforeAll(async () => {
    app = await startTestApp(engine);
    ann = await makeUser(app, { full_name: "Ann Author" });
    bob = await makeUser(app, { full_name: "Bob Member" });
    cat = await makeUser(app, { full_name: "Cat Reader" });
    bobSocket = await connect(app.url, bob.token);
  }, 240_000);
  afterAll(async () => {
    bobSocket?.close();
    await app?.stop();
  }, 60_000);

  it("the author and the channel's managers pin; a reader who manages nothing may not; every reader sees it live", async () => {
    // Bob is a member (so manages it); Cat reads the public channel without being a member.
    const ch = await makeChannel(app, { type: "public", members: [ann.email, bob.email], created_by: ann.email });
    const m = await makeMessage(app, ch.id, ann, { content: "Release checklist" });
    const other = await makeMessage(app, ch.id, cat, { content: "Cat's own" });

    expect(await api(app, cat.token).post("/api/chat/pins", { message_id: m.id, pinned: true })).toMatchObject({ status: 403, body: { error: PIN_REFUSED } });
    // A socket joins its channels' rooms as it connects.
    const bobHere = await connect(app.url, bob.token);
    const seen = record<EntityChange>(bobHere, "entities.change");
    const pinned = await api(app, ann.token).post<ChatMessage>("/api/chat/pins", { message_id: m.id, pinned: true });
    expect(pinned.status).toBe(200);
    expect(pinned.body).toMatchObject({ id: m.id, pinned_by: ann.email.toLowerCase() });
    expect(pinned.body.pinned_at).toEqual(expect.any(String));
    const change = await until(seen, (c) => c.table === "messages" && c.id === m.id && c.op === "update");
    expect((change.row as ChatMessage).pinned_at).toBe(pinned.body.pinned_at);
    bobHere.close();
    // Cat may pin her own message, and everyone who reads the channel sees the list.
    expect((await api(app, cat.token).post("/api/chat/pins", { message_id: other.id, pinned: true })).status).toBe(200);
    const list = await api(app, cat.token).get<ChatMessage[]>(`/api/chat/pins?channel_id=${ch.id}`);
    expect(list.body.map((x) => x.id)).toEqual([other.id, m.id]);
    // Bob manages the channel: he unpins Ann's message.
    expect((await api(app, bob.token).post<ChatMessage>("/api/chat/pins", { message_id: m.id, pinned: false })).body.pinned_at).toBeNull();
    expect((await api(app, bob.token).get<ChatMessage[]>(`/api/chat/pins?channel_id=${ch.id}`)).body.map((x) => x.id)).toEqual([other.id]);
  });

  it("pins of a channel one cannot read are not found; bad input is a 400 in words", async () => {
    const secret = await makeChannel(app, { type: "private", members: [ann.email] });
    const m = await makeMessage(app, secret.id, ann);
    expect((await api(app, cat.token).post("/api/chat/pins", { message_id: m.id, pinned: true })).status).toBe(404);
    expect((await api(app, cat.token).get(`/api/chat/pins?channel_id=${secret.id}`)).status).toBe(404);
    expect(await api(app, ann.token).post("/api/chat/pins", { message_id: "x", pinned: true })).toMatchObject({ status: 400 });
    expect(await api(app, ann.token).post("/api/chat/pins", { message_id: m.id })).toMatchObject({ status: 400, body: { error: expect.stringContaining("pinned") } });
    expect((await api(app, ann.token).get("/api/chat/pins")).status).toBe(400);
  });

  it("saved messages are one's own, newest first, and leave the list when deleted or no longer readable", async () => {
    const open = await makeChannel(app, { type: "public", members: [] });
    const team = await makeChannel(app, { type: "private", members: [ann.email, bob.email] });
    const a = await makeMessage(app, open.id, ann, { content: "first" });
    const b = await makeMessage(app, team.id, ann, { content: "second" });
    const c = await makeMessage(app, open.id, ann, { content: "third" });
    for (const id of [a.id, b.id, c.id]) expect((await api(app, bob.token).post("/api/chat/saved", { message_id: id, saved: true })).status).toBe(200);
    // Saving twice keeps one.
    expect((await api(app, bob.token).post("/api/chat/saved", { message_id: a.id, saved: true })).status).toBe(200);
    const mine = async (u: TestUser) => (await api(app, u.token).get<KeptMessage[]>("/api/chat/saved")).body.map((k) => k.message.id);
    expect(await mine(bob)).toEqual([c.id, b.id, a.id]);
    expect(await mine(cat)).toEqual([]);
    // Cat cannot save what she cannot read.
    expect((await api(app, cat.token).post("/api/chat/saved", { message_id: b.id, saved: true })).status).toBe(404);

    await app.ctx.db.updateTable("channels").set({ members: [ann.email] }).where("id", "=", team.id).execute();
    expect(await mine(bob)).toEqual([c.id, a.id]);
    expect((await api(app, ann.token).delete(`/api/entities/messages/${c.id}`)).status).toBe(200);
    expect(await mine(bob)).toEqual([a.id]);
    expect((await api(app, bob.token).post("/api/chat/saved", { message_id: a.id, saved: false })).status).toBe(200);
    expect(await mine(bob)).toEqual([]);
  });

  it("a reminder is its owner's, refused in the past, and told once when two sweeps run at the same moment", async () => {
    const ch = await makeChannel(app, { type: "public", members: [] });
    const m = await makeMessage(app, ch.id, ann, { content: "Renew the certificate" });
    expect(await api(app, bob.token).post("/api/chat/reminders", { message_id: m.id, remind_at: later(-HOUR) })).toMatchObject({ status: 400, body: { error: "remind_at must be in the future" } });
    expect((await api(app, bob.token).post("/api/chat/reminders", { message_id: m.id, remind_at: "soon" })).status).toBe(400);
    const made = await api(app, bob.token).post<MessageReminder>("/api/chat/reminders", { message_id: m.id, remind_at: later(HOUR) });
    expect(made.status).toBe(201);
    expect((await api(app, cat.token).get<MessageReminder[]>("/api/chat/reminders")).body).toEqual([]);
    expect((await api(app, cat.token).delete(`/api/chat/reminders/${made.body.id}`)).status).toBe(404);
    expect((await api(app, bob.token).get<MessageReminder[]>("/api/chat/reminders")).body.map((r) => r.id)).toEqual([made.body.id]);

    // Two workers at the moment it is due (an hour from now; the app's own sweep sees it later).
    const due = new Date(Date.now() + 2 * HOUR);
    const claimed = await Promise.all([fireDueReminders(app.ctx, due), fireDueReminders(app.ctx, due)]);
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await fireDueReminders(app.ctx, due)).toBe(0);
    const jobs = await app.ctx.db.selectFrom("notification_jobs").selectAll().where("key", "=", `message_reminder:${made.body.id}`).execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ kind: "message_reminder", user_id: bob.user.id });
    expect(jobs[0].payload).toMatchObject({ body: "Renew the certificate", link: `/Chat?channel=${ch.id}&message=${m.id}` });
    // The notification worker lists it in Bob's notification centre, once.
    await expect
      .poll(async () => (await app.ctx.db.selectFrom("notifications").select(["kind", "link"]).where("user_id", "=", bob.user.id).where("kind", "=", "reminder").execute()).length, { timeout: 10_000 })
      .toBe(1);
    expect((await api(app, bob.token).get<MessageReminder[]>("/api/chat/reminders")).body).toEqual([]);
  });

  it("a scheduled message is posted once as its author, even posted twice at once", async () => {
    const ch = await makeChannel(app, { type: "private", members: [ann.email, bob.email] });
    const made = await api(app, bob.token).post<ScheduledMessage>("/api/chat/scheduled", { channel_id: ch.id, content: "Stand-up in 5", send_at: later(HOUR) });
    expect(made.status).toBe(201);
    expect((await api(app, ann.token).get<ScheduledMessage[]>(`/api/chat/scheduled?channel_id=${ch.id}`)).body).toEqual([]);
    expect((await api(app, ann.token).patch(`/api/chat/scheduled/${made.body.id}`, { content: "mine now" })).status).toBe(404);
    expect((await api(app, ann.token).delete(`/api/chat/scheduled/${made.body.id}`)).status).toBe(404);
    expect((await api(app, bob.token).patch<ScheduledMessage>(`/api/chat/scheduled/${made.body.id}`, { content: "Stand-up in 10" })).body.content).toBe("Stand-up in 10");
    expect((await api(app, bob.token).post("/api/chat/scheduled", { channel_id: ch.id, content: "  ", send_at: later(HOUR) })).status).toBe(400);
    expect((await api(app, cat.token).post("/api/chat/scheduled", { channel_id: ch.id, content: "hi", send_at: later(HOUR) })).status).toBe(404);

    const due = new Date(Date.now() + 2 * HOUR);
    const posted = await Promise.all([postDueScheduled(app.ctx, due), postDueScheduled(app.ctx, due)]);
    expect(posted.reduce((a, b) => a + b, 0)).toBe(1);
    const rows = await app.ctx.db.selectFrom("messages").selectAll().where("channel_id", "=", ch.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ content: "Stand-up in 10", sender_id: bob.user.id });
    const after = await app.ctx.db.selectFrom("scheduled_messages").selectAll().where("id", "=", made.body.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: "sent", message_id: rows[0].id });

    // A node that died after posting: the lease ran out, the next posts it again with its client_id.
    await app.ctx.db.updateTable("scheduled_messages").set({ status: "pending", lease_until: null }).where("id", "=", made.body.id).execute();
    expect(await postDueScheduled(app.ctx, due)).toBe(1);
    expect(await app.ctx.db.selectFrom("messages").select("id").where("channel_id", "=", ch.id).execute()).toHaveLength(1);
  });

  it("a scheduled message to a channel its author left fails visibly: marked failed with why, and they are told", async () => {
    const ch = await makeChannel(app, { type: "private", members: [ann.email, bob.email] });
    const made = await api(app, bob.token).post<ScheduledMessage>("/api/chat/scheduled", { channel_id: ch.id, content: "Anyone?", send_at: later(HOUR) });
    await app.ctx.db.updateTable("channels").set({ members: [ann.email] }).where("id", "=", ch.id).execute();
    await postDueScheduled(app.ctx, new Date(Date.now() + 2 * HOUR));
    expect(await app.ctx.db.selectFrom("messages").select("id").where("channel_id", "=", ch.id).execute()).toHaveLength(0);
    const listed = (await api(app, bob.token).get<ScheduledMessage[]>(`/api/chat/scheduled?channel_id=${ch.id}`)).body;
    expect(listed).toEqual([expect.objectContaining({ id: made.body.id, status: "failed", error: NOT_IN_CHANNEL })]);
    const jobs = await app.ctx.db.selectFrom("notification_jobs").selectAll().where("kind", "=", "scheduled_failed").where("user_id", "=", bob.user.id).execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0].payload).toMatchObject({ body: NOT_IN_CHANNEL });
  });

  it("/remind me makes a reminder; /remind #channel schedules a message there; bad words are refused in words", async () => {
    const ch = await makeChannel(app, { type: "public", name: `ops-${engine}`, members: [] });
    const me = await runRemind(app.ctx, bob.user, ch.id, "me in 20 minutes to check the build");
    expect(me.reminder).toMatchObject({ note: "check the build", channel_id: ch.id, message_id: null });
    expect(Math.abs(new Date(me.reminder!.remind_at).getTime() - Date.now() - 20 * 60_000)).toBeLessThan(5_000);
    const there = await runRemind(app.ctx, bob.user, ch.id, `#ops-${engine} tomorrow 9am stand-up`);
    expect(there.scheduled).toMatchObject({ channel_id: ch.id, content: "stand-up", status: "pending" });
    await expect(runRemind(app.ctx, bob.user, ch.id, "me someday call Sam")).rejects.toMatchObject({ status: 400 });
    await expect(runRemind(app.ctx, bob.user, ch.id, "#nowhere in 1h hi")).rejects.toMatchObject({ status: 400 });
    await expect(runRemind(app.ctx, bob.user, ch.id, "me in 1h")).rejects.toMatchObject({ status: 400 });
    // Through the slash command endpoint, as typed in the composer.
    const typed = await api(app, cat.token).post<{ command: string; notice: string }>("/api/commands", { channel_id: ch.id, text: "/remind me tomorrow at 9:00 water the plants" });
    expect(typed).toMatchObject({ status: 200, body: { command: "remind", notice: expect.stringContaining("water the plants") } });
    expect((await api(app, cat.token).get<MessageReminder[]>("/api/chat/reminders")).body).toEqual([expect.objectContaining({ note: "water the plants", channel_id: ch.id })]);
    expect(await api(app, cat.token).post("/api/commands", { channel_id: ch.id, text: "/remind me whenever" })).toMatchObject({ status: 400 });
  });
});
