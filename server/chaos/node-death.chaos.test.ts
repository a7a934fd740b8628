// A node dies under chat load: two app nodes behind nginx (deploy/nginx.conf), their own Postgres
// and Redis; clients spread over both nodes post and receive; one node is killed with SIGKILL.
// Its clients must be back on the other node within 3 s, no acknowledged message may be missing
// for any member (live or by the catch-up the client does), and a call in progress across the
// nodes keeps signalling.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { openDb, type DbHandle } from "../db";
import { createFixture, type Fixture } from "../test/fixture";
import type { SignalMessage } from "@shared/realtime";
import { canRunChaos, sleep, startAppNode, startNginx, startPostgres, startRedis, stopAppNode, type AppNode, type Nginx, type PgCluster, type RedisServer } from "./procs";
import { closeAll, percentile, settle, startPosters, watchAll, type Member } from "./chat";

const SECRET = "chaos-node-death-secret-0123456789";

describe.skipIf(!canRunChaos)("a node dies behind nginx under chat load", () => {
  let pg: PgCluster, redis: RedisServer, nginx: Nginx;
  const nodes: AppNode[] = [];
  let handle: DbHandle;
  let fx: Fixture;
  let members: Member[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-chaos-"));

  beforeAll(async () => {
    [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
    const env = { DATABASE_URL: pg.url, REDIS_URL: redis.url, JWT_SECRET: SECRET, SEED_DEMO: "0", DATA_DIR: dataDir, PRESENCE_GRACE_MS: "10000" };
    nodes.push(await startAppNode("n1", env)); // migrates
    nodes.push(await startAppNode("n2", env));
    handle = await openDb({ databaseUrl: pg.url, poolSize: 2 });
    fx = await createFixture(handle.db, new TextEncoder().encode(SECRET), { users: 60, roomSize: 10 });
    nginx = await startNginx(nodes.map((n) => `127.0.0.1:${n.port}`));
  }, 180_000);

  afterAll(async () => {
    closeAll(members);
    await nginx?.stop();
    for (const n of nodes) await stopAppNode(n);
    await handle?.close();
    await redis?.stop();
    await pg?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("moves the dead node's clients to the other node within 3 s, loses no acknowledged message, and keeps a call signalling", async () => {
    // Sources 127.0.X.1: nginx's ip_hash keys on the first three octets, so clients spread over the nodes.
    members = await watchAll(nginx.url, fx.users, { restUrl: nginx.url, localAddressOf: (i) => `127.0.${i % 16}.1` });
    const nodeOf = (m: Member) => m.sessions.at(-1)!.node_id;
    const count = (id: string) => members.filter((m) => nodeOf(m) === id).length;
    const victim = count("n1") >= count("n2") ? nodes[0] : nodes[1];
    const survivor = victim === nodes[0] ? nodes[1] : nodes[0];
    const onVictim = members.filter((m) => nodeOf(m) === victim.id);
    const onSurvivor = members.filter((m) => nodeOf(m) === survivor.id);
    expect(onVictim.length).toBeGreaterThan(0);

    // A call between a client of the dying node and (when there is one) a client of the other.
    const caller = onVictim[onVictim.length - 1];
    const callee = onSurvivor.at(-1) ?? onVictim[0];
    const inbox = (m: Member) => {
      const got: SignalMessage[] = [];
      m.socket.on("signals.receive", (s) => got.push(s));
      return got;
    };
    const callerGot = inbox(caller);
    const calleeGot = inbox(callee);
    const started = await caller.socket.timeout(5000).emitWithAck("calls.initiate", { target_user_id: callee.user.id, call_type: "audio" });
    expect(started.ok).toBe(true);
    const callId = started.ok ? started.data.call_id : "";
    expect((await callee.socket.timeout(5000).emitWithAck("calls.answer", { call_id: callId, accepted: true })).ok).toBe(true);
    const signal = async (from: Member, to: Member, got: SignalMessage[], type: "offer" | "answer" | "ice_candidate", mark: string) => {
      const ack = await from.socket.timeout(5000).emitWithAck("signals.send", { call_id: callId, to_user_id: to.user.id, message_type: type, message_data: { mark } });
      expect(ack.ok, JSON.stringify(ack)).toBe(true);
      const end = Date.now() + 5000;
      while (!got.some((s) => (s.message_data as { mark?: string })?.mark === mark)) {
        if (Date.now() > end) throw new Error(`signal ${mark} never arrived`);
        await sleep(20);
      }
    };
    await signal(caller, callee, calleeGot, "offer", "before-offer");
    await signal(callee, caller, callerGot, "answer", "before-answer");

    const posters = startPosters(members, fx.rooms, nginx.url, 150);
    await sleep(1500);
    const killedAt = performance.now();
    victim.proc.kill("SIGKILL");
    const backAfter = (m: Member) => m.sessions.find((s) => s.at > killedAt && s.node_id === survivor.id);
    const end = Date.now() + 15_000;
    while (onVictim.some((m) => !backAfter(m)) && Date.now() < end) await sleep(20);
    const times = onVictim.map((m) => (backAfter(m)?.at ?? Infinity) - killedAt);
    await sleep(1500);
    await posters.stop();
    const lost = await settle(members, fx.rooms, posters.posted);

    // Signalling resumes both ways once the caller is back; nobody ended the call.
    await signal(caller, callee, calleeGot, "ice_candidate", "after-caller");
    await signal(callee, caller, callerGot, "ice_candidate", "after-callee");
    expect([...callerGot, ...calleeGot].filter((s) => s.message_type === "call_end")).toEqual([]);

    const summary = {
      sockets: members.length,
      onDeadNode: onVictim.length,
      backMs: { p50: Math.round(percentile(times, 50)), p95: Math.round(percentile(times, 95)), p100: Math.round(percentile(times, 100)) },
      posted: posters.posted.length,
      postErrors: posters.errors.length,
      lost: lost.length,
      survivorDrops: onSurvivor.filter((m) => m.drops.some((t) => t > killedAt)).length,
    };
    console.log(`[chaos] node death: ${JSON.stringify(summary)}`);
    expect(times.every((t) => t <= 3000), `back times ${JSON.stringify(summary.backMs)}`).toBe(true);
    expect(lost).toEqual([]);
    expect(summary.survivorDrops).toBe(0);
    expect(posters.posted.length).toBeGreaterThan(30);
  }, 120_000);
});
