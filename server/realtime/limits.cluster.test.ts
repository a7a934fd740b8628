// Rate limits shared through Redis: a user's command bucket, the failed sign-in count and the
// costly reads' counts (server/rate-limits.ts) hold across two app nodes, so spreading sockets,
// guesses or searches over nodes gains nothing.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { clusterSetup, startCluster, type Cluster, type Node } from "../test/nodes";
import { connect, call, type ClientSocket } from "../test/clients";

const { REDIS_URL, canRun } = await clusterSetup();

describe.skipIf(!canRun)("rate limits shared by two nodes through Redis", () => {
  let cluster: Cluster;
  let n1: Node, n2: Node;
  const sockets: ClientSocket[] = [];
  let token = "";
  let email = "";

  beforeAll(async () => {
    // A bucket of 10 refilled about once in 17 minutes, 3 failed sign-ins per window and 4
    // searches a minute: the counts below do not depend on timing.
    cluster = await startCluster(REDIS_URL, { env: { SOCKET_RATE_BURST: "10", SOCKET_RATE_PER_SEC: "0.001", LOGIN_RATE_LIMIT: "3", SEARCH_RATE_LIMIT: "4" } });
    [n1, n2] = cluster.nodes;
    ({ token, email } = await cluster.addUser("ann"));
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await cluster?.stop();
  }, 60_000);

  it("limits a user's commands across their sockets on both nodes", async () => {
    const s1 = await connect(n1.url, token);
    const s2 = await connect(n2.url, token);
    sockets.push(s1, s2);
    const acks = await Promise.all([
      ...Array.from({ length: 8 }, () => call(s1, "presence.subscribe", { user_ids: [] })),
      ...Array.from({ length: 8 }, () => call(s2, "presence.subscribe", { user_ids: [] })),
    ]);
    // Each socket alone is within its own bucket of 10; together they are over the user's.
    expect(acks.filter((a) => a.ok)).toHaveLength(10);
    expect(acks.filter((a) => !a.ok).map((a) => !a.ok && a.error)).toEqual(Array(6).fill("Too many requests"));
  });

  it("counts a person's searches on both nodes against one limit", async () => {
    const search = (url: string, q: string) => fetch(`${url}/api/search?q=${q}`, { headers: { authorization: `Bearer ${token}` } });
    const statuses: number[] = [];
    for (const [i, n] of [n1, n2, n1, n2, n1, n2].entries()) statuses.push((await search(n.url, `word${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const refused = await search(n1.url, "again");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Too many searches: try again in \d+ seconds?$/);
    // Another person's count is their own.
    const other = await cluster.addUser("bob");
    expect((await fetch(`${n2.url}/api/search?q=hello`, { headers: { authorization: `Bearer ${other.token}` } })).status).toBe(200);
  });

  it("counts failed sign-ins on both nodes against one limit", async () => {
    const attempt = (url: string) =>
      fetch(`${url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "wrong-password" }),
      });
    expect((await attempt(n1.url)).status).toBe(401);
    expect((await attempt(n1.url)).status).toBe(401);
    expect((await attempt(n2.url)).status).toBe(401);
    const limited = await attempt(n2.url);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: "Too many sign-in attempts. Please try again later." });
  });
});
