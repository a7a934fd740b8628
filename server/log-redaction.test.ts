// Secrets in URLs never reach the request log: tokens in the query, the calendar feed's secret,
// invitation tokens (in the API path, the invitee's page URL and the Referer it sends).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startLoggedApp, makeUser, api, type LoggedTestApp, type TestUser } from "./test/harness";
import { redactUrl } from "./log-redaction";

describe("redactUrl", () => {
  it("replaces credential query values and secret path segments, keeping the rest", () => {
    expect(redactUrl("/api/tasks?token=abc&limit=5&access_token=def")).toBe("/api/tasks?token=[redacted]&limit=5&access_token=[redacted]");
    expect(redactUrl("/x?Access%5FToken=abc&sort=-id")).toBe("/x?Access%5FToken=[redacted]&sort=-id");
    expect(redactUrl("/x?X-Amz-Signature=s&X-Amz-Credential=c&key=k&sig=g&q=token")).toBe(
      "/x?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]&key=[redacted]&sig=[redacted]&q=token",
    );
    expect(redactUrl("/api/calendar/feed/AbC_dEf-0123456789abcdef.ics?x=1")).toBe("/api/calendar/feed/[redacted]?x=1");
    expect(redactUrl("/api/calendar/feed")).toBe("/api/calendar/feed");
    expect(redactUrl("/phpapi/invitations/0123456789abcdef")).toBe("/phpapi/invitations/[redacted]");
    expect(redactUrl("/api/invitations/policy")).toBe("/api/invitations/policy");
    expect(redactUrl("https://teams.example.com/AcceptInvite?token=zzz#top")).toBe("https://teams.example.com/AcceptInvite?token=[redacted]");
    expect(redactUrl("/x?flag&token")).toBe("/x?flag&token");
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
});
