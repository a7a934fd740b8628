// Two app processes on one Postgres database, each running the notification worker ten times a
// second: every job is claimed by one node (`for update skip locked`), so each message written
// through either node reaches the person's browser once, through a real local push service.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { clusterSetup, startCluster, type Cluster, type ClusterUser, type Node } from "../../realtime/test-nodes";
import { startPushService, waitFor, type PushService } from "./test-push-service";

const { REDIS_URL, canRun } = await clusterSetup();

describe.skipIf(!canRun)("notification queue on two nodes", () => {
  let cluster: Cluster;
  let n1: Node, n2: Node;
  let push: PushService;
  const users: Record<string, ClusterUser> = {};

  beforeAll(async () => {
    push = await startPushService();
    cluster = await startCluster(REDIS_URL, { env: { NOTIFY_DELAY_MS: "0", NOTIFY_SWEEP_MS: "100", PUSH_ALLOW_HTTP: "1", PUSH_ALLOW_PRIVATE_ENDPOINTS: "1" } });
    [n1, n2] = cluster.nodes;
    for (const name of ["ann", "ben"]) users[name] = await cluster.addUser(name);
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
    await push?.close();
  }, 60_000);

  it("sends each job once", async () => {
    const call = async (node: Node, who: string, method: string, p: string, body?: unknown) => {
      const res = await fetch(`${node.url}${p}`, {
        method,
        headers: { authorization: `Bearer ${users[who].token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(res.status, `${method} ${p}`).toBeLessThan(300);
      return res.json() as Promise<any>;
    };
    // Both nodes share DATA_DIR, so one VAPID key pair.
    const key = (await call(n2, "ben", "GET", "/api/push/key")).publicKey as string;
    expect((await call(n1, "ben", "GET", "/api/push/key")).publicKey).toBe(key);
    const sub = await push.subscribe(key);
    await call(n2, "ben", "POST", "/api/push/subscriptions", { endpoint: sub.endpoint, keys: sub.keys });
    const dm = await call(n1, "ann", "POST", "/api/channels/dm", { user_id: users.ben.id });
    const N = 30;
    for (let i = 0; i < N; i++) await call(i % 2 ? n2 : n1, "ann", "POST", "/api/entities/messages", { channel_id: dm.id, content: `m-${i}` });
    await waitFor(async () => {
      const jobs = await cluster.db.selectFrom("notification_jobs").select(["status"]).execute();
      return jobs.length === N && jobs.every((j) => j.status !== "pending");
    }, 30_000);
    const jobs = await cluster.db.selectFrom("notification_jobs").selectAll().execute();
    expect(jobs.every((j) => j.status === "done" && j.attempts === 1)).toBe(true);
    // Give a second sender, if there were one, time to show itself.
    await new Promise((r) => setTimeout(r, 500));
    const bodies = (await push.messages(sub.clientHash)).map((m) => (JSON.parse(m) as { body: string }).body).sort();
    expect(bodies).toEqual(Array.from({ length: N }, (_, i) => `m-${i}`).sort());
    expect(await cluster.db.selectFrom("notifications").select("id").execute()).toHaveLength(N);
  }, 90_000);
});
