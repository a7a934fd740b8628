// Calendar: times are instants shown in each reader's zone, recurrence is a real RRULE with
// exceptions, reminders are sent once, and the private feed is RFC 5545 that ical.js reads and
// expands to the occurrences the calendar page shows.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import ICAL from "ical.js";
import { ENGINES, startTestApp, makeUser, api, countRows, type TestApp, type TestUser } from "../../test/harness";
import { connect, record, until, type ClientSocket } from "../../realtime/test-clients";
import { expand } from "@shared/recurrence";
import { sendDueReminders } from "./reminders";

describe.each(ENGINES)("calendar (%s)", (engine) => {
  let app: TestApp;
  let ny: TestUser, berlin: TestUser, utc: TestUser, stranger: TestUser;
  let berlinSocket: ClientSocket;

  beforeAll(async () => {
    app = await startTestApp(engine);
    ny = await makeUser(app, { full_name: "Nina York" });
    berlin = await makeUser(app, { full_name: "Bernd Lin" });
    utc = await makeUser(app, { full_name: "Uma Tee" });
    stranger = await makeUser(app);
    expect((await api(app, ny.token).patch(`/api/auth/user/${ny.user.id}`, { time_zone: "America/New_York" })).status).toBe(200);
    expect((await api(app, berlin.token).patch(`/api/auth/user/${berlin.user.id}`, { time_zone: "Europe/Berlin" })).status).toBe(200);
    berlinSocket = await connect(app.url, berlin.token);
  }, 240_000);
  afterAll(async () => {
    berlinSocket?.close();
    await app?.stop();
  }, 60_000);

  it("reads times in the writer's zone and shows them in each reader's zone, over REST and sockets", async () => {
    const pushed = record(berlinSocket, "entities.change");
    const res = await api(app, ny.token).post("/api/entities/calendar_events", {
      title: "Standup",
      start_datetime: "2026-01-05 09:00:00",
      end_datetime: "2026-01-05 09:30:00",
      event_type: "meeting",
      attendees: [berlin.email, utc.email],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ start_datetime: "2026-01-05 09:00:00", end_datetime: "2026-01-05 09:30:00" });
    const id = res.body.id;
    expect((await api(app, berlin.token).get(`/api/entities/calendar_events/${id}`)).body.start_datetime).toBe("2026-01-05 15:00:00");
    expect((await api(app, utc.token).get(`/api/entities/calendar_events/${id}`)).body.start_datetime).toBe("2026-01-05 14:00:00");
    const change = await until(pushed, (c) => c.table === "calendar_events" && c.id === id);
    expect(change.row.start_datetime).toBe("2026-01-05 15:00:00");
    // An ISO time with a zone means what it says, whoever writes it.
    const iso = await api(app, berlin.token).post("/api/entities/calendar_events", { title: "Berlin only", start_datetime: "2026-01-05T14:00:00Z", end_datetime: "2026-01-05T15:00:00+01:00" });
    expect(iso.body).toMatchObject({ start_datetime: "2026-01-05 15:00:00", end_datetime: "2026-01-05 15:00:00" });
    // The stored instant is one: a filter on it works for every reader.
    const where = encodeURIComponent(JSON.stringify({ start_datetime: { gte: "2026-01-05T13:59:00Z" } }));
    expect((await api(app, utc.token).get(`/api/entities/calendar_events?where=${where}`)).body.map((e: { id: number }) => e.id)).toContain(id);
  });

  it("refuses bad times, zones and rules, writing nothing", async () => {
    const before = await countRows(app, "calendar_events");
    const me = api(app, ny.token);
    expect((await me.post("/api/entities/calendar_events", { title: "x", start_datetime: "2026-02-30 10:00:00", end_datetime: "2026-03-01 10:00:00" })).status).toBe(400);
    expect((await me.post("/api/entities/calendar_events", { title: "x", start_datetime: "2026-02-01 10:00:00", end_datetime: "2026-02-01 11:00:00", recurrence_rule: "FREQ=HOURLY;X" })).status).toBe(400);
    expect((await me.post("/api/entities/calendar_events", { title: "x", start_datetime: "2026-02-01 10:00:00", end_datetime: "2026-02-01 11:00:00", recurrence_exceptions: [{ occurrence: "nope" }] })).status).toBe(400);
    expect(await countRows(app, "calendar_events")).toBe(before);
    expect((await api(app, ny.token).patch(`/api/auth/user/${ny.user.id}`, { time_zone: "Mars/Olympus" })).status).toBe(400);
  });

  it("serves a private, revocable feed that ical.js expands to the occurrences the calendar shows", async () => {
    const me = api(app, utc.token);
    const weekly = await me.post("/api/entities/calendar_events", {
      title: "Weekly, with; commas",
      start_datetime: "2026-03-02 10:00:00",
      end_datetime: "2026-03-02 11:00:00",
      recurrence_rule: "FREQ=WEEKLY;BYDAY=MO,TH;COUNT=8",
      recurrence_exceptions: [
        { occurrence: "2026-03-05T10:00:00.000Z", cancelled: true },
        { occurrence: "2026-03-09T10:00:00.000Z", start: "2026-03-10T12:00:00.000Z", end: "2026-03-10T13:00:00.000Z" },
      ],
    });
    expect(weekly.status).toBe(201);
    expect(weekly.body).toMatchObject({ is_recurring: true, recurrence_rule: "FREQ=WEEKLY;BYDAY=MO,TH;COUNT=8" });
    const single = await me.post("/api/entities/calendar_events", { title: "Dentist", start_datetime: "2026-03-04 08:00:00", end_datetime: "2026-03-04 09:00:00" });
    expect(single.status).toBe(201);
    await api(app, ny.token).post("/api/entities/tasks", { title: "Report", assignee_emails: [utc.email], due_date: "2026-03-06" });

    expect((await api(app).get("/api/calendar/feed")).status).toBe(401);
    const made = await me.post("/api/calendar/feed");
    expect(made.status).toBe(201);
    const path = new URL(made.body.url).pathname;
    const feed = await fetch(`${app.url}${path}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toContain("text/calendar");
    const text = await feed.text();
    expect(text).toContain("\r\n");
    expect(text.split("\r\n").every((l) => Buffer.byteLength(l) <= 75)).toBe(true);

    const cal = new ICAL.Component(ICAL.parse(text));
    const vevents = cal.getAllSubcomponents("vevent");
    const from = new Date("2026-03-01T00:00:00Z");
    const to = new Date("2026-04-30T00:00:00Z");
    // ical.js: expand each series (overrides registered as its exceptions) and list the starts.
    const masters = vevents.filter((v) => !v.hasProperty("recurrence-id"));
    const icalStarts: string[] = [];
    for (const m of masters) {
      const ev = new ICAL.Event(m);
      for (const ov of vevents.filter((v) => v.hasProperty("recurrence-id") && v.getFirstPropertyValue("uid") === ev.uid)) ev.relateException(ov);
      if (ev.summary.startsWith("Task: ")) {
        expect(ev.startDate.isDate).toBe(true);
        expect(ev.startDate.toString()).toBe("2026-03-06");
        continue;
      }
      const it = ev.iterator();
      for (let next = it.next(); next && next.toJSDate() < to; next = it.next()) {
        const occ = ev.getOccurrenceDetails(next);
        if (occ.endDate.toJSDate() > from) icalStarts.push(`${ev.summary}@${occ.startDate.toJSDate().toISOString()}`);
      }
    }
    const events = (await me.get("/api/entities/calendar_events?limit=500")).body as any[];
    const uiStarts = events.flatMap((e) =>
      expand(
        { start: new Date(`${e.start_datetime.replace(" ", "T")}Z`), end: new Date(`${e.end_datetime.replace(" ", "T")}Z`), rule: e.recurrence_rule, exceptions: e.recurrence_exceptions },
        from,
        to,
      ).map((o) => `${e.title}@${o.start.toISOString()}`),
    );
    expect(uiStarts.sort()).toEqual(icalStarts.sort());
    expect(uiStarts).toContain("Weekly, with; commas@2026-03-10T12:00:00.000Z");
    expect(uiStarts).not.toContain("Weekly, with; commas@2026-03-05T10:00:00.000Z");
    expect(uiStarts.filter((s) => s.startsWith("Weekly"))).toHaveLength(7);

    // Nobody else's events; revoking kills the URL.
    expect(text).toContain("Standup");
    expect(text).not.toContain("Berlin only");
    expect((await me.delete("/api/calendar/feed")).status).toBe(200);
    expect((await fetch(`${app.url}${path}`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/calendar/feed/not-a-token.ics`)).status).toBe(404);
  });

  it("sends each reminder once, to creator and attendees", async () => {
    const soon = new Date(Date.now() - 1000).toISOString();
    const res = await api(app, ny.token).post("/api/entities/calendar_events", {
      title: "Remind me",
      start_datetime: new Date(Date.now() + 15 * 60_000).toISOString(),
      end_datetime: new Date(Date.now() + 75 * 60_000).toISOString(),
      reminder_time: soon,
      attendees: [berlin.email],
    });
    expect(res.status).toBe(201);
    const notes = record(berlinSocket, "notifications.create");
    // Two nodes sweeping at once: the claim hands the reminder to exactly one.
    const [a, b] = await Promise.all([sendDueReminders(app.ctx), sendDueReminders(app.ctx)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const note = await until(notes, (n) => n.title === "Remind me" || n.title === "Reminder: Remind me");
    expect(note).toMatchObject({ title: "Reminder: Remind me", link: "/Calendar" });
    expect(await sendDueReminders(app.ctx)).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(notes.filter((n) => n.title === "Reminder: Remind me")).toHaveLength(1);
    expect((await api(app, stranger.token).get(`/api/entities/calendar_events/${res.body.id}`)).status).toBe(404);
  });
});
