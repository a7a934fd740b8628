// The private calendar feed: each user may create (or rotate) a secret iCalendar URL of their
// events and dated tasks, read it without signing in (calendar clients cannot), and revoke it.
import crypto from "node:crypto";
import { Router, type Request, type RequestHandler } from "express";
import type { AppContext } from "../../context";
import { currentUser, requireAuth } from "../../auth/middleware";
import { notFound } from "../../errors";
import { emailOf } from "../../entities/policy-helpers";
import { findFeedToken, findFeedEventsOf, findFeedTasksOf, findUserByFeedToken, findUserNamesByEmails, setFeedToken } from "./repository";
import { buildCalendar } from "./ics";
import { startReminderSweep } from "./reminders";
import { costlyReads } from "../../rate-limits";

type FeedOwner = NonNullable<Awaited<ReturnType<typeof findUserByFeedToken>>>;

const feedUrl = (req: Request, token: string) => `${req.protocol}://${req.get("host")}${req.baseUrl}/calendar/feed/${token}.ics`;

export function calendarRoutes(ctx: AppContext): Router {
  startReminderSweep(ctx);
  const r = Router();

  r.get("/calendar/feed", requireAuth, async (req, res) => {
    const row = await findFeedToken(ctx.db, currentUser(req).id);
    res.json({ url: row?.calendar_feed_token ? feedUrl(req, row.calendar_feed_token) : null });
  });

  r.post("/calendar/feed", requireAuth, async (req, res) => {
    const token = crypto.randomBytes(24).toString("base64url");
    await setFeedToken(ctx.db, currentUser(req).id, token);
    res.status(201).json({ url: feedUrl(req, token) });
  });

  r.delete("/calendar/feed", requireAuth, async (req, res) => {
    await setFeedToken(ctx.db, currentUser(req).id, null);
    res.json({ url: null });
  });

  // Read without signing in, so the export count (EXPORT_RATE_LIMIT) is the feed owner's, found first.
  const findOwner: RequestHandler = async (req, res, next) => {
    const m = /^([A-Za-z0-9_-]{20,64})\.ics$/.exec(String(req.params.file));
    const user = m ? await findUserByFeedToken(ctx.db, m[1]) : undefined;
    if (!user) throw notFound("No such calendar");
    res.locals.feedOwner = user;
    res.locals.limitPerson = user.id;
    next();
  };
  r.get("/calendar/feed/:file", findOwner, costlyReads(ctx).export, async (req, res) => {
    const user = res.locals.feedOwner as FeedOwner;
    const me = emailOf(user);
    const events = await findFeedEventsOf(ctx.db, me);
    const tasks = await findFeedTasksOf(ctx.db, me);
    const origin = `${req.protocol}://${req.get("host")}`;
    const meetings = events.filter((e) => e.event_type === "meeting");
    const names = new Map(
      (await findUserNamesByEmails(ctx.db, [...new Set(meetings.flatMap((e) => [e.created_by, ...(e.attendees ?? [])].map((m) => m.toLowerCase())))])).map((u) => [u.email.toLowerCase(), u.full_name]),
    );
    const person = (email: string) => ({ email, name: names.get(email.toLowerCase()) ?? null });
    const body = buildCalendar(
      `${user.full_name} (Teamspace)`,
      req.get("host") ?? "teamspace",
      events.map((e) => {
        const meeting = e.event_type === "meeting";
        return {
          id: e.id,
          title: e.title,
          description: e.description,
          location: e.location,
          start: new Date(e.start_datetime),
          end: new Date(e.end_datetime),
          updated: new Date(e.updated_at),
          zone: e.time_zone,
          rrule: e.recurrence_rule,
          exceptions: e.recurrence_exceptions ?? [],
          meetingUrl: meeting && e.meeting_id ? `${origin}/Meet?meetingId=${e.meeting_id}` : null,
          organizer: meeting ? person(e.created_by) : null,
          attendees: meeting ? (e.attendees ?? []).map(person) : [],
        };
      }),
      tasks.map((t) => ({ id: t.id, title: t.title, description: t.description, due: t.due_date!, updated: new Date(t.updated_at) })),
    );
    res.setHeader("Content-Type", "text/calendar; charset=utf-8");
    res.setHeader("Cache-Control", "private, max-age=300");
    res.send(body);
  });

  return r;
}
