// Cluster test helpers: app processes on their own ports over one Postgres database and one Redis.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "redis";
import { freePort } from "../../bench/lib/servers";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

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

export async function startNode(env: Record<string, string>, id: string): Promise<Node> {
  const port = await freePort();
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
