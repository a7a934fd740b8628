// Two app processes on one Postgres database, each running the notification worker ten times a
// second: every job is claimed by one node (`for update skip locked`), so each message written
// through either node reaches the person's browser once, through a real local push service. A call
// rings by push only someone with no socket on any node: one with a socket on the other node is not pushed.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { clusterSetup, startCluster, type Cluster, type ClusterUser, type Node } from "../../test/nodes";
import { startPushService, waitFor, type PushService } from "../../test/push-service";
import { connect } from "../../test/clients";

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
    for (const name of ["ann", "ben", "cleo"]) users[name] = await cluster.addUser(name);
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

  it("rings by push only a person with no socket on any node", async () => {
    const send = async (node: Node, who: string, p: string, body: unknown) => {
      const res = await fetch(`${node.url}${p}`, { method: "POST", headers: { authorization: `Bearer ${users[who].token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
      expect(res.status, p).toBeLessThan(300);
      return res.json() as Promise<any>;
    };
    const key = ((await (await fetch(`${n1.url}/api/push/key`, { headers: { authorization: `Bearer ${users.cleo.token}` } })).json()) as { publicKey: string }).publicKey;
    const cleoSub = await push.subscribe(key);
    const benSub = await push.subscribe(key);
    await send(n1, "cleo", "/api/push/subscriptions", { endpoint: cleoSub.endpoint, keys: cleoSub.keys });
    await send(n1, "ben", "/api/push/subscriptions", { endpoint: benSub.endpoint, keys: benSub.keys });
    // Cleo's tab is on node 2; Ann calls her through node 1, which finds that socket across nodes.
    const cleoSocket = await connect(n2.url, users.cleo.token);
    try {
      const toCleo = await send(n1, "ann", "/api/webrtc/initiate-call", { target_user_id: users.cleo.id, call_type: "video" });
      await send(n1, "ann", "/api/webrtc/end-call", { call_id: toCleo.call_id });
      // The marker: Ben, with no tab anywhere, rung after Cleo, is pushed the ring.
      const toBen = await send(n1, "ann", "/api/webrtc/initiate-call", { target_user_id: users.ben.id, call_type: "video" });
      const [ring] = await waitFor(async () => {
        const got = await push.messages(benSub.clientHash);
        return got.length ? got : null;
      });
      expect(JSON.parse(ring)).toMatchObject({ kind: "call_ring", call_id: toBen.call_id });
      const cleoJobs = await cluster.db.selectFrom("notification_jobs").select("kind").where("user_id", "=", users.cleo.id).execute();
      expect(cleoJobs.map((j) => j.kind)).toEqual(["call"]);
      // Her missed-call notice is all her browser gets; no ring.
      const cleoPushes = await waitFor(async () => {
        const got = await push.messages(cleoSub.clientHash);
        return got.length ? got : null;
      });
      expect(cleoPushes.map((m) => (JSON.parse(m) as { kind: string }).kind)).toEqual(["call"]);
      await send(n1, "ann", "/api/webrtc/end-call", { call_id: toBen.call_id });
    } finally {
      cleoSocket.close();
    }
  }, 60_000);
});
