// `npm run test:e2e`: build the client, start the real server on a free port with a fresh, seeded
// data directory, run Playwright against it, and always stop the server. Extra arguments go to
// Playwright (e.g. `node scripts/e2e.mjs e2e/chat.spec.ts`). E2E_BASE_URL=http://host:port skips the
// build and the server and tests an already running instance (handy while iterating).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const log = (msg) => console.log(`[e2e] ${msg}`);

// Bound on all interfaces like the server will be; port 0 lets the OS pick one nobody uses, so
// parallel runs (other engineers, CI) never end up testing each other's servers.
function freePort(requested) {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(requested, "0.0.0.0", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early with code ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}/api/health within ${timeoutMs / 1000}s`);
}

function runPlaywright(baseUrl, runId) {
  const pw = spawn(process.execPath, [join(root, "node_modules/@playwright/test/cli.js"), "test", ...process.argv.slice(2)], {
    cwd: root,
    stdio: "inherit",
    env: { PW_OUTPUT_DIR: join("test-results", `run-${runId}-${process.pid}`), ...process.env, BASE_URL: baseUrl },
  });
  return new Promise((resolve) => pw.on("exit", (code) => resolve(code ?? 1)));
}

/**
 * While the tests run, asks the server for /api/health every 5 s and says when it took 5 s or
 * more: a server that stops answering (its event loop held, its database session never given
 * back) then shows in the log at the moment it happens, not only as a test's timeout.
 */
function watchServer(baseUrl) {
  let slowSince = null;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    const started = Date.now();
    const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(60_000) }).then((r) => r.ok, () => false);
    const ms = Date.now() - started;
    if (!ok || ms >= 5000) {
      slowSince ??= started;
      log(`the server took ${ms} ms to answer /api/health${ok ? "" : " and did not answer 200"}`);
    } else if (slowSince !== null) {
      log(`the server answers again (slow for ${Math.round((Date.now() - slowSince) / 1000)} s)`);
      slowSince = null;
    }
    busy = false;
  }, 5000);
  return () => clearInterval(timer);
}

if (process.env.E2E_BASE_URL) {
  log(`testing the running instance at ${process.env.E2E_BASE_URL}`);
  process.exit(await runPlaywright(process.env.E2E_BASE_URL, "external"));
}

if (process.env.E2E_SKIP_BUILD !== "1") {
  log("building the client");
  const build = spawnSync(process.execPath, [join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // The first screen's JavaScript budget (docs/benchmarks.md, "Cold load") fails the tests too, not
  // only `npm run build`: an import that drags a library into it is caught where it lands.
  const size = spawnSync(process.execPath, [join(root, "scripts/bundle-size.mjs")], { cwd: root, stdio: "inherit" });
  if (size.status !== 0) process.exit(size.status ?? 1);
}

// Read by the server and by the call tests alike. Calls on loopback need no STUN (the public
// servers are unreachable here and only slow ICE down); a shorter ring timeout keeps the
// missed-call test short.
process.env.ICE_SERVERS ??= "[]";
// Link previews of the page e2e/link-previews.spec.ts serves on 127.0.0.2: the egress guard lets
// this address and port through, and no other private one (docs/integrations.md, "Link previews").
process.env.E2E_PREVIEW_PORT ??= "47812";
process.env.EGRESS_ALLOW_RANGES ??= "127.0.0.2/32";
process.env.EGRESS_ALLOW_PORTS ??= process.env.E2E_PREVIEW_PORT;
process.env.CALL_RING_TIMEOUT_MS ??= "15000";
// Notifications are decided a second after their change (docs/notifications.md), not ten.
process.env.NOTIFY_DELAY_MS ??= "1000";

// The SFU: the tests start their own Janus (its config in a temp dir, its API on loopback) unless
// E2E_JANUS=0 or JANUS_URL is given; meetings then go through it, as in production.
let janus = null;
if (process.env.E2E_JANUS !== "0" && !process.env.JANUS_URL) {
  janus = spawn(process.execPath, ["--import", "tsx", join(root, "server/test/janus-cli.ts")], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolve) => {
    let out = "";
    janus.stdout.on("data", (d) => {
      out += d;
      const m = /JANUS_URL=(\S*)/.exec(out);
      const rec = /JANUS_REC_DIR=(\S+)/.exec(out);
      // Janus and this server share the recording directory: SFU calls are recorded on the server.
      if (rec && !process.env.JANUS_REC_DIR) process.env.JANUS_REC_DIR = rec[1];
      if (m && out.includes("\n")) resolve(m[1]);
    });
    janus.once("exit", () => resolve(""));
  });
  if (url) {
    process.env.JANUS_URL = url;
    log(`Janus (SFU) at ${url}`);
  } else log("no Janus here: meetings stay mesh");
}
const stopJanus = () => {
  if (janus && janus.exitCode === null) janus.kill("SIGTERM");
};

const port = await freePort(Number(process.env.E2E_PORT) || 0);
const dataDir = mkdtempSync(join(tmpdir(), "teamspace-e2e-"));
const baseUrl = `http://127.0.0.1:${port}`;
log(`starting the server on ${baseUrl} with DATA_DIR=${dataDir}`);
const server = spawn(process.execPath, ["--import", "tsx", join(root, "server/index.ts")], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
  stdio: ["ignore", "inherit", "inherit"],
  detached: true,
});

let exitCode;
const stopServer = () => {
  if (server.exitCode !== null || server.signalCode !== null) return;
  try {
    process.kill(-server.pid, "SIGTERM"); // the whole group: tsx may have children
  } catch {
    server.kill("SIGTERM");
  }
};
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    stopServer();
    stopJanus();
    process.exit(130);
  });
}

try {
  // A cold PGlite start (migrations + demo seed) takes well over a minute on a busy 2-core machine.
  await waitForHealth(baseUrl, server, 300_000);
  log("server is up; running Playwright");
  const stopWatching = watchServer(baseUrl);
  exitCode = await runPlaywright(baseUrl, port);
  stopWatching();
} catch (err) {
  console.error(`[e2e] ${err instanceof Error ? err.message : err}`);
  exitCode = 1;
} finally {
  stopServer();
  stopJanus();
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
