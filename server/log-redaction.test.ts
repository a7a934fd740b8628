// Secrets in URLs never reach the request log: tokens in the query (under any parameter's name),
// the calendar feed's secret, invitation tokens (in the API path, the invitee's page URL and the
// Referer it sends); nor does what someone searched for.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startLoggedApp, makeUser, api, type LoggedTestApp, type TestUser } from "./test/harness";
import crypto from "node:crypto";
import { looksLikeSecret, redactUrl } from "./log-redaction";

describe("redactUrl", () => {
  it("replaces credential query values and secret path segments, keeping the rest", () => {
    expect(redactUrl("/api/tasks?token=abc&limit=5&access_token=def")).toBe("/api/tasks?token=[redacted]&limit=5&access_token=[redacted]");
    expect(redactUrl("/x?Access%5FToken=abc&sort=-id")).toBe("/x?Access%5FToken=[redacted]&sort=-id");
    expect(redactUrl("/x?X-Amz-Signature=s&X-Amz-Credential=c&key=k&sig=g&limit=token")).toBe(
      "/x?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]&key=[redacted]&sig=[redacted]&limit=token",
    );
    expect(redactUrl("/api/calendar/feed/AbC_dEf-0123456789abcdef.ics?x=1")).toBe("/api/calendar/feed/[redacted]?x=1");
    expect(redactUrl("/api/calendar/feed")).toBe("/api/calendar/feed");
    expect(redactUrl("/phpapi/invitations/0123456789abcdef")).toBe("/phpapi/invitations/[redacted]");
    expect(redactUrl("/api/invitations/policy")).toBe("/api/invitations/policy");
    expect(redactUrl("https://teams.example.com/AcceptInvite?token=zzz#top")).toBe("https://teams.example.com/AcceptInvite?token=[redacted]");
    expect(redactUrl("/x?flag&token")).toBe("/x?flag&token");
  });

  it("replaces search text, and token-shaped values under any name, keeping ids, dates, words and filters", () => {
    expect(redactUrl("/api/search?q=salary%20review%20in%3A%23hr")).toBe("/api/search?q=[redacted]");
    expect(redactUrl("/api/notes/search?Q=diagnosis&limit=5")).toBe("/api/notes/search?Q=[redacted]&limit=5");
    expect(redactUrl("/Search?q=layoffs")).toBe("/Search?q=[redacted]");
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiIsInNpZCI6ImFiYyJ9.c2lnbmF0dXJlLWJ5dGVz";
    expect(redactUrl(`/api/auth/me?auth=${jwt}`)).toBe("/api/auth/me?auth=[redacted]");
    expect(redactUrl(`/api/auth/me?authorization=Bearer%20${jwt}&x=1`)).toBe("/api/auth/me?authorization=[redacted]&x=1");
    expect(redactUrl(`/x?${jwt}`)).toBe("/x?[redacted]");
    const hex = crypto.randomBytes(16).toString("hex");
    const b64 = crypto.randomBytes(24).toString("base64url");
    expect(redactUrl(`/x?session=${hex}&api=${b64}&sort=-created_date`)).toBe("/x?session=[redacted]&api=[redacted]&sort=-created_date");
    const kept = `/api/entities/tasks?where=${encodeURIComponent('{"channel_id":5,"status":{"in":["todo","done"]}}')}&sort=-created_date&limit=50&offset=100&since=12345678901234567890123456&day=2026-03-01T00:00:00.000Z&table=channel_notification_settings`;
    expect(redactUrl(kept)).toBe(kept);
    // Random secrets of the shortest length judged are caught however they fall; words are not.
    for (let i = 0; i < 200; i++) {
      expect(looksLikeSecret(crypto.randomBytes(18).toString("base64url"))).toBe(true);
      expect(looksLikeSecret(crypto.randomBytes(20).toString("hex"))).toBe(true);
    }
    for (const word of ["channel_notification_settings", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1", "internationalisation-of-things"]) expect(looksLikeSecret(word), word).toBe(false);
  });
});

// The engine plays no part in what is logged: PGlite only.
describe("the request log (real pino output)", () => {
  let app: LoggedTestApp;
  let admin: TestUser;
  beforeAll(async () => {
    app = await startLoggedApp("pglite");
    admin = await makeUser(app, { role: "admin" });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("holds no token, feed secret or invitation token, and still says what was requested", async () => {
    const me = api(app, admin.token);
    const invite = await me.post("/api/invitations", { email: "newcomer@example.test" });
    expect(invite.status).toBe(201);
    const inviteToken = invite.body.token as string;
    const link = invite.body.link as string;
    expect(link).toContain(inviteToken);
    // The invitee's browser opens the link, then asks whose invitation it is (sending the link as Referer).
    await fetch(`${app.url}/AcceptInvite?token=${inviteToken}`);
    expect((await api(app).get(`/api/invitations/${inviteToken}`, { referer: link })).status).toBe(200);
    expect((await me.get("/api/invitations/policy")).status).toBe(200);

    const feed = await me.post("/api/calendar/feed");
    expect(feed.status).toBe(201);
    const feedUrl = new URL(feed.body.url as string);
    const feedSecret = /\/calendar\/feed\/([^/]+)\.ics$/.exec(feedUrl.pathname)![1];
    // A calendar app polls it, without signing in.
    for (let i = 0; i < 2; i++) expect((await fetch(`${app.url}${feedUrl.pathname}`)).status).toBe(200);

    // Clients that cannot send headers put a token in the query (the server does not take it, but it is logged).
    const queryToken = `${admin.token}-query`;
    const accessToken = `${admin.token}-access`;
    await fetch(`${app.url}/api/entities/tasks?token=${queryToken}&limit=5`);
    await fetch(`${app.url}/phpapi/auth/me?access_token=${accessToken}`);

    // Lines are written in the order requests finish: once this one is there, so are the others.
    await fetch(`${app.url}/api/log-marker`);
    await app.waitForLine((l) => l.includes("/api/log-marker"));
    const text = app.lines.join("");

    for (const secret of [inviteToken, feedSecret, queryToken, accessToken, admin.token]) expect(text).not.toContain(secret);
    const urls = app.lines.map((l) => JSON.parse(l) as { req?: { url?: string; headers?: { referer?: string } } }).filter((l) => l.req);
    const logged = urls.map((l) => l.req!.url);
    expect(logged).toContain("/AcceptInvite?token=[redacted]");
    expect(logged).toContain("/api/invitations/[redacted]");
    expect(logged).toContain("/api/invitations/policy");
    expect(logged.filter((u) => u === "/api/calendar/feed/[redacted]")).toHaveLength(2);
    expect(logged).toContain("/api/entities/tasks?token=[redacted]&limit=5");
    expect(logged).toContain("/phpapi/auth/me?access_token=[redacted]");
    expect(urls.find((l) => l.req!.url === "/api/invitations/[redacted]")!.req!.headers!.referer).toBe(redactUrl(link));
  });

  it("holds no search text and no token put under another parameter's name", async () => {
    const member = await makeUser(app);
    const me = api(app, member.token);
    // Words nobody else sends, so finding them anywhere in the log is a leak.
    const words = "quarterly zebrafish";
    const noteWords = "okapi diagnosis";
    expect((await me.get(`/api/search?q=${encodeURIComponent(words)}`, { referer: `${app.url}/Search?q=${encodeURIComponent(words)}` })).status).toBe(200);
    expect((await me.get(`/api/notes/search?q=${encodeURIComponent(noteWords)}`)).status).toBe(200);
    // A client that puts its bearer token in a parameter the server does not read.
    expect((await fetch(`${app.url}/api/auth/me?auth=${member.token}`)).status).toBe(401);

    await fetch(`${app.url}/api/log-marker-2`);
    await app.waitForLine((l) => l.includes("/api/log-marker-2"));
    const text = app.lines.join("");
    for (const secret of ["zebrafish", "quarterly", "okapi", "diagnosis", member.token]) expect(text).not.toContain(secret);
    const reqs = app.lines.map((l) => JSON.parse(l) as { req?: { url?: string; query?: Record<string, unknown>; headers?: { referer?: string } } }).filter((l) => l.req);
    const search = reqs.find((l) => l.req!.url === "/api/search?q=[redacted]");
    expect(search, JSON.stringify(reqs.map((l) => l.req!.url))).toBeDefined();
    expect(search!.req!.query).toEqual({ q: "[redacted]" });
    expect(search!.req!.headers!.referer).toBe(`${app.url}/Search?q=[redacted]`);
    expect(reqs.find((l) => l.req!.url === "/api/notes/search?q=[redacted]")!.req!.query).toEqual({ q: "[redacted]" });
    const me2 = reqs.find((l) => l.req!.url === "/api/auth/me?auth=[redacted]");
    expect(me2!.req!.query).toEqual({ auth: "[redacted]" });
  });
});
