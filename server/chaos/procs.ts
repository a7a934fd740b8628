// Real processes for the failure tests (npm run test:chaos): a Postgres cluster of their own
// (initdb/pg_ctl into a temporary directory, on a free port), a Redis of their own
// (redis-server --port), app nodes, and Debian's nginx running deploy/nginx.conf with the
// upstream pointed at the nodes. The machine's shared Postgres and Redis are never touched.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort, root } from "../test/net";

const run = promisify(execFile);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > end) throw new Error(`${what} did not come up`);
    await sleep(100);
  }
}

function postgresBin(): string {
  const base = "/usr/lib/postgresql";
  const version = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  if (!version) throw new Error("Postgres binaries not found under /usr/lib/postgresql (apt-get install postgresql)");
  return path.join(base, version, "bin");
}

export const canRunChaos = (() => {
  try {
    postgresBin();
    return ["redis-server", "nginx"].every((b) => ["/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin"].some((d) => fs.existsSync(path.join(d, b))));
  } catch {
    return false;
  }
})();

export interface PgCluster {
  url: string;
  port: number;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  destroy: () => Promise<void>;
}

/** A throwaway Postgres cluster. initdb refuses to run as root: as root it runs as the postgres user. */
export async function startPostgres(): Promise<PgCluster> {
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-chaos-pg-"));
  const data = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) fs.chownSync(dir, ...(await pgIds()));
  const pg = (tool: string, args: string[]) => (asRoot ? run("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]) : run(path.join(bin, tool), args));
  await pg("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`;
  const start = async () => {
    await pg("pg_ctl", ["start", "-D", data, "-w", "-t", "30", "-l", path.join(dir, "log"), "-o", opts]);
  };
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    start,
    // Fast shutdown: open connections are ended, as in a restart or failover.
    stop: async () => {
      await pg("pg_ctl", ["stop", "-D", data, "-m", "fast", "-w", "-t", "30"]);
    },
    destroy: async () => {
      await pg("pg_ctl", ["stop", "-D", data, "-m", "immediate", "-w"]).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function pgIds(): Promise<[number, number]> {
  const { stdout } = await run("id", ["postgres"]);
  const uid = Number(/uid=(\d+)/.exec(stdout)?.[1]);
  const gid = Number(/gid=(\d+)/.exec(stdout)?.[1]);
  return [uid, gid];
}

export interface RedisServer {
  url: string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
}

/** redis-server on a free port, without persistence (a restart starts empty, like docker-compose's). */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let proc: ChildProcess | null = null;
  const start = async () => {
    proc = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    await waitFor("redis", async () => {
      const { stdout } = await run("redis-cli", ["-p", String(port), "ping"]);
      return stdout.trim() === "PONG";
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop: async () => {
      const p = proc;
      if (!p || p.exitCode !== null) return;
      const exited = new Promise((r) => p.once("exit", r));
      p.kill("SIGKILL");
      await exited;
    },
  };
}

export interface AppNode {
  id: string;
  url: string;
  port: number;
  proc: ChildProcess;
  log: string[];
}

/** An app process (server/index.ts, as `npm start` runs it) on a free port. */
export async function startAppNode(id: string, env: Record<string, string>, port?: number): Promise<AppNode> {
  const p = port ?? (await freePort());
  const log: string[] = [];
  const proc = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env, PORT: String(p), HOST: "127.0.0.1", NODE_ID: id },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout!.on("data", (d) => log.push(String(d)));
  proc.stderr!.on("data", (d) => log.push(String(d)));
  const url = `http://127.0.0.1:${p}`;
  await waitFor(
    `node ${id}`,
    async () => {
      if (proc.exitCode !== null) throw new Error(`node ${id} exited: ${log.join("")}`);
      return (await fetch(`${url}/api/health`)).ok;
    },
    90_000,
  ).catch((err: Error) => {
    proc.kill("SIGKILL");
    throw new Error(`${err.message}: ${log.join("").slice(-2000)}`);
  });
  return { id, url, port: p, proc, log };
}

export async function stopAppNode(n: AppNode | undefined, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (!n || n.proc.exitCode !== null || n.proc.signalCode !== null) return;
  const exited = new Promise((r) => n.proc.once("exit", r));
  n.proc.kill(signal);
  await Promise.race([exited, sleep(10_000)]);
  if (n.proc.exitCode === null && n.proc.signalCode === null) n.proc.kill("SIGKILL");
}

export interface Nginx {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Debian's nginx with the deployment's own configuration (deploy/nginx.conf): only what a test
 * machine needs differs (the upstream servers, the listen address, pid, logs and temp paths, one
 * worker); sticky sessions, timeouts and headers are the shipped ones.
 */
export async function startNginx(upstreams: string[]): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-chaos-nginx-"));
  fs.chmodSync(dir, 0o777);
  const port = await freePort();
  const conf = nginxConfig(fs.readFileSync(path.join(root, "deploy/nginx.conf"), "utf8"), { port, upstreams, dir });
  const file = path.join(dir, "nginx.conf");
  fs.writeFileSync(file, conf);
  const proc = spawn("nginx", ["-p", dir, "-c", file, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  const errors: string[] = [];
  proc.stderr!.on("data", (d) => errors.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  await waitFor("nginx", async () => {
    if (proc.exitCode !== null) throw new Error(`nginx exited: ${errors.join("")}`);
    await fetch(`${url}/api/health`);
    return true;
  });
  return {
    url,
    stop: async () => {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once("exit", r));
        proc.kill("SIGQUIT");
        await Promise.race([exited, sleep(5000)]);
        if (proc.exitCode === null) proc.kill("SIGKILL");
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** deploy/nginx.conf with test-machine paths; throws if the parts it rewrites are not there. */
export function nginxConfig(conf: string, o: { port: number; upstreams: string[]; dir: string }): string {
  const edits: [RegExp, string][] = [
    [/^\s*error_log \/var\/log\/nginx\/error\.log.*;$/m, ""],
    [/^worker_processes .*;$/m, `worker_processes 1;\npid ${o.dir}/nginx.pid;\nerror_log ${o.dir}/error.log warn;`],
    [/(upstream teamspace \{\s*ip_hash;)[^}]*\}/, `$1\n${o.upstreams.map((u) => `    server ${u};`).join("\n")}\n  }`],
    [/listen 80 /, `listen 127.0.0.1:${o.port} `],
    [/^\s*access_log .*;$/m, `  access_log off;\n  client_body_temp_path ${o.dir}/body;\n  proxy_temp_path ${o.dir}/proxy;\n  fastcgi_temp_path ${o.dir}/fastcgi;\n  uwsgi_temp_path ${o.dir}/uwsgi;\n  scgi_temp_path ${o.dir}/scgi;`],
  ];
  let out = conf;
  for (const [re, to] of edits) {
    if (!re.test(out)) throw new Error(`deploy/nginx.conf no longer has ${re}`);
    out = out.replace(re, to);
  }
  return out;
}
