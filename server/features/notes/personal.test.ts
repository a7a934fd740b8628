// calendar_events (creator and attendees read, creator changes) and notes (creator only).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, countRows, makeEvent, makeNote, type TestApp, type TestUser } from "../../test/harness";

describe.each(ENGINES)("entities: calendar events and notes (%s)", (engine) => {
  let app: TestApp;
  let admin: TestUser;
  let creator: TestUser;
  let attendee: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await makeUser(app, { role: "admin", team_role: "admin" });
    creator = await makeUser(app);
    attendee = await makeUser(app);
    stranger = await makeUser(app);
  }, 240_000); // PGlite start-up is slow on a loaded machine
  afterAll(() => app?.stop(), 60_000);

  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

  describe("calendar_events", () => {
    it("creates an event as the caller, normalising times and generating a meeting id", async () => {
      const res = await api(app, creator.token).post(
        "/api/entities/calendar_events",
        new URLSearchParams({
          title: "Sync",
          start_datetime: "2030-05-01T09:30",
          end_datetime: "2030-05-01T08:30:00.000Z",
          event_type: "meeting",
          attendees: JSON.stringify([attendee.email]),
          is_recurring: "0",
          reminder_time: "2030-05-01 09:15:00",
          created_by: admin.email,
        }),
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        start_datetime: "2030-05-01 09:30:00",
        end_datetime: "2030-05-01 08:30:00",
        created_by: creator.email,
        attendees: [attendee.email],
        is_recurring: false,
        meeting_id: expect.stringMatching(/^[a-f0-9]{12}$/),
      });
      const kept = await api(app, creator.token).post("/api/entities/calendar_events", {
        title: "Own id",
        start_datetime: "2030-05-02 10:00:00",
        end_datetime: "2030-05-02 11:00:00",
        event_type: "meeting",
        meeting_id: "abc-123",
      });
      expect(kept.body.meeting_id).toBe("abc-123");
      const plain = await api(app, creator.token).post("/api/entities/calendar_events", { title: "Dentist", start_datetime: "2030-05-03 08:00:00", end_datetime: "2030-05-03 09:00:00" });
      expect(plain.body).toMatchObject({ event_type: "appointment", meeting_id: null });
    });

    it("refuses events without title or times, or with bad ones", async () => {
      const before = await countRows(app, "calendar_events");
      const me = api(app, creator.token);
      expect((await me.post("/api/entities/calendar_events", { title: "x", end_datetime: "2030-01-01 10:00:00" })).body.error).toBe(
        "Insert failed: start_datetime is required",
      );
      expect((await me.post("/api/entities/calendar_events", { title: "x", start_datetime: "tomorrow", end_datetime: "2030-01-01 10:00:00" })).status).toBe(400);
      expect((await me.post("/api/entities/calendar_events", { title: "x", start_datetime: "2030-13-01 10:00:00", end_datetime: "2030-01-01 10:00:00" })).status).toBe(400);
      expect(
        (await me.post("/api/entities/calendar_events", { title: "x", start_datetime: "2030-01-01 10:00:00", end_datetime: "2030-01-01 10:00:00", attendees: "nobody" })).status,
      ).toBe(400);
      expect(await countRows(app, "calendar_events")).toBe(before);
    });

    it("shows events to the creator and attendees only", async () => {
      const ev = await makeEvent(app, creator.email, { attendees: [attendee.email] });
      expect(ids((await api(app, creator.token).get("/api/entities/calendar_events")).body)).toContain(ev.id);
      expect(ids((await api(app, attendee.token).get("/api/entities/calendar_events")).body)).toContain(ev.id);
      expect(ids((await api(app, stranger.token).get("/api/entities/calendar_events")).body)).not.toContain(ev.id);
      expect(ids((await api(app, admin.token).get("/api/entities/calendar_events")).body)).not.toContain(ev.id);
      expect((await api(app, stranger.token).get(`/api/entities/calendar_events/${ev.id}`)).status).toBe(404);
      const spec = `created_by = '${attendee.email}' OR JSON_CONTAINS(attendees, '"${attendee.email}"')`;
      const res = await api(app, attendee.token).get(`/api/entities/calendar_events?where=${encodeURIComponent(spec)}&sort=-start_datetime`);
      expect(ids(res.body)).toContain(ev.id);
    });

    it("lets only the creator change or delete an event", async () => {
      const ev = await makeEvent(app, creator.email, { attendees: [attendee.email] });
      expect((await api(app, attendee.token).patch(`/api/entities/calendar_events/${ev.id}`, { title: "Mine now" })).status).toBe(403);
      expect((await api(app, attendee.token).delete(`/api/entities/calendar_events/${ev.id}`)).status).toBe(403);
      expect((await api(app, stranger.token).patch(`/api/entities/calendar_events/${ev.id}`, { title: "x" })).status).toBe(404);
      const changed = await api(app, creator.token).patch(`/api/entities/calendar_events/${ev.id}`, { event_type: "meeting", location: "" });
      expect(changed.body).toMatchObject({ event_type: "meeting", location: null, meeting_id: expect.any(String) });
      expect((await api(app, creator.token).patch(`/api/entities/calendar_events/${ev.id}`, { created_by: stranger.email, title: "T" })).body.created_by).toBe(creator.email);
      expect((await api(app, creator.token).delete(`/api/entities/calendar_events/${ev.id}`)).status).toBe(200);
    });
  });

  describe("notes", () => {
    it("creates a note as the caller with the fixed org key", async () => {
      const res = await api(app, creator.token).post("/api/entities/notes", {
        topic: "Plan",
        content: "Text",
        tags: ["a", "a", " b "],
        mood: "happy",
        created_by: admin.email,
        org_key: "org_9",
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ created_by: creator.email, org_key: "org_1", tags: ["a", "b"], is_pinned: false, mood: "happy" });
      expect((await api(app, creator.token).post("/api/entities/notes", { topic: "x", content: "  " })).status).toBe(400);
    });

    it("keeps notes private to their creator, even from admins", async () => {
      const note = await makeNote(app, creator.email);
      expect(ids((await api(app, creator.token).get("/api/entities/notes")).body)).toContain(note.id);
      for (const u of [admin, stranger]) {
        expect(ids((await api(app, u.token).get("/api/entities/notes")).body)).not.toContain(note.id);
        expect((await api(app, u.token).get(`/api/entities/notes/${note.id}`)).status).toBe(404);
        expect((await api(app, u.token).patch(`/api/entities/notes/${note.id}`, { topic: "x" })).status).toBe(404);
        expect((await api(app, u.token).delete(`/api/entities/notes/${note.id}`)).status).toBe(404);
      }
      const byFilter = await api(app, stranger.token).get(`/api/entities/notes?where=${encodeURIComponent(`created_by = '${creator.email}'`)}`);
      expect(byFilter.body).toEqual([]);
    });

    it("lets the creator pin, edit and delete, sorted pinned first then newest", async () => {
      const a = await makeNote(app, attendee.email, { topic: "A" });
      const b = await makeNote(app, attendee.email, { topic: "B" });
      const me = api(app, attendee.token);
      expect((await me.patch(`/api/entities/notes/${a.id}`, { is_pinned: 1 })).body.is_pinned).toBe(true);
      await me.patch(`/api/entities/notes/${b.id}`, { content: "newer" });
      const list = await me.get("/api/entities/notes?sort=-is_pinned,-updated_date");
      expect(list.body.map((n: { topic: string }) => n.topic)).toEqual(["A", "B"]);
      expect((await me.delete(`/api/entities/notes/${a.id}`)).status).toBe(200);
      expect((await me.get(`/api/entities/notes/${a.id}`)).status).toBe(404);
    });
  });
});
