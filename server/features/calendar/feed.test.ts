// The calendar feed as calendar apps read it: Debian's python3-icalendar and
// python3-recurring-ical-events (libraries this project did not write) expand the feed across the
// daylight-saving changes of 2027 (US: 14 March and 7 November; EU: 28 March and 31 October),
// and every occurrence must be the one the REST API describes: same start, same end, none more,
// none missing. Series repeat at their wall-clock hour in their own zone; a cancelled occurrence
// stays away and a moved one shows once, at its new time, on both sides of each change.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { expand } from "@shared/recurrence";
import { instantFromText, zonedText, type CalendarEvent } from "@shared/entities/calendar_events";
import type { Task } from "@shared/entities";

// Debian's interpreter, where python3-icalendar lives (a python3 earlier on PATH may lack it).
const PYTHON = process.env.ICS_PYTHON ?? "/usr/bin/python3";
const READER = path.join(path.dirname(fileURLToPath(import.meta.url)), "feed-reader.py");
const FROM = "2027-02-01";
const TO = "2028-01-01";

interface Read {
  uid: string;
  summary: string;
  start: string;
  end: string;
  all_day: boolean;
  organizer: { email: string; name: string | null } | null;
  attendees: { email: string; name: string | null }[];
}

/** The feed as the Python libraries expand it. */
function readFeed(ics: string): Read[] {
  const run = spawnSync(PYTHON, [READER, FROM, TO], { input: ics, encoding: "utf8", timeout: 60_000 });
  if (run.status !== 0) throw new Error(`feed-reader.py failed (${run.status}): ${run.stderr || run.error}`);
  return JSON.parse(run.stdout) as Read[];
}

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");
const key = (o: { summary: string; start: string; end: string }) => `${o.summary} | ${o.start} | ${o.end}`;
const wallIn = (start: string, zone: string) => zonedText(new Date(start), zone);

describe.each(ENGINES)("calendar feed read by python3-icalendar (%s)", (engine) => {
  let app: TestApp;
  let ny: TestUser, berlin: TestUser, roamer: TestUser;

  beforeAll(async () => {
    app = await startTestApp(engine);
    ny = await makeUser(app, { full_name: "Nina York" });
    berlin = await makeUser(app, { full_name: "Bernd Lin, Jr." });
    roamer = await makeUser(app, { full_name: "Roam Er" });
    expect((await api(app, ny.token).patch(`/api/auth/user/${ny.user.id}`, { time_zone: "America/New_York" })).status).toBe(200);
    expect((await api(app, berlin.token).patch(`/api/auth/user/${berlin.user.id}`, { time_zone: "Europe/Berlin" })).status).toBe(200);
  }, 240_000);
  afterAll(async () => {
    await app?.stop();
  }, 60_000);

  it("repeats every series at its hour across the 2027 changes, as the API says, with exceptions, meetings and all-day tasks", async () => {
    const at = (text: string, zone: string) => instantFromText(text, zone)!.toISOString();
    const create = async (who: TestUser, body: Record<string, unknown>) => {
      const res = await api(app, who.token).post("/api/entities/calendar_events", body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as CalendarEvent;
    };
    const NY = "America/New_York";
    const BER = "Europe/Berlin";
    // New York, Tuesdays 09:00: cancelled on 16 March (after the US change), the 23 March one
    // moved to Wednesday 11:00, cancelled again on 9 November (after the US change back).
    const standup = await create(ny, {
      title: "Standup",
      event_type: "meeting",
      start_datetime: "2027-03-02 09:00:00",
      end_datetime: "2027-03-02 09:30:00",
      attendees: [berlin.email, roamer.email],
      recurrence_rule: "FREQ=WEEKLY;BYDAY=TU;COUNT=40",
      recurrence_exceptions: [
        { occurrence: at("2027-03-16 09:00", NY), cancelled: true },
        { occurrence: at("2027-03-23 09:00", NY), start: at("2027-03-24 11:00", NY), end: at("2027-03-24 11:30", NY), title: "Standup (moved)" },
        { occurrence: at("2027-11-09 09:00", NY), cancelled: true },
      ],
    });
    expect(standup.time_zone).toBe(NY);
    // Berlin, Mondays 09:00: cancelled on 29 March (after the EU change), 5 April moved to 10:30,
    // cancelled on 1 November (after the EU change back).
    await create(berlin, {
      title: "Sync",
      start_datetime: "2027-03-01 09:00:00",
      end_datetime: "2027-03-01 10:00:00",
      recurrence_rule: "FREQ=WEEKLY;BYDAY=MO;COUNT=40",
      recurrence_exceptions: [
        { occurrence: at("2027-03-29 09:00", BER), cancelled: true },
        { occurrence: at("2027-04-05 09:00", BER), start: at("2027-04-05 10:30", BER), end: at("2027-04-05 11:30", BER) },
        { occurrence: at("2027-11-01 09:00", BER), cancelled: true },
      ],
    });
    // Tuesday evenings in New York until 30 March: the last one is 31 March in UTC.
    await create(ny, {
      title: "Evening review",
      event_type: "meeting",
      start_datetime: "2027-03-02 20:00:00",
      end_datetime: "2027-03-02 21:00:00",
      attendees: [berlin.email],
      recurrence_rule: "FREQ=WEEKLY;BYDAY=TU;UNTIL=20270330T235959Z",
    });
    // Across midnight, every night over the EU change in October.
    await create(berlin, { title: "Night shift", start_datetime: "2027-10-29 23:30:00", end_datetime: "2027-10-30 00:30:00", recurrence_rule: "FREQ=DAILY;COUNT=5" });
    // A writer with no profile zone names the zone the series repeats in (the web app sends the
    // browser's); one who names none repeats in UTC, written in UTC.
    const tokyo = await create(roamer, {
      title: "Tokyo sync",
      event_type: "meeting",
      attendees: [berlin.email],
      start_datetime: "2027-03-01T00:00:00Z",
      end_datetime: "2027-03-01T01:00:00Z",
      time_zone: "asia/tokyo",
      recurrence_rule: "FREQ=WEEKLY;COUNT=6",
    });
    expect(tokyo.time_zone).toBe("Asia/Tokyo");
    await create(roamer, { title: "UTC check", event_type: "meeting", attendees: [berlin.email], start_datetime: "2027-03-25T12:00:00Z", end_datetime: "2027-03-25T12:15:00Z", recurrence_rule: "FREQ=DAILY;COUNT=7" });
    // One-off events between the US and the EU change, and an all-day task.
    await create(berlin, { title: "Dentist", start_datetime: "2027-03-15 08:00:00", end_datetime: "2027-03-15 09:00:00", location: "Main St; 2nd floor" });
    await create(ny, { title: "Board call", event_type: "meeting", attendees: [berlin.email], start_datetime: "2027-03-15 10:00:00", end_datetime: "2027-03-15 11:00:00" });
    expect((await api(app, ny.token).post("/api/entities/tasks", { title: "File taxes", assignee_emails: [berlin.email], due_date: "2027-03-28" })).status).toBe(201);

    const made = await api(app, berlin.token).post("/api/calendar/feed");
    const ics = await (await fetch(`${app.url}${new URL(made.body.url).pathname}`)).text();
    const read = readFeed(ics);

    // What the API says, expanded in each event's zone as the web app does.
    const from = new Date(`${FROM}T00:00:00Z`);
    const to = new Date(`${TO}T00:00:00Z`);
    const rows = (await api(app, berlin.token).get("/api/entities/calendar_events?limit=500")).body as CalendarEvent[];
    expect(rows).toHaveLength(8);
    const fromApi = rows.flatMap((e) =>
      expand(
        { start: instantFromText(e.start_datetime, BER)!, end: instantFromText(e.end_datetime, BER)!, rule: e.recurrence_rule, exceptions: e.recurrence_exceptions },
        from,
        to,
        e.time_zone,
      ).map((o) => ({ summary: o.title ?? e.title, start: iso(o.start), end: iso(o.end) })),
    );
    const tasks = ((await api(app, berlin.token).get("/api/entities/tasks?limit=500")).body as Task[]).filter((t) => t.due_date);
    const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    fromApi.push(...tasks.map((t) => ({ summary: `Task: ${t.title}`, start: t.due_date!, end: nextDay(t.due_date!) })));
    expect(read.map(key).sort()).toEqual(fromApi.map(key).sort());

    // Each series keeps its wall-clock hour in its own zone, on both sides of every change.
    const of = (summary: string) => read.filter((o) => o.summary === summary);
    expect(of("Standup")).toHaveLength(37);
    expect(new Set(of("Standup").map((o) => wallIn(o.start, NY).slice(11)))).toEqual(new Set(["09:00:00"]));
    expect(of("Standup").map((o) => wallIn(o.start, NY).slice(0, 10))).not.toContain("2027-03-16");
    expect(of("Standup").map((o) => wallIn(o.start, NY).slice(0, 10))).not.toContain("2027-03-23");
    expect(of("Standup").map((o) => wallIn(o.start, NY).slice(0, 10))).not.toContain("2027-11-09");
    expect(of("Standup (moved)").map((o) => o.start)).toEqual(["2027-03-24T15:00:00Z"]);
    expect(of("Sync")).toHaveLength(38); // 40, less two cancelled; the moved one keeps its title
    const syncs = of("Sync").map((o) => wallIn(o.start, BER));
    expect(new Set(syncs.filter((w) => !w.startsWith("2027-04-05")).map((w) => w.slice(11)))).toEqual(new Set(["09:00:00"]));
    expect(of("Sync").map((o) => wallIn(o.start, BER).slice(0, 10))).not.toContain("2027-03-29");
    expect(of("Sync").map((o) => wallIn(o.start, BER).slice(0, 10))).not.toContain("2027-11-01");
    expect(syncs.filter((w) => w.startsWith("2027-04-05"))).toEqual(["2027-04-05 10:30:00"]);
    expect(of("Evening review").map((o) => o.start)).toEqual(["2027-03-03T01:00:00Z", "2027-03-10T01:00:00Z", "2027-03-17T00:00:00Z", "2027-03-24T00:00:00Z", "2027-03-31T00:00:00Z"]);
    expect(of("Night shift").map((o) => wallIn(o.start, BER))).toEqual(["2027-10-29 23:30:00", "2027-10-30 23:30:00", "2027-10-31 23:30:00", "2027-11-01 23:30:00", "2027-11-02 23:30:00"]);
    expect(of("Night shift").map((o) => (Date.parse(o.end) - Date.parse(o.start)) / 60_000)).toEqual([60, 60, 60, 60, 60]);
    expect(new Set(of("Tokyo sync").map((o) => wallIn(o.start, "Asia/Tokyo").slice(11)))).toEqual(new Set(["09:00:00"]));
    expect(of("UTC check").map((o) => o.start.slice(11))).toEqual(Array(7).fill("12:00:00Z"));
    expect(of("Dentist").map((o) => o.start)).toEqual(["2027-03-15T07:00:00Z"]);
    expect(of("Board call").map((o) => o.start)).toEqual(["2027-03-15T14:00:00Z"]);
    expect(of("Task: File taxes")).toMatchObject([{ start: "2027-03-28", end: "2027-03-29", all_day: true }]);
    // The feed names zones, never floating times, and UTC stays UTC.
    expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:America/New_York");
    expect(ics).toContain("DTSTART;TZID=America/New_York:20270302T090000");
    expect(ics).toContain("RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20270331T035959Z");
    expect(ics).toContain("DTSTART:20270325T120000Z");

    // Meetings name their organizer and attendees; other events neither.
    const first = of("Standup")[0];
    expect(first.organizer).toEqual({ email: ny.email, name: "Nina York" });
    expect(first.attendees).toEqual([
      { email: berlin.email, name: "Bernd Lin, Jr." },
      { email: roamer.email, name: "Roam Er" },
    ]);
    expect(of("Standup (moved)")[0].organizer?.email).toBe(ny.email);
    expect(of("Tokyo sync")[0].organizer).toEqual({ email: roamer.email, name: "Roam Er" });
    expect(of("Dentist")[0]).toMatchObject({ organizer: null, attendees: [] });
  });
});
