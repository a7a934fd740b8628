// Servers under test, started as child processes so their memory and CPU are their own.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDb, migrate, type DbHandle } from "../../server/db";

export { root, freePort } from "../../server/test/net";
import { root, freePort } from "../../server/test/net";

export interface Running {
  url: string;
  proc: ChildProcess;
  stop: () => Promise<void>;
}

export interface Metrics {
  rss: number;
  heapUsed: number;
  sockets: number;
}


/** Starts `node --expose-gc --import tsx <script>` (on `port`, or a free one) and waits for GET /api/health. */
export async function spawnServer(script: string, env: Record<string, string>, args: string[] = [], port?: number, cwd = root): Promise<Running> {
  port ??= await freePort();
  const log: string[] = [];
  // BENCH_NODE_ARGS: extra flags for the servers under test, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const extra = (process.env.BENCH_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  const proc = spawn(process.execPath, [...extra, "--expose-gc", "--import", "tsx", script, "--port", String(port), ...args], {
    // Another checkout's server (bench --before) runs from its own folder.
    cwd,
    // As deployed (the Dockerfile sets NODE_ENV=production), quieter logs.
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (d: Buffer) => {
    log.push(String(d));
    if (log.length > 200) log.shift();
  };
  proc.stdout!.on("data", keep);
  proc.stderr!.on("data", keep);
  // BENCH_SERVER_LOG=1: the server's own output too (a crash under load shows its stack).
  if (process.env.BENCH_SERVER_LOG) {
    proc.stdout!.pipe(process.stderr);
    proc.stderr!.pipe(process.stderr);
  }
  const url = `http://127.0.0.1:${port}`;
  const end = Date.now() + 120_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${script} exited:\n${log.join("")}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > end) {
      proc.kill("SIGKILL");
      throw new Error(`${script} did not start:\n${log.join("")}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url,
    proc,
    stop: async () => {
      if (proc.exitCode !== null) return;
      const exited = new Promise((r) => proc.once("exit", r));
      proc.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (proc.exitCode === null) proc.kill("SIGKILL");
    },
  };
}

export async function metrics(url: string, gc = true): Promise<Metrics | null> {
  try {
    const res = await fetch(`${url}/api/metrics${gc ? "?gc=1" : ""}`);
    return res.ok ? ((await res.json()) as Metrics) : null;
  } catch {
    return null;
  }
}

export interface BenchDb {
  handle: DbHandle;
  /** Environment for the app process: DATABASE_URL, or DATA_DIR holding the PGlite files. */
  env: Record<string, string>;
  engine: "postgres" | "pglite";
  /** PGlite is single-process: release it before the app opens it. */
  release: () => Promise<void>;
  drop: () => Promise<void>;
}

/**
 * A database on `baseUrl`'s server kept between runs under `name` (a fixture that takes long to
 * build): created when missing, migrated either way (a new migration applies to a kept fixture).
 * `existed` says whether it was there before; `drop` removes it, for a fixture found incomplete.
 */
export async function keptDatabase(baseUrl: string, name: string): Promise<BenchDb & { existed: boolean }> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const existed = (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
  if (!existed) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: url.toString(), poolSize: 4 });
  await migrate(handle.db);
  let released = false;
  const release = async () => {
    if (!released) await handle.close();
    released = true;
  };
  return {
    handle,
    env: { DATABASE_URL: url.toString() },
    engine: "postgres",
    existed,
    release,
    drop: async () => {
      await release();
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A fresh database for the app under test: a new database on `baseUrl`, or a PGlite directory. */
export async function freshDatabase(baseUrl?: string, opts: { migrate?: boolean } = {}): Promise<BenchDb> {
  if (baseUrl) {
    const name = `bench_${crypto.randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const handle = await openDb({ databaseUrl: url.toString(), poolSize: 4 });
    // Not migrated: another checkout's server (bench --before) migrates it to its own schema.
    if (opts.migrate !== false) await migrate(handle.db);
    let released = false;
    const release = async () => {
      if (!released) await handle.close();
      released = true;
    };
    return {
      handle,
      env: { DATABASE_URL: url.toString() },
      engine: "postgres",
      release,
      drop: async () => {
        await release();
        const c = new pg.Client({ connectionString: baseUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-bench-"));
  const handle = await openDb({ pgliteDir: path.join(dataDir, "db") });
  await migrate(handle.db);
  let released = false;
  const release = async () => {
    if (!released) await handle.close();
    released = true;
  };
  return {
    handle,
    env: { DATA_DIR: dataDir },
    engine: "pglite",
    release,
    drop: async () => {
      await release();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
