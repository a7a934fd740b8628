// `npm run loadtest -- --url http://127.0.0.1:3000 --scenario chat --users 200 --room-size 20 --rate 200 --duration 10`
//
// Users come from one of:
//   --database-url URL --jwt-secret S   written straight into the app's database (fast; thousands)
//   --admin-email E --admin-password P  created through the API (POST /entities/users, /entities/channels)
// and are cached in --token-cache FILE (default in the temp dir; "none" to skip) for the next run.
// --rate: chat = messages/s in total across all senders; calls = calls started/s in total;
//   presence = status changes/s in total; mixed = chat at --rate, presence at rate/5, calls at rate/20.
// --transport: websocket (default) or polling (Socket.IO long-polling only, never upgraded).
// --scenario users: the user model (bench/lib/people.ts): people added --step-people at a time
//   every --step-seconds up to --users, each acting every --mean-interval s on average (weights:
//   --weight-<action>), in an organisation's shape (--extra-rooms, --dms-per-person); --find-capacity
//   stops at the first step that trips a threshold, backs off until it settles and prints the
//   supported users.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDb } from "../server/db";
import { BENCH_PASSWORD, createFixture, type BenchRoom, type BenchUser, type Fixture } from "../server/test/fixture";
import { TRANSPORTS, closeAll, connectAll, runChat, type Transport } from "./lib/driver";
import { runCalls, runPresence } from "./lib/scenarios";
import { metrics } from "./lib/servers";
import { ACTIONS, DEFAULT_WEIGHTS } from "./lib/people";
import { report, runCapacity } from "./lib/capacity";
import { shapeAsOrganisation } from "./lib/org-shape";
import { mb, ms, type LatencySummary } from "./lib/stats";

const { values: f } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:3000" },
    users: { type: "string", default: "100" },
    "room-size": { type: "string", default: "10" },
    rate: { type: "string", default: "100" },
    duration: { type: "string", default: "10" },
    scenario: { type: "string", default: "chat" },
    json: { type: "boolean", default: false },
    "database-url": { type: "string" },
    "jwt-secret": { type: "string", default: process.env.JWT_SECRET },
    "admin-email": { type: "string" },
    "admin-password": { type: "string" },
    "token-cache": { type: "string", default: path.join(os.tmpdir(), "teamspace-loadtest-tokens.json") },
    "connect-concurrency": { type: "string", default: "50" },
    transport: { type: "string", default: "websocket" },
    "public-channels": { type: "string", default: "3" },
    "extra-rooms": { type: "string", default: "1" },
    "dms-per-person": { type: "string", default: "3" },
    "step-people": { type: "string", default: "250" },
    "step-seconds": { type: "string", default: "30" },
    "mean-interval": { type: "string", default: "10" },
    "find-capacity": { type: "boolean", default: false },
    ...Object.fromEntries(ACTIONS.map((a) => [`weight-${a}`, { type: "string" as const }])),
  },
});
const url = f.url!.replace(/\/$/, "");
const USERS = Number(f.users);
const ROOM = Number(f["room-size"]);
const RATE = Number(f.rate);
const DURATION = Number(f.duration) * 1000;
const scenario = f.scenario as "chat" | "calls" | "presence" | "mixed" | "users";
if (!["chat", "calls", "presence", "mixed", "users"].includes(scenario)) throw new Error("--scenario must be chat, calls, presence, mixed or users");
const PUBLIC = scenario === "users" ? Number(f["public-channels"]) : 0;
const transport = f.transport as Transport;
if (!TRANSPORTS.includes(transport)) throw new Error("--transport must be websocket or polling");

async function apiJson<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${url}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const data = (await res.json().catch(() => ({}))) as T & { error?: string };
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${data.error ?? ""}`);
  return data;
}

/** Through the public API: an admin creates users and private channels; each user signs in. */
async function fixtureViaApi(): Promise<Fixture> {
  if (!f["admin-email"] || !f["admin-password"]) throw new Error("give --database-url and --jwt-secret, or --admin-email and --admin-password");
  const admin = await apiJson<{ accessToken: string }>("/auth/login", { email: f["admin-email"], password: f["admin-password"] });
  const tag = Math.random().toString(36).slice(2, 8);
  const users: BenchUser[] = [];
  for (let i = 0; i < USERS; i++) {
    const email = `load-${tag}-${i}@bench.test`;
    const u = await apiJson<{ id: number }>("/entities/users", { email, password: BENCH_PASSWORD, full_name: `Load ${i}` }, admin.accessToken);
    const t = await apiJson<{ accessToken: string }>("/auth/login", { email, password: BENCH_PASSWORD });
    users.push({ id: u.id, email, token: t.accessToken, channels: [] });
  }
  const rooms: BenchRoom[] = [];
  for (let start = 0; start < USERS; start += ROOM) {
    const members = Array.from({ length: Math.min(ROOM, USERS - start) }, (_, k) => start + k);
    const ch = await apiJson<{ id: number }>(
      "/entities/channels",
      { name: `load-${tag}-${rooms.length}`, type: "private", members: members.map((m) => users[m].email) },
      admin.accessToken,
    );
    rooms.push({ id: ch.id, members });
    for (const m of members) users[m].channels.push(ch.id);
  }
  return { users, rooms };
}

async function loadFixture(): Promise<Fixture> {
  const cacheFile = f["token-cache"] === "none" ? null : f["token-cache"]!;
  const key = `${url}|${USERS}|${ROOM}|${PUBLIC}|${scenario === "users" ? `${f["extra-rooms"]}|${f["dms-per-person"]}` : ""}|${f["database-url"] ?? ""}`;
  if (cacheFile && fs.existsSync(cacheFile)) {
    const cached = JSON.parse(fs.readFileSync(cacheFile, "utf8")) as { key: string; fixture: Fixture };
    if (cached.key === key) return cached.fixture;
  }
  let fixture: Fixture;
  if (f["database-url"]) {
    if (!f["jwt-secret"]) throw new Error("--jwt-secret (or JWT_SECRET) is needed with --database-url to sign tokens");
    const handle = await openDb({ databaseUrl: f["database-url"], poolSize: 4 });
    try {
      fixture = await createFixture(handle.db, new TextEncoder().encode(f["jwt-secret"]), { users: USERS, roomSize: ROOM, publicChannels: PUBLIC });
      // The user model's organisation: rooms of other teams and direct messages too (bench/lib/org-shape.ts).
      if (scenario === "users") fixture = await shapeAsOrganisation(handle.db, fixture, { extraRooms: Number(f["extra-rooms"]), dmsPerPerson: Number(f["dms-per-person"]) });
    } finally {
      await handle.close();
    }
  } else {
    fixture = await fixtureViaApi();
  }
  if (cacheFile) fs.writeFileSync(cacheFile, JSON.stringify({ key, fixture }), { mode: 0o600 });
  return fixture;
}

const lat = (l: LatencySummary) => `p50 ${ms(l.p50)} p95 ${ms(l.p95)} p99 ${ms(l.p99)} max ${ms(l.max)} ms (n=${l.count})`;

/** The user model: people arrive in steps and act as people do (bench/lib/people.ts, capacity.ts). */
async function users(fx: Fixture) {
  const weights = { ...DEFAULT_WEIGHTS };
  for (const a of ACTIONS) {
    const w = (f as Record<string, unknown>)[`weight-${a}`];
    if (typeof w === "string") weights[a] = Number(w);
  }
  const log = (s: string) => !f.json && console.log(s);
  log(`users: up to ${fx.users.length} people, ${f["step-people"]} more every ${f["step-seconds"]} s, each acting every ${f["mean-interval"]} s on average; weights ${ACTIONS.map((a) => `${a} ${weights[a]}`).join(", ")}`);
  const r = await runCapacity(fx.users, {
    url,
    password: BENCH_PASSWORD,
    meanIntervalMs: Number(f["mean-interval"]) * 1000,
    weights,
    emails: new Map(fx.users.map((u) => [u.id, u.email])),
    stepPeople: Number(f["step-people"]),
    stepSeconds: Number(f["step-seconds"]),
    maxPeople: USERS,
    findCapacity: !!f["find-capacity"],
    log,
  });
  if (f.json) console.log(JSON.stringify({ supported: r.supported, steps: r.steps.map((s) => ({ ...s, kinds: Object.fromEntries(s.kinds) })) }, null, 2));
  else console.log(`\n${report(r.steps, r.supported)}`);
  setTimeout(() => process.exit(0), 200);
}

async function main() {
  const fx = await loadFixture();
  if (scenario === "users") return users(fx);
  const before = await metrics(url);
  const conn = await connectAll(url, fx.users, Number(f["connect-concurrency"]), 30_000, { transport });
  const out: Record<string, unknown> = { url, scenario, transport, users: fx.users.length, connected: fx.users.length - conn.failed, connect: conn.connect };
  const log = (s: string) => !f.json && console.log(s);
  // What the sockets really use (the server could have refused the transport asked for).
  const inUse = [...new Set(conn.sockets.filter(Boolean).map((s) => s.io.engine.transport.name))];
  out.transportsInUse = inUse;
  log(`connected ${fx.users.length - conn.failed}/${fx.users.length} sockets over ${inUse.join(", ") || transport}: ${lat(conn.connect)}${conn.failed ? `; errors: ${conn.errors.join("; ")}` : ""}`);
  const jobs: Promise<void>[] = [];
  if (scenario === "chat" || scenario === "mixed") {
    jobs.push(
      runChat(conn.sockets, fx.users, fx.rooms, { rate: RATE, durationMs: DURATION, warmupMs: 1000 }).then((r) => {
        out.chat = r;
        log(`chat: ${r.sent} sent at ${RATE}/s, ${r.delivered}/${r.expected} delivered, ${r.deliveriesPerSec.toFixed(0)} deliveries/s, lost ${r.lost}, duplicates ${r.duplicates}, ack errors ${r.ackErrors}`);
        log(`  send-to-receive ${lat(r.latency)}; ack ${lat(r.ack)}`);
      }),
    );
  }
  if (scenario === "presence" || scenario === "mixed") {
    jobs.push(
      runPresence(conn.sockets, fx.users, { rate: scenario === "mixed" ? RATE / 5 : RATE, durationMs: DURATION }).then((r) => {
        out.presence = r;
        log(`presence: ${r.updates} updates, ${r.deliveries} pushes, ${r.deliveriesPerSec.toFixed(0)} pushes/s, errors ${r.errors}; ${lat(r.latency)}`);
      }),
    );
  }
  if (scenario === "calls" || scenario === "mixed") {
    jobs.push(
      runCalls(conn.sockets, fx.users, { rate: scenario === "mixed" ? RATE / 20 : RATE, durationMs: DURATION }).then((r) => {
        out.calls = r;
        log(`calls: ${r.completed}/${r.started} completed over ${r.pairs} pairs (${r.callsPerSec.toFixed(1)}/s), failed ${r.failed}${r.firstError ? ` (${r.firstError})` : ""}`);
        log(`  setup ${lat(r.setup)}; signal ${lat(r.signal)}`);
      }),
    );
  }
  await Promise.all(jobs);
  const after = await metrics(url, false);
  out.server = { before, after };
  if (after) log(`server: RSS ${before ? mb(before.rss) : "?"} -> ${mb(after.rss)} MB, heap ${mb(after.heapUsed)} MB, ${after.sockets} sockets on the node measured`);
  closeAll(conn.sockets);
  if (f.json) console.log(JSON.stringify(out, null, 2));
  setTimeout(() => process.exit(0), 200);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
