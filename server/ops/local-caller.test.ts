// The two metrics endpoints serve a loopback caller without a token only when no proxy forwarded
// the request (./local-caller.ts): a proxy on the same machine connects from loopback too, and
// proxies say "forwarded" in many words, so each of them is refused on both endpoints.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestApp, makeUser, type TestApp, type TestUser } from "../test/harness";

// The engine plays no part in who may read the metrics: PGlite only.
describe("metrics endpoints and forwarded requests", () => {
  let app: TestApp;
  let member: TestUser, admin: TestUser;
  beforeAll(async () => {
    app = await startTestApp("pglite");
    member = await makeUser(app);
    admin = await makeUser(app, { role: "admin" });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  const FORWARDED: Array<[string, string]> = [
    ["x-forwarded-for", "203.0.113.9"],
    ["x-forwarded-host", "teams.example.com"],
    ["x-forwarded-proto", "https"],
    ["x-real-ip", "203.0.113.9"],
    ["forwarded", "for=203.0.113.9"],
    ["forwarded", 'for="[2001:db8::1]";proto=https'],
    ["x-client-ip", "203.0.113.9"],
    ["true-client-ip", "203.0.113.9"],
    ["cf-connecting-ip", "203.0.113.9"],
    ["fastly-client-ip", "203.0.113.9"],
    ["x-cluster-client-ip", "203.0.113.9"],
    ["x-original-forwarded-for", "203.0.113.9"],
    ["via", "1.1 proxy.example.com"],
  ];
  const ENDPOINTS = ["/metrics", "/api/metrics", "/phpapi/metrics"];

  const status = async (path: string, headers: Record<string, string> = {}) => (await fetch(`${app.url}${path}`, { headers })).status;

  it("serves a loopback caller that no proxy forwarded", async () => {
    for (const path of ENDPOINTS) expect(await status(path), path).toBe(200);
    // Headers that are not about forwarding change nothing.
    for (const path of ENDPOINTS) expect(await status(path, { "x-request-id": "abc", "user-agent": "curl/8" }), path).toBe(200);
  });

  it("refuses a loopback caller carrying any forwarding header, on both endpoints", async () => {
    const answers: Record<string, number> = {};
    for (const [name, value] of FORWARDED) {
      for (const path of ENDPOINTS) {
        answers[`${path} ${name}: ${value}`] = await status(path, { [name]: value });
        // Nor does signing in as someone who is not an admin make it local.
        if (path !== "/metrics") answers[`${path} ${name}: ${value} (member)`] = await status(path, { [name]: value, authorization: `Bearer ${member.token}` });
      }
    }
    expect(Object.entries(answers).filter(([, s]) => s !== 403)).toEqual([]);
  });

  it("still serves /api/metrics to an admin from anywhere", async () => {
    for (const [name, value] of FORWARDED) expect(await status("/api/metrics", { [name]: value, authorization: `Bearer ${admin.token}` }), name).toBe(200);
  });
});
