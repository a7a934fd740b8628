// Cluster test helpers: app processes on their own ports over one Postgres database and one Redis.
// startCluster is the one way a test gets such nodes: a fresh database, its own Redis key prefix
// and data directory, N nodes started in order (the first migrates), users signed in, and one
// stop() that takes all of it away again.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "redis";
import { freePort, root } from "./net";
import { createTestDatabase } from "./harness";
import { openDb, type Db } from "../db";
import { hashPassword } from "../auth/passwords";
import type { User } from "../db/schema";


async function redisUp(url: string): Promise<boolean> {
  const c = createClient({ url, socket: { connectTimeout: 1000, reconnectStrategy: false } });
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

/** The Redis to use and whether cluster tests can run here (Postgres and Redis both reachable). */
export async function clusterSetup(): Promise<{ REDIS_URL: string; canRun: boolean }> {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  return { REDIS_URL, canRun: !!process.env.TEST_DATABASE_URL && (await redisUp(REDIS_URL)) };
}

export interface Node {
  url: string;
  proc: ChildProcess;
  log: string[];
}

/** Starts an app process (on `port`, or a free one) and waits for /api/health. */
export async function startNode(env: Record<string, string>, id: string, port?: number): Promise<Node> {
  port ??= await freePort();
  const log: string[] = [];
  const proc = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", NODE_ID: id, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout!.on("data", (d) => log.push(String(d)));
  proc.stderr!.on("data", (d) => log.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  const end = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`node ${id} exited: ${log.join("")}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, proc, log };
    } catch {
      /* not up yet */
    }
    if (Date.now() > end) throw new Error(`node ${id} did not start: ${log.join("")}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function stopNode(n: Node | undefined): Promise<void> {
  if (!n || n.proc.exitCode !== null) return;
  const exited = new Promise((r) => n.proc.once("exit", r));
  n.proc.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (n.proc.exitCode === null) n.proc.kill("SIGKILL");
}

/** Deletes every Redis key under the test's prefix. */
export async function clearRedisPrefix(url: string, prefix: string): Promise<void> {
  const c = createClient({ url });
  await c.connect();
  for await (const keys of c.scanIterator({ MATCH: `${prefix}:*` })) if (keys.length) await c.del(keys);
  await c.close();
}

export interface ClusterUser {
  id: number;
  email: string;
  token: string;
}

export interface Cluster {
  nodes: Node[];
  /** The shared database, for a test's own rows. */
  db: Db;
  /** Inserts a user (password "password-123") and signs them in through the first node. */
  addUser: (name: string, fields?: Partial<Pick<User, "role" | "team_role">>) => Promise<ClusterUser>;
  stop: () => Promise<void>;
}

export const CLUSTER_PASSWORD = "password-123";

/**
 * `count` app nodes (n1, n2, ...) sharing a fresh Postgres database and Redis under a prefix of
 * their own, without the demo organisation; `env` adds to or overrides their environment.
 */
export async function startCluster(redisUrl: string, { count = 2, env = {} }: { count?: number; env?: Record<string, string> } = {}): Promise<Cluster> {
  const prefix = `t${crypto.randomBytes(4).toString("hex")}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-cluster-"));
  const database = await createTestDatabase();
  const nodes: Node[] = [];
  let handle: Awaited<ReturnType<typeof openDb>> | undefined;
  const stop = async () => {
    for (const n of nodes) await stopNode(n);
    await handle?.close();
    await database.drop();
    await clearRedisPrefix(redisUrl, prefix);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const nodeEnv = { DATABASE_URL: database.url, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, JWT_SECRET: "cluster-test-secret-0123456789", SEED_DEMO: "0", DATA_DIR: dataDir, ...env };
    // One after the other: the first node migrates, the others start on the migrated database.
    for (let i = 1; i <= count; i++) nodes.push(await startNode(nodeEnv, `n${i}`));
    handle = await openDb({ databaseUrl: database.url, poolSize: 2 });
  } catch (err) {
    await stop();
    throw err;
  }
  const db = handle.db;
  const hash = await hashPassword(CLUSTER_PASSWORD);
  const addUser = async (name: string, fields: Partial<Pick<User, "role" | "team_role">> = {}): Promise<ClusterUser> => {
    const email = `${name}@cluster.test`;
    const row = await db.insertInto("users").values({ email, full_name: name, password_hash: hash, ...fields }).returning("id").executeTakeFirstOrThrow();
    const res = await fetch(`${nodes[0].url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: CLUSTER_PASSWORD }),
    });
    if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status}`);
    return { id: row.id, email, token: ((await res.json()) as { accessToken: string }).accessToken };
  };
  return { nodes, db, addUser, stop };
}
