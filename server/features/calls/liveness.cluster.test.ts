// Leaving a call after the grace (./liveness.ts) with two app nodes over one Postgres and one
// Redis: a socket on either node holds the place, whichever node's sweep looks.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { clusterSetup, startCluster, type Cluster, type ClusterUser, type Node } from "../../test/nodes";
import { connect, call, record, until, sleep, ofType, type ClientSocket } from "../../test/clients";
import type { CallRecord, SignalMessage } from "@shared/realtime";

const { REDIS_URL, canRun } = await clusterSetup();
const GRACE_MS = 800;

describe.skipIf(!canRun)("a call's participants across two nodes", () => {
  let cluster: Cluster;
  let n1: Node, n2: Node;
  let ann: ClusterUser, ben: ClusterUser;
  const sockets: ClientSocket[] = [];
  const socketOn = async (n: Node, u: ClusterUser) => {
    const s = await connect(n.url, u.token);
    sockets.push(s);
    return s;
  };
  /** Ann (node 1) calls Ben, who answers on `node`. */
  const callBen = async (node: Node) => {
    const sa = await socketOn(n1, ann);
    const sb = await socketOn(node, ben);
    const started = await call<{ call_id: string }>(sa, "calls.initiate", { target_user_id: ben.id, call_type: "audio" });
    if (!started.ok) throw new Error(started.error);
    expect((await call(sb, "calls.answer", { call_id: started.data.call_id, accepted: true })).ok).toBe(true);
    return { sa, sb, callId: started.data.call_id, inbox: record<SignalMessage>(sa, "signals.receive") };
  };

  beforeAll(async () => {
    cluster = await startCluster(REDIS_URL, { env: { CALL_LEAVE_GRACE_MS: String(GRACE_MS) } });
    [n1, n2] = cluster.nodes;
    ann = await cluster.addUser("ann");
    ben = await cluster.addUser("ben");
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await cluster?.stop();
  }, 60_000);

  it("the socket holding the place closes on node 2 while a socket of Ben's on node 1 holds it too: Ben stays", async () => {
    const { sb, callId, inbox } = await callBen(n2);
    const other = await socketOn(n1, ben);
    const resumed = await call<CallRecord>(other, "calls.resume", { call_id: callId });
    expect(resumed.ok && resumed.data.participant_list.find((p) => p.user_id === ben.id)?.in_call).toBe(true);
    sb.close();
    await sleep(GRACE_MS * 4);
    expect(ofType(inbox, "call_end", callId)).toHaveLength(0);
    await call(other, "calls.end", { call_id: callId });
  });

  it("it closes on node 2 and Ben comes back on node 1 within the grace: Ben stays; later that one closes for good and Ben leaves, though his other tab is open", async () => {
    const { sb, callId, inbox } = await callBen(n2);
    const dashboard = await socketOn(n2, ben); // holds no place in the call
    sb.close();
    await sleep(GRACE_MS / 4);
    const back = await socketOn(n1, ben);
    expect((await call(back, "calls.resume", { call_id: callId })).ok).toBe(true);
    await sleep(GRACE_MS * 3);
    expect(ofType(inbox, "call_end", callId)).toHaveLength(0);

    const closedAt = Date.now();
    back.close();
    const end = await until(inbox, (s) => s.message_type === "call_end" && s.call_id === callId, GRACE_MS + 5000);
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(GRACE_MS);
    expect(end.message_data).toMatchObject({ call_ended: true });
    expect(dashboard.connected).toBe(true);
  });
});
