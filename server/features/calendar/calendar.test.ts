// Calendar: times are instants shown in each reader's zone, recurrence is a real RRULE with
// exceptions, the private feed is RFC 5545 that ical.js reads and expands to the occurrences the
// calendar page shows (feed.test.ts: read by Debian's Python libraries across DST changes), and
// every occurrence of a repeating event is reminded, once: at its wall-clock lead in the series'
// zone across a daylight-saving change, not for a cancelled occurrence, before a moved one's new
// start, not again after a write that keeps its time. The sweep runs at chosen instants (its
// `now`); what it sends arrives over real sockets. Two nodes racing: reminders.cluster.test.ts.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import ICAL from "ical.js";
import { ENGINES, startTestApp, makeUser, api, countRows, type TestApp, type TestUser } from "../../test/harness";
import { connect, record, until, type ClientSocket } from "../../test/clients";
import { expand } from "@shared/recurrence";
import { instantFromText, type CalendarEvent } from "@shared/entities/calendar_events";
import type { AppNotice } from "@shared/realtime";
import { sendDueReminders } from "./reminders";

const NY = "America/New_York";
const at = (text: string, zone = NY) => instantFromText(text, zone)!;

describe.each(ENGINES)("calendar (%s)", (engine) => {
  let app: TestApp;
  let ny: TestUser, berlin: TestUser, utc: TestUser, stranger: TestUser;
  let nySocket: ClientSocket, berlinSocket: ClientSocket;

  beforeAll(async () => {
    // The tests run the reminder sweep themselves, at the instants they choose.
    app = await startTestApp(engine, { reminderSweepMs: 600_000 });
    ny = await makeUser(app, { full_name: "Nina York" });
    berlin = await makeUser(app, { full_name: "Bernd Lin" });
    utc = await makeUser(app, { full_name: "Uma Tee" });
    stranger = await makeUser(app);
    expect((await api(app, ny.token).patch(`/api/auth/user/${ny.user.id}`, { time_zone: "America/New_York" })).status).toBe(200);
    expect((await api(app, berlin.token).patch(`/api/auth/user/${berlin.user.id}`, { time_zone: "Europe/Berlin" })).status).toBe(200);
    nySocket = await connect(app.url, ny.token);
    berlinSocket = await connect(app.url, berlin.token);
  }, 240_000);
  afterAll(async () => {
    nySocket?.close();
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
    expect((await me.post("/api/entities/calendar_events", { title: "x", start_datetime: "2026-02-01 10:00:00", end_datetime: "2026-02-01 11:00:00", time_zone: "Mars/Olympus" })).status).toBe(400);
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
    // Times in a zone name it (TZID) and the calendar carries its VTIMEZONE.
    for (const tz of cal.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(tz);
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

  it("reminds every occurrence once, in the series' zone, skipping a cancelled one and following a moved one", async () => {
    const mine = record<AppNotice>(nySocket, "notifications.create");
    const theirs = record<AppNotice>(berlinSocket, "notifications.create");
    // Tuesdays 09:00 New York, reminded 15 minutes before; the US changes clocks on 14 March.
    const res = await api(app, ny.token).post("/api/entities/calendar_events", {
      title: "Standup",
      event_type: "meeting",
      attendees: [berlin.email],
      start_datetime: "2027-03-09 09:00:00",
      end_datetime: "2027-03-09 09:30:00",
      reminder_time: "2027-03-09 08:45:00",
      recurrence_rule: "FREQ=WEEKLY;BYDAY=TU;COUNT=5",
      recurrence_exceptions: [
        { occurrence: at("2027-03-23 09:00").toISOString(), cancelled: true },
        { occurrence: at("2027-03-30 09:00").toISOString(), start: at("2027-03-31 10:00").toISOString(), end: at("2027-03-31 10:30").toISOString(), title: "Standup (moved)" },
      ],
    });
    expect(res.status).toBe(201);
    const event = res.body as CalendarEvent;
    const id = (n: AppNotice) => n.id;
    const sweep = (text: string) => sendDueReminders(app.ctx, at(text));

    // Not yet, then once although two sweeps race for it.
    expect(await sweep("2027-03-09 08:44")).toBe(0);
    const [a, b] = await Promise.all([sweep("2027-03-09 08:45"), sweep("2027-03-09 08:45")]);
    expect(a + b).toBe(1);
    const first = await until(theirs, (n) => n.id === `reminder-${event.id}-${at("2027-03-09 09:00").getTime()}`);
    expect(first).toMatchObject({ title: "Reminder: Standup", body: "Starts at 15:00.", link: `/Meet?meetingId=${event.meeting_id}` });
    expect(await sweep("2027-03-09 08:50")).toBe(0);

    // A write that keeps the times does not remind again; the next week is reminded at 08:45
    // New York time although New York is now on summer time (12:45 UTC, not 13:45).
    expect((await api(app, ny.token).patch(`/api/entities/calendar_events/${event.id}`, { description: "Bring notes" })).status).toBe(200);
    expect(await sweep("2027-03-09 08:55")).toBe(0);
    expect(await sweep("2027-03-16 08:44")).toBe(0);
    expect(await sweep("2027-03-16 08:45")).toBe(1);
    const second = await until(theirs, (n) => n.id === `reminder-${event.id}-${at("2027-03-16 09:00").getTime()}`);
    // Berlin is still on winter time: 09:00 New York is 14:00 there that week.
    expect(second.body).toBe("Starts at 14:00.");
    // The first week's reminder came once; the second week's was the marker that it did not come again.
    expect(theirs.map(id).filter((x) => x === first.id)).toHaveLength(1);

    // The cancelled 23 March has none; the 30 March one moved to 31 March 10:00 is reminded at 09:45.
    expect(await sweep("2027-03-23 08:45")).toBe(0);
    expect(await sweep("2027-03-30 08:45")).toBe(0);
    expect(await sweep("2027-03-31 09:45")).toBe(1);
    const moved = await until(mine, (n) => n.title === "Reminder: Standup (moved)");
    expect(moved).toMatchObject({ body: "Starts at 10:00.", id: `reminder-${event.id}-${at("2027-03-31 10:00").getTime()}` });

    // Moving an occurrence already reminded to a later time reminds it again, before its new time;
    // after it the series has none left.
    expect(await sweep("2027-04-06 08:45")).toBe(1);
    await until(mine, (n) => n.id === `reminder-${event.id}-${at("2027-04-06 09:00").getTime()}`);
    const later = [...event.recurrence_exceptions, { occurrence: at("2027-04-06 09:00").toISOString(), start: at("2027-04-06 11:00").toISOString(), end: at("2027-04-06 11:30").toISOString() }];
    expect((await api(app, ny.token).patch(`/api/entities/calendar_events/${event.id}`, { recurrence_exceptions: later })).status).toBe(200);
    expect(await sweep("2027-04-06 10:44")).toBe(0);
    expect(await sweep("2027-04-06 10:45")).toBe(1);
    await until(mine, (n) => n.id === `reminder-${event.id}-${at("2027-04-06 11:00").getTime()}`);
    const row = await app.ctx.db.selectFrom("calendar_events").select(["next_reminder_at"]).where("id", "=", event.id).executeTakeFirstOrThrow();
    expect(row.next_reminder_at).toBeNull();
    expect(mine.map(id)).toEqual([
      `reminder-${event.id}-${at("2027-03-09 09:00").getTime()}`,
      `reminder-${event.id}-${at("2027-03-16 09:00").getTime()}`,
      `reminder-${event.id}-${at("2027-03-31 10:00").getTime()}`,
      `reminder-${event.id}-${at("2027-04-06 09:00").getTime()}`,
      `reminder-${event.id}-${at("2027-04-06 11:00").getTime()}`,
    ]);
  });

  it("reminds the occurrence that has not begun when a series started in the past", async () => {
    // A daily series that began three days ago, its occurrence today in 10 minutes, reminded
    // 15 minutes before: today's reminder is due now, the first one is long gone.
    const now = new Date();
    const start = new Date(Math.floor((now.getTime() + 10 * 60_000) / 60_000) * 60_000 - 3 * 86_400_000);
    const res = await api(app, ny.token).post("/api/entities/calendar_events", {
      title: "Daily check",
      start_datetime: start.toISOString(),
      end_datetime: new Date(start.getTime() + 30 * 60_000).toISOString(),
      reminder_time: new Date(start.getTime() - 15 * 60_000).toISOString(),
      recurrence_rule: "FREQ=DAILY;COUNT=10",
    });
    expect(res.status).toBe(201);
    const notes = record<AppNotice>(nySocket, "notifications.create");
    expect(await sendDueReminders(app.ctx, now)).toBe(1);
    const note = await until(notes, (n) => n.title === "Reminder: Daily check");
    expect(note.id).toBe(`reminder-${res.body.id}-${start.getTime() + 3 * 86_400_000}`);
  });
});
