// Two app processes on two ports, one Postgres database, one Redis: a chat message, a call and a
// presence change cross from a client on one node to a client on the other.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { clusterSetup, startCluster, type Cluster, type ClusterUser, type Node } from "../test/nodes";
import { connect, call, record, recordMessages, until, poller, type ClientSocket } from "../test/clients";
import type { ChatMessage, PresenceState, SignalMessage } from "@shared/realtime";

const { REDIS_URL, canRun } = await clusterSetup();

describe.skipIf(!canRun)("two nodes over Postgres and Redis", () => {
  let cluster: Cluster;
  let n1: Node, n2: Node;
  const users: Record<string, ClusterUser> = {};
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    cluster = await startCluster(REDIS_URL);
    [n1, n2] = cluster.nodes;
    for (const name of ["ann", "ben", "pat"]) users[name] = await cluster.addUser(name);
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await cluster?.stop();
  }, 60_000);

  it("carries a chat message from a client on node 1 to a client on node 2", async () => {
    const ch = await cluster.db
      .insertInto("channels")
      .values({ name: "x-node", type: "private", members: [users.ann.email, users.ben.email] })
      .returning("id")
      .executeTakeFirstOrThrow();
    const ann = await connect(n1.url, users.ann.token);
    const ben = await connect(n2.url, users.ben.token);
    const pat = await connect(n2.url, users.pat.token);
    sockets.push(ann, ben, pat);
    const gotBen = recordMessages<ChatMessage>(ben);
    const gotPat = recordMessages<ChatMessage>(pat);
    const ack = await call<ChatMessage>(ann, "messages.create", { channel_id: ch.id, content: "across nodes" });
    expect(ack.ok).toBe(true);
    await until(gotBen, (m) => m.content === "across nodes");
    await new Promise((r) => setTimeout(r, 300));
    expect(gotPat).toHaveLength(0);
  });

  it("runs a full call between sockets on different nodes, with presence crossing too", async () => {
    const ann = await connect(n1.url, users.ann.token);
    const ben = await connect(n2.url, users.ben.token);
    sockets.push(ann, ben);
    const inAnn = record<SignalMessage>(ann, "signals.receive");
    const inBen = record<SignalMessage>(ben, "signals.receive");
    const pres = record<PresenceState>(ann, "presence.update");
    const sub = await call<PresenceState[]>(ann, "presence.subscribe", { user_ids: [users.ben.id] });
    expect(sub.ok && sub.data[0].online).toBe(true);
    await call(ben, "presence.update", { status: "away" });
    await until(pres, (p) => p.user_id === users.ben.id && p.user_status === "away");
    await call(ben, "presence.update", { status: "online" });

    const started = await call(ann, "calls.initiate", { target_user_id: users.ben.id, call_type: "video" });
    if (!started.ok) throw new Error(started.error);
    const id = started.data.call_id;
    expect(started.data.status).toBe("ringing");
    await until(inBen, (s) => s.message_type === "call_invite" && s.call_id === id);
    await call(ben, "calls.answer", { call_id: id, accepted: true });
    await until(inAnn, (s) => s.message_type === "call_accept" && s.call_id === id);
    await call(ann, "signals.send", { call_id: id, to_user_id: users.ben.id, message_type: "offer", message_data: { sdp: "o" } });
    await until(inBen, (s) => s.message_type === "offer" && s.call_id === id);
    await call(ben, "signals.send", { call_id: id, to_user_id: users.ann.id, message_type: "answer", message_data: { sdp: "a" } });
    await until(inAnn, (s) => s.message_type === "answer" && s.call_id === id);
    await call(ben, "signals.send", { call_id: id, to_user_id: users.ann.id, message_type: "ice_candidate", message_data: { c: 1 } });
    await until(inAnn, (s) => s.message_type === "ice_candidate" && s.call_id === id);
    await call(ann, "calls.end", { call_id: id });
    await until(inBen, (s) => s.message_type === "call_end" && s.call_id === id);
    const hist = await fetch(`${n2.url}/api/webrtc/call-history`, { headers: { authorization: `Bearer ${users.ben.token}` } });
    expect(((await hist.json()) as { call_id: string; status: string }[])[0]).toMatchObject({ call_id: id, status: "ended" });
    // No signal arrived twice.
    for (const list of [inAnn, inBen]) expect(new Set(list.map((s) => s.id)).size).toBe(list.length);
  });

  it("lets a polling client on node 2 call a socket client on node 1", async () => {
    // Pat's socket from the first test would take the signals: a user with a socket gets them there.
    for (const s of sockets) s.close();
    const ann = await connect(n1.url, users.ann.token);
    sockets.push(ann);
    const inAnn = record<SignalMessage>(ann, "signals.receive");
    const poll = poller(n2.url, users.pat.token);
    try {
      const res = await fetch(`${n2.url}/phpapi/webrtc/initiate-call`, {
        method: "POST",
        headers: { authorization: `Bearer ${users.pat.token}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ target_user_id: String(users.ann.id), call_type: "audio" }),
      });
      const body = (await res.json()) as { call_id: string };
      expect(res.status, JSON.stringify(body)).toBe(200);
      const { call_id } = body;
      await until(inAnn, (s) => s.message_type === "call_invite" && s.call_id === call_id);
      await call(ann, "calls.answer", { call_id, accepted: true });
      await until(poll.got, (s) => s.message_type === "call_accept" && s.call_id === call_id);
      await call(ann, "calls.end", { call_id });
      await until(poll.got, (s) => s.message_type === "call_end" && s.call_id === call_id);
    } finally {
      await poll.stop();
    }
  });
});
