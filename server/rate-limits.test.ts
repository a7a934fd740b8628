// The costly reads (server/rate-limits.ts) are limited per person: searches, unread recounts and
// exports each answer 429 with Retry-After and a readable error past their count, other people
// are not affected. (Across two nodes through Redis: server/realtime/limits.cluster.test.ts.)
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import os from "node:os";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "./test/harness";
import { loadConfig } from "./config";

type Answer = { status: number; retryAfter: string | null; body: { error?: string } };

async function get(app: TestApp, path: string, token?: string): Promise<Answer> {
  const res = await fetch(`${app.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  let body: Answer["body"] = {};
  try {
    body = JSON.parse(text) as Answer["body"];
  } catch {
    // Not JSON (a backup, a calendar): only its status matters here.
  }
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body };
}

function expectRefused(a: Answer, what: RegExp): void {
  expect(a.status).toBe(429);
  expect(Number(a.retryAfter)).toBeGreaterThan(0);
  expect(Number(a.retryAfter)).toBeLessThanOrEqual(60);
  expect(a.body.error).toMatch(what);
  expect(a.body.error).toContain(`try again in ${a.retryAfter} second`);
}

describe("costly read limits: configuration", () => {
  it("defaults to 60 searches, 120 unread recounts and 10 exports per person per minute, each settable", () => {
    const base = { JWT_SECRET: "x".repeat(20), DATA_DIR: os.tmpdir() };
    expect(loadConfig(base).readRateLimits).toEqual({ search: 60, unread: 120, export: 10 });
    expect(loadConfig({ ...base, SEARCH_RATE_LIMIT: "5", UNREAD_RATE_LIMIT: "7", EXPORT_RATE_LIMIT: "1" }).readRateLimits).toEqual({ search: 5, unread: 7, export: 1 });
    expect(() => loadConfig({ ...base, SEARCH_RATE_LIMIT: "0" })).toThrow(/SEARCH_RATE_LIMIT/);
    expect(() => loadConfig({ ...base, EXPORT_RATE_LIMIT: "lots" })).toThrow(/EXPORT_RATE_LIMIT/);
  });
});

describe.each(ENGINES)("costly read limits on one node (%s)", (engine) => {
  let app: TestApp;
  let ann: TestUser, ben: TestUser, admin: TestUser;

  beforeAll(async () => {
    app = await startTestApp(engine, { readRateLimits: { search: 5, unread: 4, export: 2 } });
    [ann, ben, admin] = [await makeUser(app), await makeUser(app), await makeUser(app, { role: "admin" })];
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
  });

  it("answers a person's searches past the limit with 429, both search routes counting together", async () => {
    // The probe's flood, at once: only the first five are searched.
    const flood = await Promise.all(Array.from({ length: 30 }, (_, i) => get(app, i % 2 ? `/api/search?q=word${i}` : `/api/notes/search?q=word${i}`, ann.token)));
    expect(flood.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = flood.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(25);
    for (const a of refused) expectRefused(a, /^Too many searches: try again in \d+ seconds?$/);
    expectRefused(await get(app, "/phpapi/search?q=again", ann.token), /^Too many searches/);
    // Someone else searches as before, and signing in is still required first.
    expect((await get(app, "/api/search?q=hello", ben.token)).status).toBe(200);
    expect((await get(app, "/api/search?q=hello")).status).toBe(401);
    // A refused search is not an unread recount: that count is untouched.
    expect((await get(app, "/api/chat/unread", ann.token)).status).toBe(200);
  });

  it("limits unread recounts per person, GET /chat/unread and /chat/threads together", async () => {
    const answers: Answer[] = [];
    for (const path of ["/api/chat/unread", "/api/chat/threads", "/api/chat/unread", "/api/chat/threads", "/api/chat/unread", "/api/chat/threads"]) answers.push(await get(app, path, ben.token));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 429, 429]);
    expectRefused(answers[4], /^Too many unread count requests: try again in \d+ seconds?$/);
    expect(answers[0].body).toHaveProperty("channels");
  });

  it("limits exports per person: the database backup, and a calendar feed by its owner's count", async () => {
    const backups: Answer[] = [];
    for (let i = 0; i < 3; i++) backups.push(await get(app, "/api/admin/database/backup", admin.token));
    expect(backups.map((a) => a.status)).toEqual([200, 200, 429]);
    expectRefused(backups[2], /^Too many exports: try again in \d+ seconds?$/);

    const made = await api(app, ben.token).post("/api/calendar/feed");
    expect(made.status).toBe(201);
    const feed = new URL(made.body.url as string).pathname;
    // A calendar app reads it without signing in; the count is the feed owner's.
    const reads: Answer[] = [];
    for (let i = 0; i < 3; i++) reads.push(await get(app, feed));
    expect(reads.map((a) => a.status)).toEqual([200, 200, 429]);
    expectRefused(reads[2], /^Too many exports/);
    // An unknown feed is not found, and counts for nobody.
    expect((await get(app, "/api/calendar/feed/AAAAAAAAAAAAAAAAAAAAAAAA.ics")).status).toBe(404);
  });
});
