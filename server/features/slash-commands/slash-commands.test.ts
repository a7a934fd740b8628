// Slash commands (docs/integrations.md, "Slash commands") over real HTTP: each built-in command
// does what its button or menu does, through the same named command and its permission (allowed
// and refused), and bad lines get a clear 400 with nothing written.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { ChatMessage } from "@shared/entities";
import type { SlashCommandResult } from "@shared/slashCommands";
import { ENGINES, startTestApp, makeUser, makeChannel, api, countRows, type TestApp, type TestUser } from "../../test/harness";
import { connect, record, until, type ClientSocket } from "../../test/clients";

describe.each(ENGINES)("slash commands (%s)", (engine) => {
  let app: TestApp;
  let ada: TestUser, ben: TestUser, cleo: TestUser, admin: TestUser, gone: TestUser;
  let pub: number, priv: number, general: number, dm: number;
  let benSocket: ClientSocket;

  beforeAll(async () => {
    app = await startTestApp(engine);
    ada = await makeUser(app, { full_name: "Ada Lovelace" });
    ben = await makeUser(app, { full_name: "Ben Okafor" });
    cleo = await makeUser(app, { full_name: "Cleo Park" });
    admin = await makeUser(app, { full_name: "Ari Admin", role: "admin" });
    gone = await makeUser(app, { full_name: "Gil Gone" });
    await app.ctx.db.updateTable("users").set({ is_active: false }).where("id", "=", gone.user.id).execute();
    pub = (await makeChannel(app, { name: "random", type: "public", members: [ada.email, ben.email] })).id;
    priv = (await makeChannel(app, { name: "secret", type: "private", members: [ada.email] })).id;
    general = (await makeChannel(app, { name: "general", type: "public", is_system: true, members: [ada.email, ben.email, cleo.email] })).id;
    dm = (await makeChannel(app, { name: "dm", type: "dm", members: [ada.email, ben.email] })).id;
    benSocket = await connect(app.url, ben.token);
  }, 180_000);
  afterAll(async () => {
    benSocket?.close();
    await app?.stop();
  });

  const run = (as: TestUser, channel_id: number, text: string, extra: Record<string, unknown> = {}) =>
    api(app, as.token).post<SlashCommandResult & { error?: string }>("/api/commands", { channel_id, text, ...extra });
  const me = async (as: TestUser) => (await api(app, as.token).get(`/api/entities/users/${as.user.id}`)).body;
  const members = async (id: number) => (await app.ctx.db.selectFrom("channels").select("members").where("id", "=", id).executeTakeFirstOrThrow()).members;

  it("requires sign-in", async () => {
    const res = await api(app).post("/api/commands", { channel_id: pub, text: "/away" });
    expect(res.status).toBe(401);
  });

  it("sets presence as the presence menu does", async () => {
    for (const status of ["away", "busy", "online"] as const) {
      const res = await run(ada, pub, `/${status}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.command).toBe(status);
      expect((await me(ada)).user_status).toBe(status);
    }
    const extra = await run(ada, pub, "/away now please");
    expect(extra.status).toBe(400);
    expect(extra.body.error).toBe("/away takes nothing after it");
  });

  it("sets a custom status with an expiry, shows it to others, hides it once expired and clears it", async () => {
    const res = await run(ada, pub, "/status In a meeting 1h", { time_zone: "Europe/Berlin" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.notice).toMatch(/^Your status is “In a meeting” until /);
    const seen = (await api(app, ben.token).get(`/api/entities/users/${ada.user.id}`)).body;
    expect(seen.status_message).toBe("In a meeting");
    const left = new Date(seen.status_expires_at).getTime() - Date.now();
    expect(left).toBeGreaterThan(59 * 60_000);
    expect(left).toBeLessThanOrEqual(60 * 60_000);

    // Without an expiry word, the whole text is the status and it never expires.
    await run(ada, pub, "/status Writing the report");
    expect(await me(ada)).toMatchObject({ status_message: "Writing the report", status_expires_at: null });

    // Past its expiry it reads as none, to others and to the person.
    await app.ctx.db.updateTable("users").set({ status_expires_at: new Date(Date.now() - 1000) }).where("id", "=", ada.user.id).execute();
    expect((await api(app, ben.token).get(`/api/entities/users/${ada.user.id}`)).body).toMatchObject({ status_message: null, status_expires_at: null });
    expect(await me(ada)).toMatchObject({ status_message: null });

    await run(ada, pub, "/status Lunch today");
    expect((await me(ada)).status_message).toBe("Lunch");
    const cleared = await run(ada, pub, "/status");
    expect(cleared.body.notice).toBe("Your status is cleared.");
    expect(await me(ada)).toMatchObject({ status_message: null, status_expires_at: null });

    const onlyWhen = await run(ada, pub, "/status 1h");
    expect(onlyWhen.status).toBe(400);
    expect(onlyWhen.body.error).toBe("Say what your status is: /status <text> [until]");
    const long = await run(ada, pub, `/status ${"x".repeat(600)}`);
    expect(long.status).toBe(400);
    expect(long.body.error).toBe("A status is at most 500 characters");
  });

  it("mutes the channel as its notification setting does, only where the person reads", async () => {
    const res = await run(ben, pub, "/mute");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await app.ctx.db.selectFrom("channel_notification_settings").selectAll().where("user_id", "=", ben.user.id).where("channel_id", "=", pub).execute();
    expect(rows.map((r) => r.level)).toEqual(["muted"]);
    const hidden = await run(ben, priv, "/mute");
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toBe("Channel not found");
  });

  it("invites with the channel's member rule: a member may, a non-member of a public channel may not", async () => {
    const refused = await run(cleo, pub, "/invite @Ari Admin");
    expect(refused.status).toBe(403);
    expect(await members(pub)).not.toContain(cleo.email);

    const res = await run(ada, pub, `/invite @[Cleo Park](${cleo.email})`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.notice).toBe("Cleo Park was added to #random.");
    expect(await members(pub)).toContain(cleo.email);
    const again = await run(ada, pub, `/invite ${cleo.email}`);
    expect(again.body.notice).toBe("Cleo Park is already in #random.");

    // By full name (case-insensitive), into a private channel the inviter manages.
    expect((await run(ada, priv, "/invite @ben okafor")).status).toBe(200);
    expect(await members(priv)).toContain(ben.email);

    for (const [text, error] of [
      ["/invite", "Say who: /invite @person"],
      ["/invite @Nobody Atall", "Nobody here is called @Nobody Atall"],
      ["/invite @Gil Gone", "Gil Gone's account is deactivated"],
    ]) {
      const bad = await run(ada, pub, text);
      expect(bad.status, text).toBe(400);
      expect(bad.body.error).toBe(error);
    }
    const inDm = await run(ada, dm, "/invite @Cleo Park");
    expect(inDm.body.error).toBe("Nobody can be added to a direct message");
  });

  it("leaves a channel, but not a system channel, a dm or one the person is not in", async () => {
    const res = await run(cleo, pub, "/leave");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await members(pub)).not.toContain(cleo.email);
    expect((await run(cleo, pub, "/leave")).body.error).toBe("You are not a member of #random");
    const system = await run(cleo, general, "/leave");
    expect(system.status).toBe(403);
    expect(await members(general)).toContain(cleo.email);
    expect((await run(ada, dm, "/leave")).body.error).toBe("A direct message cannot be left");
  });

  it("/call answers the person for the caller's client to ring; /meet starts a meeting of the channel's people", async () => {
    const res = await run(ada, pub, "/call @Ben Okafor");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.action).toEqual({ kind: "call", user_id: ben.user.id, name: "Ben Okafor" });
    expect((await run(ada, pub, "/call @Ada Lovelace")).body.error).toBe("You cannot call yourself");

    const events = await countRows(app, "calendar_events");
    const meet = await run(ada, pub, "/meet");
    expect(meet.status, JSON.stringify(meet.body)).toBe(200);
    expect(meet.body.action).toMatchObject({ kind: "meet", meeting_id: expect.stringMatching(/^[\w-]+$/) });
    expect(await countRows(app, "calendar_events")).toBe(events + 1);
    const meetingId = (meet.body.action as { meeting_id: string }).meeting_id;
    // Ben, in the channel, is an attendee and sees the meeting.
    const seen = (await api(app, ben.token).get(`/api/entities/calendar_events?where=${encodeURIComponent(JSON.stringify({ meeting_id: meetingId }))}`)).body;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ event_type: "meeting", title: "Meeting in #random" });
  });

  it("/shrug and /me post as the person, live to the channel, in a thread too", async () => {
    const pushed = record<{ table: string; row: ChatMessage }>(benSocket, "entities.change");
    const res = await run(ada, pub, "/shrug no idea");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const shrug = await until(pushed, (c) => c.table === "messages" && c.row?.id === res.body.message_id);
    expect(shrug.row).toMatchObject({ content: "no idea ¯\\_(ツ)_/¯", sender_email: ada.email });

    const action = await run(ada, pub, "/me waves");
    const row = await until(pushed, (c) => c.table === "messages" && c.row?.id === action.body.message_id);
    expect(row.row.content).toBe("_Ada Lovelace waves_");
    expect((await run(ada, pub, "/me")).body.error).toBe("Say what you do: /me <text>");

    const reply = await run(ada, pub, "/shrug", { thread_root_id: shrug.row.id });
    const replied = await until(pushed, (c) => c.table === "messages" && c.row?.id === reply.body.message_id);
    expect(replied.row).toMatchObject({ thread_root_id: shrug.row.id, content: "¯\\_(ツ)_/¯" });

    // Someone who cannot read the channel posts nothing there.
    const before = await countRows(app, "messages");
    expect((await run(ben, priv === 0 ? pub : (await makeChannel(app, { name: "closed", type: "private", members: [ada.email] })).id, "/shrug")).status).toBe(404);
    expect(await countRows(app, "messages")).toBe(before);
  });

  it("answers bad lines and bodies with a clear 400, never a crash", async () => {
    const cases: [unknown, number, string | RegExp][] = [
      [{ channel_id: pub, text: "/frobnicate now" }, 400, "Unknown command: /frobnicate. Type / to see the commands."],
      [{ channel_id: pub, text: "/" }, 400, "Type a command name after /, for example /away"],
      [{ channel_id: pub, text: "hello" }, 400, /text: must start with \//],
      [{ channel_id: "x", text: "/away" }, 400, /channel_id/],
      [{ text: "/away" }, 400, /channel_id/],
      [{ channel_id: pub, text: 5 }, 400, /text/],
      [{ channel_id: pub, text: "/away", extra: 1 }, 400, /extra/],
      [{ channel_id: pub, text: "/away", time_zone: "Mars/Base" }, 400, /time_zone/],
      [{ channel_id: 999999, text: "/away" }, 404, "Channel not found"],
      [{ channel_id: pub, text: "/constructor" }, 400, /^Unknown command/],
      [[1, 2], 400, /./],
    ];
    for (const [body, status, error] of cases) {
      const res = await api(app, ada.token).post<{ error: string }>("/api/commands", body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (typeof error === "string") expect(res.body.error).toBe(error);
      else expect(res.body.error).toMatch(error);
    }
    const notJson = await api(app, ada.token).post("/api/commands", "{", { "content-type": "application/json" });
    expect(notJson.status).toBe(400);
    expect((await api(app).get("/api/health")).status).toBe(200);
  });

  it("lets an admin leave a system channel", async () => {
    await app.ctx.db.updateTable("channels").set({ members: [ada.email, ben.email, cleo.email, admin.email] }).where("id", "=", general).execute();
    expect((await run(admin, general, "/leave")).status).toBe(200);
    expect(await members(general)).not.toContain(admin.email);
  });
});
