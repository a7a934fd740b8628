// Two app nodes over one Postgres database and one Redis: an admin deactivating a user through
// node 1 closes that user's sockets on node 2 at once.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import crypto from "node:crypto";
import { pino } from "pino";
import { createClient } from "redis";
import { startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { openDb, type DbHandle } from "../../db";
import { startApp, type RunningApp } from "../../app";
import { connect, type ClientSocket } from "../../realtime/test-clients";

const REDIS_URL = process.env.TEST_REDIS_URL;

async function redisUp(): Promise<boolean> {
  if (!REDIS_URL) return false;
  const c = createClient({ url: REDIS_URL, socket: { connectTimeout: 1000, reconnectStrategy: false } });
  c.on("error", () => {});
  try {
    await c.connect();
    await c.ping();
    await c.close();
    return true;
  } catch {
    return false;
  }
}

const canRun = !!process.env.TEST_DATABASE_URL && (await redisUp());

describe.skipIf(!canRun)("users: deactivation across nodes", () => {
  const prefix = `t${crypto.randomBytes(4).toString("hex")}`;
  let n1: TestApp;
  let n2: RunningApp;
  let h2: DbHandle;
  let admin: TestUser;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    n1 = await startTestApp("postgres", { redisUrl: REDIS_URL, redisPrefix: prefix, nodeId: "n1" });
    h2 = await openDb({ databaseUrl: n1.config.databaseUrl, poolSize: 3 });
    n2 = await startApp({ config: { ...n1.config, nodeId: "n2" }, dbHandle: h2, logger: pino({ level: "silent" }), seed: false });
    admin = await makeUser(n1, { role: "admin" });
  }, 240_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await n2?.close();
    await h2?.close();
    await n1?.stop();
    const c = createClient({ url: REDIS_URL });
    await c.connect();
    for await (const keys of c.scanIterator({ MATCH: `${prefix}:*` })) if (keys.length) await c.del(keys);
    await c.close();
  }, 60_000);

  it("closes the user's sockets on the other node", async () => {
    const victim = await makeUser(n1);
    const onN2 = await connect(n2.url, victim.token, { reconnection: false });
    const onN1 = await connect(n1.url, victim.token, { reconnection: false });
    sockets.push(onN1, onN2);
    const reasons = [onN1, onN2].map(
      (s) =>
        new Promise<string>((resolve, reject) => {
          const t = setTimeout(() => reject(new Error("the socket stayed open")), 10_000);
          s.once("disconnect", (r) => {
            clearTimeout(t);
            resolve(r);
          });
        }),
    );
    expect((await api(n1, admin.token).delete(`/api/entities/users/${victim.user.id}`)).status).toBe(200);
    expect(await Promise.all(reasons)).toEqual(["io server disconnect", "io server disconnect"]);
    await expect(connect(n2.url, victim.token, { reconnection: false })).rejects.toThrow("Not authenticated");
    expect((await api(n2, victim.token).get("/api/auth/me")).status).toBe(401);
  });
});
