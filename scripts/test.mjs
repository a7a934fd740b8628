// `npm test`: everything the suite needs, then the suite. On a machine with Node and nothing
// else it installs what is missing (Debian packages as root through apt, npm packages through
// `npm ci`), starts a Redis of its own when none answers, and runs lint, typecheck, Vitest,
// Playwright and the failure tests in that order, stopping at the first that fails. Not root:
// it stops at once and prints the one command that installs what is missing. `.ci/run` calls
// exactly this. `TEST_SKIP=chaos,e2e` leaves steps out while iterating; `--setup` only installs.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const log = (msg) => console.log(`[test] ${msg}`);
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

const onPath = (bin) =>
  (process.env.PATH ?? "").split(":").concat(["/usr/sbin", "/sbin"]).some((d) => d && fs.existsSync(path.join(d, bin)));
const python = process.env.ICS_PYTHON ?? "/usr/bin/python3";
const imports = (mods) => spawnSync(python, ["-c", `import ${mods}`], { stdio: "ignore" }).status === 0;
const postgresBinaries = () =>
  fs.existsSync("/usr/lib/postgresql") && fs.readdirSync("/usr/lib/postgresql").some((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));

/** What the tests run besides Node, each with the Debian packages that bring it and why. */
const NEEDS = [
  { ok: () => fs.existsSync(process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium"), pkgs: ["chromium", "fonts-liberation"], why: "the browser tests" },
  { ok: () => onPath("ffmpeg") && onPath("ffprobe"), pkgs: ["ffmpeg"], why: "call recordings to MP4 and their checks" },
  { ok: () => imports("icalendar, recurring_ical_events"), pkgs: ["python3-icalendar", "python3-recurring-ical-events"], why: "the calendar feed read by parsers of its own" },
  { ok: () => onPath("janus"), pkgs: ["janus"], why: "the SFU of meetings" },
  { ok: () => onPath("janus-pp-rec"), pkgs: ["janus-tools"], why: "SFU recordings" },
  { ok: () => imports("aiortc"), pkgs: ["python3-aiortc"], why: "a WebRTC client of its own publishing into Janus" },
  { ok: () => onPath("redis-server"), pkgs: ["redis-server"], why: "multi-node and failure tests" },
  { ok: () => onPath("nginx"), pkgs: ["nginx-light"], why: "the failure tests' load balancer" },
  { ok: () => onPath("slapd") && onPath("ldapsearch"), pkgs: ["slapd", "ldap-utils"], why: "LDAP sign-in and directory sync against a real OpenLDAP" },
  { ok: postgresBinaries, pkgs: ["postgresql"], why: "the failure tests' own Postgres cluster" },
  { ok: () => fs.existsSync("/usr/share/dict/american-english"), pkgs: ["wamerican"], why: "the search benchmark's dictionary" },
  { ok: () => fs.existsSync("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"), pkgs: ["fonts-noto-color-emoji"], why: "emoji in the browser tests' screenshots, as people's devices show them" },
];

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", ...opts });
  return r.status ?? 1;
}

function installSystemPackages() {
  const missing = NEEDS.filter((n) => !n.ok());
  if (missing.length === 0) return;
  const pkgs = [...new Set(missing.flatMap((n) => n.pkgs))];
  const command = `apt-get update && apt-get install -y ${pkgs.join(" ")}`;
  for (const n of missing) log(`missing ${n.pkgs.join(", ")} (${n.why})`);
  const canApt = process.getuid?.() === 0 && onPath("apt-get");
  if (!canApt) {
    log(`install them first, as root:\n\n    ${command}\n`);
    process.exit(1);
  }
  const started = Date.now();
  log(`installing ${pkgs.join(" ")}`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (run("apt-get", ["update", "-qq"], { env }) !== 0 || run("apt-get", ["install", "-y", "-qq", ...pkgs], { env }) !== 0) {
    log(`apt-get failed; run it by hand:\n\n    ${command}\n`);
    process.exit(1);
  }
  const still = NEEDS.filter((n) => !n.ok());
  if (still.length > 0) {
    log(`still missing after apt-get: ${still.map((n) => n.pkgs.join(", ")).join("; ")}`);
    process.exit(1);
  }
  log(`installed in ${seconds(started)}`);
}

/** `npm ci` when node_modules is missing or older than the lockfile (npm's own copy of it). */
function installNodePackages() {
  const stamp = path.join(root, "node_modules/.package-lock.json");
  const lock = path.join(root, "package-lock.json");
  if (fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  const started = Date.now();
  log("installing npm packages (npm ci)");
  if (run("npm", ["ci", "--no-audit", "--no-fund"]) !== 0) process.exit(1);
  log(`npm packages installed in ${seconds(started)}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function answersRedis(url) {
  const { hostname, port } = new URL(url);
  const net = await import("node:net");
  return new Promise((resolve) => {
    const s = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(1000, () => done(false));
    s.once("error", () => done(false));
    s.once("connect", () => s.write("PING\r\n"));
    s.once("data", (d) => done(d.toString().startsWith("+PONG")));
  });
}

/** The multi-node tests' Redis: the one named, the machine's, or one of our own for this run. */
async function ensureRedis() {
  const url = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  if (await answersRedis(url)) return { env: { TEST_REDIS_URL: url }, stop: () => {} };
  if (process.env.TEST_REDIS_URL) {
    log(`TEST_REDIS_URL=${url} does not answer`);
    process.exit(1);
  }
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-test-redis-"));
  const proc = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], { stdio: "ignore" });
  const own = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50 && !(await answersRedis(own)); i++) await new Promise((r) => setTimeout(r, 100));
  log(`no Redis at ${url}; started one for this run at ${own}`);
  return {
    env: { TEST_REDIS_URL: own },
    stop: () => {
      proc.kill("SIGTERM");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const STEPS = [
  ["lint", "npm", ["run", "lint"]],
  ["typecheck", "npm", ["run", "typecheck"]],
  ["unit", "npx", ["vitest", "run"]],
  ["e2e", process.execPath, ["scripts/e2e.mjs"]],
  ["chaos", "npx", ["vitest", "run", "--config", "vitest.chaos.config.ts"]],
];

const began = Date.now();
installSystemPackages();
installNodePackages();
if (process.argv.includes("--setup")) process.exit(0);
const redis = await ensureRedis();
const skip = new Set((process.env.TEST_SKIP ?? "").split(",").filter(Boolean));
const env = { ...process.env, ...redis.env };
let status = 0;
for (const [name, cmd, args] of STEPS) {
  if (skip.has(name)) continue;
  const started = Date.now();
  log(`== ${name}`);
  status = run(cmd, args, { env });
  log(`${name} ${status === 0 ? "passed" : "FAILED"} in ${seconds(started)}`);
  if (status !== 0) break;
}
redis.stop();
log(`${status === 0 ? "all passed" : "failed"} in ${seconds(began)}`);
process.exit(status);
