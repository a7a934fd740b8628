// Postgres goes away under chat load (its own cluster, stopped for 10 s with a fast shutdown,
// then started again). The node must stay up and keep its sockets, refuse writes with 503
// "Service unavailable" (acks `{ok:false, error:"Service unavailable"}`), report not ready,
// recover by itself, and lose nothing it acknowledged.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { openDb, type DbHandle } from "../db";
import { createFixture, type Fixture } from "../test/fixture";
import { MESSAGES } from "@shared/constants";
import { canRunChaos, sleep, startAppNode, startPostgres, stopAppNode, type AppNode, type PgCluster } from "./procs";
import { closeAll, settle, startPosters, watchAll, type Member } from "./chat";

const SECRET = "chaos-postgres-secret-0123456789";
const DOWN_MS = 10_000;

describe.skipIf(!canRunChaos)("Postgres restarts under chat load", () => {
  let pg: PgCluster;
  let node: AppNode;
  let handle: DbHandle;
  let fx: Fixture;
  let members: Member[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-chaos-"));

  beforeAll(async () => {
    pg = await startPostgres();
    node = await startAppNode("n1", { DATABASE_URL: pg.url, JWT_SECRET: SECRET, SEED_DEMO: "0", DATA_DIR: dataDir });
    handle = await openDb({ databaseUrl: pg.url, poolSize: 2 });
    fx = await createFixture(handle.db, new TextEncoder().encode(SECRET), { users: 40, roomSize: 10 });
    // The test's own connections must not hold the cluster up when it stops.
    await handle.close();
  }, 180_000);

  afterAll(async () => {
    if (node?.proc.exitCode !== null) console.log(`[chaos] node exited: ${node?.log.join("").slice(-3000)}`);
    closeAll(members);
    await stopAppNode(node);
    await pg?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("answers 503 while Postgres is away, keeps its sockets, is not ready, recovers by itself and loses nothing acknowledged", async () => {
    members = await watchAll(node.url, fx.users, { restUrl: node.url });
    const rest = (p: string, init?: RequestInit) => fetch(`${node.url}${p}`, init).then(async (r) => ({ status: r.status, body: (await r.json().catch(() => null)) as Record<string, unknown> | null }));
    const poster = fx.users[fx.rooms[0].members[0]];
    const restWrite = () =>
      rest("/api/entities/messages", {
        method: "POST",
        headers: { authorization: `Bearer ${poster.token}`, "content-type": "application/json" },
        body: JSON.stringify({ channel_id: fx.rooms[0].id, content: "over REST" }),
      });
    expect((await rest("/api/ready")).status).toBe(200);

    const posters = startPosters(members, fx.rooms, node.url, 100);
    await sleep(1500);
    const stoppedAt = performance.now();
    await pg.stop();

    // While it is away: alive, not ready, writes refused as unavailable.
    await sleep(1000);
    const health = await rest("/api/health");
    const ready = await rest("/api/ready");
    const write = await restWrite();
    const ack = await members[0].socket.timeout(10_000).emitWithAck("messages.create", { channel_id: fx.rooms[0].id, content: "while away" });
    expect(health.status).toBe(200);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: "unavailable", error: MESSAGES.serviceUnavailable, checks: { postgres: { ok: false } } });
    expect(write).toEqual({ status: 503, body: { error: MESSAGES.serviceUnavailable } });
    expect(ack).toEqual({ ok: false, error: MESSAGES.serviceUnavailable });

    await sleep(Math.max(0, DOWN_MS - (performance.now() - stoppedAt)));
    await pg.start();
    const startedAt = performance.now();
    // Recovered: the first acknowledged post and the first ready answer after the start.
    let readyAt = Infinity;
    while (readyAt === Infinity && performance.now() - startedAt < 30_000) {
      if ((await rest("/api/ready")).status === 200) readyAt = performance.now();
      else await sleep(50);
    }
    while (!posters.posted.some((p) => p.at > startedAt) && performance.now() - startedAt < 30_000) await sleep(20);
    const firstPostAt = Math.min(...posters.posted.filter((p) => p.at > startedAt).map((p) => p.at + 0));
    await sleep(1500);
    await posters.stop();
    const lost = await settle(members, fx.rooms, posters.posted);
    expect((await restWrite()).status).toBe(201);

    const during = posters.errors.filter((e) => e.at >= stoppedAt && e.at <= startedAt);
    const errorsSeen = Object.fromEntries([...new Set(posters.errors.map((e) => e.error))].map((e) => [e, posters.errors.filter((x) => x.error === e).length]));
    const summary = {
      sockets: members.length,
      downMs: Math.round(startedAt - stoppedAt),
      refusedWhileDown: during.length,
      errorsSeen,
      readyAfterStartMs: Math.round(readyAt - startedAt),
      firstPostAfterStartMs: Math.round(firstPostAt - startedAt),
      posted: posters.posted.length,
      lost: lost.length,
      socketDrops: members.reduce((n, m) => n + m.drops.length, 0),
      nodeAlive: node.proc.exitCode === null,
    };
    console.log(`[chaos] postgres restart: ${JSON.stringify(summary)}`);
    expect(summary.nodeAlive).toBe(true);
    expect(summary.socketDrops).toBe(0);
    expect(during.length).toBeGreaterThan(10);
    expect(Object.keys(errorsSeen)).toEqual([MESSAGES.serviceUnavailable]);
    expect(summary.readyAfterStartMs).toBeLessThan(5000);
    expect(summary.firstPostAfterStartMs).toBeLessThan(5000);
    expect(lost).toEqual([]);
  }, 120_000);
});
