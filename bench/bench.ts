// `npm run bench`: the chat fan-out of the app against a bare Socket.IO relay, driven by the same
// client, plus the memory cost of idle authenticated sockets. The app runs as its own process on a
// fresh database (a new database on DATABASE_URL's server when given, else PGlite).
//
//   npm run bench -- [--database-url postgres://postgres@127.0.0.1:5432/test] [--users 200]
//     [--room-size 20] [--duration 5] [--start-rate 25] [--steps 14] [--idle 5000] [--p99-limit 100]
//     [--reply-share 0.1] [--reaction-share 0.1]   (of the chat scenario's sends: replies in a thread, reactions)
//     [--chat-text words|none]   (words: each message also holds about 12 Zipf-drawn dictionary words, as the search fixture's)
//     [--flood-rate 5000] [--restart-sockets 5000] [--restart-servers relay,app] [--scenarios chat,flood,idle,restart] [--json]
//     [--meeting-sizes 4,8,12] [--mesh-sizes 4,8] [--meeting-measure 10]   (scenario "meeting", not run by default)
//     [--search-messages 1000000] [--search-channels 1000] [--search-member-of 50] [--search-vocabulary 20000]
//       [--search-rounds 30] [--search-keep] [--search-plans]   (scenario "search", not run by default; needs --database-url;
//       --search-keep: reuse the filled database; --search-plans: print each kind's whole plan)
//     [--pushchannel-members 1000] [--pushchannel-rate 100] [--pushchannel-seconds 10] [--pushchannel-rounds 3] (scenario "pushchannel", not by default)
//     [--unread-messages 1000000] [--unread-member-of 200] [--unread-keep]   (scenario "unread", named only; --unread-keep: reuse the filled database)
//     [--before <checkout>]   (chat: the server of another checkout, e.g. `git worktree add /tmp/before <rev>` with
//       node_modules linked, as a third contender on its own database; each step runs relay, before, app in turn)
import { parseArgs } from "node:util";
import { createFixture, relayFixture, type Fixture } from "../server/test/fixture";
import { closeAll, connectAll, runChat, type ChatResult, type Sock } from "./lib/driver";
import { freePort, freshDatabase, metrics, spawnServer, type Running } from "./lib/servers";
import { runFlood, type FloodResult } from "./lib/flood";
import { runRestart, type RestartResult } from "./lib/restart";
import { mb, ms, table } from "./lib/stats";
import { meetingScenario, reportMeetings } from "./lib/meeting-scenario";
import { runAudience, type AudienceResult } from "./lib/audience";
import { reportSearch, searchScenario } from "./lib/search";
import { reportUnread, unreadScenario } from "./lib/unread";
import { reactionsScenario, reportReactions } from "./lib/reactions";
import { pushChannelScenario, reportPushChannel } from "./lib/pushchannel";
import { reportCosts, startBefore, withCost, type Measured } from "./lib/compare";
import { chatText } from "./lib/search-corpus";

const { values: flags } = parseArgs({
  options: {
    "database-url": { type: "string", default: process.env.DATABASE_URL },
    users: { type: "string", default: "200" },
    "room-size": { type: "string", default: "20" },
    duration: { type: "string", default: "5" },
    "start-rate": { type: "string", default: "25" },
    steps: { type: "string", default: "14" },
    idle: { type: "string", default: "5000" },
    "p99-limit": { type: "string", default: "100" },
    "reply-share": { type: "string", default: "0.1" },
    "chat-text": { type: "string", default: "words" },
    "reaction-share": { type: "string", default: "0.1" },
    "flood-rate": { type: "string", default: "5000" },
    "restart-sockets": { type: "string", default: "5000" },
    "restart-servers": { type: "string", default: "relay,app" },
    scenarios: { type: "string", default: "chat,flood,idle,restart" },
    json: { type: "boolean", default: false },
    before: { type: "string" },
    "meeting-sizes": { type: "string", default: "4,8,12" },
    "mesh-sizes": { type: "string", default: "4,8" },
    "meeting-measure": { type: "string", default: "10" },
    "audience-others": { type: "string", default: "10000" },
    "audience-rate": { type: "string", default: "200" },
    "search-messages": { type: "string", default: "1000000" },
    "search-channels": { type: "string", default: "1000" },
    "search-member-of": { type: "string", default: "50" },
    "search-vocabulary": { type: "string", default: "20000" },
    "search-rounds": { type: "string", default: "30" },
    "search-keep": { type: "boolean", default: false },
    "search-plans": { type: "boolean", default: false },
    "unread-messages": { type: "string", default: "1000000" },
    "unread-member-of": { type: "string", default: "200" },
    "pushchannel-members": { type: "string", default: "1000" }, "pushchannel-rate": { type: "string", default: "100" }, "pushchannel-seconds": { type: "string", default: "10" }, "pushchannel-rounds": { type: "string", default: "3" },
    "unread-keep": { type: "boolean", default: false },
  },
});
const USERS = Number(flags.users);
const ROOM = Number(flags["room-size"]);
const DURATION = Number(flags.duration) * 1000;
const IDLE = Number(flags.idle);
const P99 = Number(flags["p99-limit"]);
const JWT_SECRET = "bench-secret-bench-secret-0123456789";
const say = (s: string) => !flags.json && console.log(s);
const SCENARIOS = new Set(flags.scenarios!.split(",").map((x) => x.trim()));
const FLOOD_RATE = Number(flags["flood-rate"]);
// A chat message also holds about 12 Zipf-drawn words of the dictionary ("none": only the fields the bench times by).
const chatWords = flags["chat-text"] === "none" ? undefined : chatText();
const RESTART_SOCKETS = Number(flags["restart-sockets"]);

interface Ramp {
  /** The busiest step with p99 within the limit and nothing lost. */
  best: ChatResult | null;
  /** The busiest step the server kept up with (nothing lost, >= 90% of the offered deliveries), whatever its latency. */
  peak: ChatResult | null;
  steps: ChatResult[];
}

interface Contender {
  name: string;
  url: string;
  /** The server's process, whose CPU each step measures. */
  pid: number | null;
  /** Each step with what it cost (lib/compare.ts). */
  measured: Measured;
  /** Its database, whose WAL each step measures (Postgres only). */
  databaseUrl?: string;
  fx: Fixture;
  sockets: Sock[];
  ramp: Ramp;
  done: boolean;
}

function verdict(r: ChatResult) {
  const offered = r.expected / r.durationSec;
  const keptUp = r.lost <= r.expected * 0.001 && r.ackErrors === 0 && r.deliveriesPerSec >= offered * 0.9;
  return { keptUp, within: keptUp && r.latency.p99 <= P99 };
}

/**
 * Raises the total send rate by 1.5x per step. At each rate the relay and the app run back to back,
 * so both meet the same background load; a step that misses is tried once more (a shared machine
 * has hiccups). A server drops out when it falls behind twice in a row or p99 passes 2 s.
 */
async function ramps(list: Contender[]): Promise<void> {
  for (const c of list) {
    const conn = await connectAll(c.url, c.fx.users, 50);
    if (conn.failed) throw new Error(`${c.name}: ${conn.failed} sockets failed to connect (${conn.errors.join("; ")})`);
    c.sockets = conn.sockets;
    say(`${c.name}: ${c.fx.users.length} sockets connected, connect p50 ${ms(conn.connect.p50)} ms p95 ${ms(conn.connect.p95)} ms`);
  }
  let rate = Number(flags["start-rate"]);
  for (let i = 0; i < Number(flags.steps) && list.some((c) => !c.done); i++) {
    for (const c of list) {
      if (c.done) continue;
      let r: ChatResult | null = null;
      for (let attempt = 0; attempt < 2; attempt++) {
        const { result: t, cost } = await withCost(c.pid, c.databaseUrl, () =>
          runChat(c.sockets, c.fx.users, c.fx.rooms, { rate, durationMs: DURATION, warmupMs: 500, drainMs: 3000, mix: { replies: Number(flags["reply-share"]), reactions: Number(flags["reaction-share"]) }, text: chatWords }),
          c.url,
        );
        if (!r || verdict(t).within || (verdict(t).keptUp && !verdict(r).keptUp)) {
          r = t;
          c.measured.steps = [...c.measured.steps.filter((x) => x.result.rate !== rate), { result: t, cost }];
        }
        await new Promise((res) => setTimeout(res, 500));
        if (verdict(r).within) break;
      }
      const v = verdict(r!);
      c.ramp.steps.push(r!);
      if (v.keptUp) c.ramp.peak = r;
      if (v.within) c.ramp.best = r;
      if (!v.keptUp || r!.latency.p99 > 2000) c.done = true;
      say(
        `  ${c.name.padEnd(5)} rate ${String(rate).padStart(5)}/s: ${r!.deliveriesPerSec.toFixed(0).padStart(6)} deliveries/s, p50 ${ms(r!.latency.p50)} p95 ${ms(r!.latency.p95)} p99 ${ms(r!.latency.p99)} max ${ms(r!.latency.max)} ms, lost ${r!.lost}, ack errors ${r!.ackErrors}${r!.firstAckError ? ` (${r!.firstAckError})` : ""} [${r!.kinds.replies} replies, ${r!.kinds.reactions} reactions of ${r!.sent}; p99 messages ${ms(r!.p99Of.messages)} replies ${ms(r!.p99Of.replies)} reactions ${ms(r!.p99Of.reactions)} ms] ${v.within ? "ok" : v.keptUp ? `p99 over ${P99} ms` : "fell behind"}`,
      );
    }
    rate = Math.round(rate * 1.5);
  }
  for (const c of list) closeAll(c.sockets);
  await new Promise((res) => setTimeout(res, 500));
}

interface Idle {
  sockets: number;
  failed: number;
  rssBefore: number;
  rssAfter: number;
  perSocketKB: number;
  connectP50: number;
  connectP95: number;
  connectMax: number;
}

async function idle(server: Running, fx: Fixture): Promise<Idle> {
  // Warm the code paths first so the baseline is not mostly JIT and lazy modules.
  const warm = await connectAll(server.url, fx.users.slice(0, 50), 50);
  closeAll(warm.sockets);
  await new Promise((r) => setTimeout(r, 1500));
  const before = (await metrics(server.url))!;
  const conn = await connectAll(server.url, fx.users, 100, 60_000);
  await new Promise((r) => setTimeout(r, 3000));
  const after = (await metrics(server.url))!;
  const n = fx.users.length - conn.failed;
  closeAll(conn.sockets);
  return {
    sockets: n,
    failed: conn.failed,
    rssBefore: before.rss,
    rssAfter: after.rss,
    perSocketKB: (after.rss - before.rss) / 1024 / Math.max(1, n),
    connectP50: conn.connect.p50,
    connectP95: conn.connect.p95,
    connectMax: conn.connect.max,
  };
}

/** The same run in an organisation of 100 and one with `audience-others` more who cannot see the tasks, each on a fresh database. */
async function audienceScenario(): Promise<AudienceResult[]> {
  const out: AudienceResult[] = [];
  for (const others of [0, Number(flags["audience-others"])]) {
    say(`audience: 100 readers, ${others} others in the organisation ...`);
    const db = await freshDatabase(flags["database-url"]);
    try {
      const r = await runAudience({
        db: db.handle.db,
        release: db.release,
        appEnv: { ...db.env, JWT_SECRET, SEED_DEMO: "0" },
        secret: new TextEncoder().encode(JWT_SECRET),
        others,
        rate: Number(flags["audience-rate"]),
        durationMs: DURATION,
      });
      out.push(r);
      say(`  p99 ${ms(r.latency.p99)} ms at ${r.latencyRate}/s; ${r.throughput.toFixed(0)} changes/s pushed to all readers; incomplete ${r.incomplete}, ack errors ${r.ackErrors}${r.firstError ? ` (${r.firstError})` : ""}`);
    } finally {
      await db.drop();
    }
  }
  return out;
}

function reportAudience(list: AudienceResult[]) {
  console.log(`\nAudience: task changes (3 readers each) pushed in a small organisation and in a large one (latency: send to the last reader, at a fixed rate; throughput: many in flight)`);
  console.log(
    table([
      ["organisation", "latency rate/s", "p50 ms", "p95 ms", "p99 ms", "max ms", "changes/s pushed", "incomplete", "ack errors"],
      ...list.map((r) => [r.orgUsers, r.latencyRate, ms(r.latency.p50), ms(r.latency.p95), ms(r.latency.p99), ms(r.latency.max), r.throughput.toFixed(0), r.incomplete, r.ackErrors]),
    ]),
  );
  if (list.length === 2) {
    const [small, large] = list;
    const p99 = large.latency.p99 / small.latency.p99;
    const thr = large.throughput / small.throughput;
    console.log(`p99 ratio ${p99.toFixed(2)} (goal <= 1.2), throughput ratio ${thr.toFixed(2)} (goal >= 0.8), ${large.throughput.toFixed(0)} changes/s at ${large.orgUsers} people (goal >= 1000): ${p99 <= 1.2 && thr >= 0.8 && large.throughput >= 1000 ? "PASS" : "FAIL"}`);
  }
}

async function main() {
  // The scenarios that run on their own: each prints (or adds to --json) its own report.
  const alone = async <T,>(name: string, run: () => Promise<T>, report: (r: T) => void): Promise<boolean> => {
    if (!SCENARIOS.has(name)) return false;
    const r = await run();
    if (flags.json) console.log(JSON.stringify({ [name]: r }, null, 2));
    else report(r);
    SCENARIOS.delete(name);
    return SCENARIOS.size === 0;
  };
  const n = (flag: string) => Number(flags[flag as keyof typeof flags]);
  const search = { messages: n("search-messages"), channels: n("search-channels"), memberOf: n("search-member-of"), vocabulary: n("search-vocabulary"), rounds: n("search-rounds"), keep: flags["search-keep"], plans: flags["search-plans"] };
  if (await alone("search", () => searchScenario(flags["database-url"], { ...search, jwtSecret: JWT_SECRET, say }), reportSearch)) return;
  const unread = { messages: n("unread-messages"), channels: 1000, memberOf: n("unread-member-of"), rounds: 60, keep: flags["unread-keep"] };
  if (await alone("unread", () => unreadScenario(flags["database-url"], { ...unread, jwtSecret: JWT_SECRET, say }), reportUnread)) return;
  if (await alone("reactions", () => reactionsScenario(flags["database-url"], JWT_SECRET), reportReactions)) return;
  if (await alone("pushchannel", () => pushChannelScenario(flags["database-url"], { members: n("pushchannel-members"), chatUsers: 200, chatRate: n("pushchannel-rate"), chatSeconds: n("pushchannel-seconds"), rounds: n("pushchannel-rounds"), jwtSecret: JWT_SECRET, say }), reportPushChannel)) return;
  if (await alone("audience", audienceScenario, reportAudience)) return;
  if (await alone("meeting", () => meetingScenario({ sfu: flags["meeting-sizes"], mesh: flags["mesh-sizes"], measureSec: n("meeting-measure"), databaseUrl: flags["database-url"], jwtSecret: JWT_SECRET, say }), reportMeetings)) return;
  const db = await freshDatabase(flags["database-url"]);
  say(`database: ${db.engine}${db.engine === "postgres" ? ` (${db.env.DATABASE_URL.replace(/\/\/[^@]*@/, "//")})` : ""}`);
  const secret = new TextEncoder().encode(JWT_SECRET);
  const chatFx = await createFixture(db.handle.db, secret, { users: USERS, roomSize: ROOM });
  const idleFx = IDLE > 0 && SCENARIOS.has("idle") ? await createFixture(db.handle.db, secret, { users: IDLE, roomSize: ROOM, publicChannels: 3 }) : null;
  const restartFx = SCENARIOS.has("restart") ? await createFixture(db.handle.db, secret, { users: RESTART_SOCKETS, roomSize: ROOM }) : null;
  await db.release();
  const appEnv = { ...db.env, JWT_SECRET, SEED_DEMO: "0", LOGIN_RATE_LIMIT: "100000" };
  const out: Record<string, unknown> = { engine: db.engine, users: USERS, roomSize: ROOM, durationSec: DURATION / 1000 };
  try {
    const empty = (): Ramp => ({ best: null, peak: null, steps: [] });
    let relayRamp = empty();
    let appRamp = empty();
    let relay: Running | null = null;
    if (SCENARIOS.has("chat") || (SCENARIOS.has("idle") && idleFx)) relay = await spawnServer("bench/relay.ts", {});
    if (SCENARIOS.has("chat")) {
      const app = await spawnServer("server/index.ts", appEnv);
      const contender = (name: string, url: string, fx: Fixture, pid: number | null, databaseUrl?: string): Contender => ({ name, url, fx, pid, databaseUrl, measured: { name, steps: [] }, sockets: [], ramp: empty(), done: false });
      const before = flags.before ? await startBefore(flags.before, flags["database-url"], { JWT_SECRET, SEED_DEMO: "0", LOGIN_RATE_LIMIT: "100000" }, { users: USERS, roomSize: ROOM }) : null;
      if (before) say(`before: ${flags.before} on its own database`);
      const contenders: Contender[] = [
        contender("relay", relay!.url, relayFixture(USERS, ROOM), relay!.proc.pid!),
        ...(before ? [contender("before", before.server.url, before.fx, before.server.proc.pid!, before.db.env.DATABASE_URL)] : []),
        contender("app", app.url, chatFx, app.proc.pid!, db.env.DATABASE_URL),
      ];
      await ramps(contenders);
      await app.stop();
      await before?.server.stop();
      await before?.db.drop();
      [relayRamp, appRamp] = [contenders[0].ramp, contenders[contenders.length - 1].ramp];
      if (!flags.json) reportCosts(contenders.map((c) => c.measured));
    }
    let flood: Floods | null = null;
    if (SCENARIOS.has("flood")) flood = await floodScenario(appEnv, chatFx);
    let relayIdle: Idle | null = null;
    if (idleFx && relay) relayIdle = await idle(relay, relayFixture(IDLE, ROOM));
    await relay?.stop();
    let appIdle: Idle | null = null;
    if (idleFx) {
      // A fresh process, so the chat run's garbage and replay buffers do not blur the figure.
      const fresh = await spawnServer("server/index.ts", appEnv);
      appIdle = await idle(fresh, idleFx);
      await fresh.stop();
    }
    const restarts: RestartResult[] = [];
    if (restartFx) {
      // The bare relay first: what Socket.IO alone manages on this machine, the floor for the app.
      const relayUsers = relayFixture(restartFx.users.length, ROOM);
      const runs = [
        ...(["SIGTERM", "SIGKILL"] as const).map((signal) => ({ server: "bare relay", script: "bench/relay.ts", env: {}, fx: relayUsers, signal, posterRooms: 0 })),
        ...(["SIGTERM", "SIGKILL"] as const).map((signal) => ({ server: "app", script: "server/index.ts", env: appEnv, fx: restartFx, signal, posterRooms: 5, catchUp: true })),
      ];
      const wanted = new Set(String(flags["restart-servers"]).split(","));
      for (const run of runs.filter((x) => wanted.has(x.script === "bench/relay.ts" ? "relay" : "app"))) {
        say(`restart ${run.server} (${run.signal}): ${run.fx.users.length} sockets ...`);
        const r = await runRestart({ ...run, port: await freePort(), users: run.fx.users, rooms: run.fx.rooms });
        restarts.push(r);
        say(`  back 50% ${fmt(r.back50)} ms, 95% ${fmt(r.back95)} ms, 100% ${fmt(r.back100)} ms; caught up 100% ${fmt(r.caught100)} ms; REST ${r.restPerSocket.toFixed(2)}/socket; lost ${r.lost} of ${r.checkedDeliveries}`);
      }
    }
    Object.assign(out, { flood, restarts });
    if (SCENARIOS.has("chat") || idleFx) report(relayRamp, appRamp, relayIdle, appIdle, out);
    if (!flags.json) {
      if (flood) reportFlood(flood);
      if (restarts.length) reportRestarts(restarts);
    } else if (!SCENARIOS.has("chat") && !idleFx) console.log(JSON.stringify(out, null, 2));
  } finally {
    await db.drop();
  }
}

const fmt = (v: number | null) => (v === null ? "never" : ms(v));
const cpu = (v: number | null) => (v === null ? "n/a" : ms(v));

interface Floods {
  limited: FloodResult;
  /** The same flood against a server whose limit is set out of reach, for comparison. */
  unlimited: FloodResult;
}

async function floodScenario(appEnv: Record<string, string>, fx: Fixture): Promise<Floods> {
  const once = async (env: Record<string, string>, skipQuiet: boolean) => {
    const app = await spawnServer("server/index.ts", env);
    try {
      const conn = await connectAll(app.url, fx.users, 50);
      if (conn.failed) throw new Error(`flood: ${conn.failed} sockets failed to connect (${conn.errors.join("; ")})`);
      const r = await runFlood(app.url, conn.sockets, fx.users, fx.rooms, { rate: 200, durationMs: DURATION, floodPerSec: FLOOD_RATE, skipQuiet });
      closeAll(conn.sockets);
      return r;
    } finally {
      await app.stop();
    }
  };
  say(`flood: one client sends ${FLOOD_RATE} commands/s while ${fx.users.length - 1} others chat at 200 msgs/s`);
  const limited = await once(appEnv, false);
  const unlimited = await once({ ...appEnv, SOCKET_RATE_PER_SEC: "100000", SOCKET_RATE_BURST: "100000" }, true);
  return { limited, unlimited };
}

function reportFlood({ limited, unlimited }: Floods) {
  const row = (name: string, r: ChatResult, f?: FloodResult) => [
    name,
    r.deliveriesPerSec.toFixed(0),
    ms(r.latency.p50),
    ms(r.latency.p95),
    ms(r.latency.p99),
    r.lost,
    r.ackErrors,
    f ? `${f.floodSent} / ${f.floodAccepted} / ${f.floodRefused}` : "-",
  ];
  console.log(`\nFlood: the other clients' push latency while one client sends ${FLOOD_RATE} commands/s (limit: SOCKET_RATE_PER_SEC 50/s, SOCKET_RATE_BURST 100)`);
  console.log(
    table([
      ["run", "deliveries/s", "p50 ms", "p95 ms", "p99 ms", "lost", "ack errors", "flood sent / accepted / refused"],
      row("no flood", limited.quiet),
      row("flood, limit on", limited.flooded, limited),
      row("flood, limit off", unlimited.flooded, unlimited),
    ]),
  );
}

function reportRestarts(list: RestartResult[]) {
  console.log(`\nRestart: sockets back after the server is stopped and started again (from /api/health answering)`);
  console.log(`(back: session.ready again; caught up: and its catch-up done; cpu ms: CPU the new server process used from its start until /api/health answered, then until the last socket had caught up; REST: requests the clients made from the signal until then, per socket)`);
  console.log(
    table([
      ["server", "signal", "sockets", "down ms", "back 50%", "back 95%", "back 100%", "caught up 50%", "caught up 95%", "caught up 100%", "not back", "cpu to health", "cpu to 100%", "REST/socket", "posted", "checked", "lost", "catch-up retries"],
      ...list.map((r) => [
        r.server,
        r.signal,
        r.sockets,
        ms(r.downMs),
        fmt(r.back50),
        fmt(r.back95),
        fmt(r.back100),
        fmt(r.caught50),
        fmt(r.caught95),
        fmt(r.caught100),
        r.notBack,
        cpu(r.cpuToHealthMs),
        cpu(r.cpuToBackMs),
        r.restPerSocket.toFixed(2),
        r.posted,
        r.checkedDeliveries,
        r.lost,
        r.catchUpFailures,
      ]),
    ]),
  );
  for (const r of list.filter((x) => x.server === "app")) {
    const ok = r.caught100 !== null && r.caught100 <= 3000 && r.lost === 0 && r.restPerSocket <= 1.1;
    console.log(`app ${r.signal}: 100% back and caught up within 3 s, 0 lost, at most 1.1 REST requests per socket ${ok ? "PASS" : "FAIL"}`);
  }
}

function report(relay: Ramp, app: Ramp, relayIdle: Idle | null, appIdle: Idle | null, out: Record<string, unknown>) {
  const row = (name: string, r: ChatResult | null) =>
    r
      ? [name, r.rate, r.deliveriesPerSec.toFixed(0), ms(r.latency.p50), ms(r.latency.p95), ms(r.latency.p99), ms(r.latency.max), r.lost, ms(r.ack.p99)]
      : [name, "-", "-", "-", "-", "-", "-", "-", "-"];
  const ratioOf = (a: ChatResult | null, b: ChatResult | null) => (a && b ? a.deliveriesPerSec / b.deliveriesPerSec : 0);
  const ratio = ratioOf(app.best, relay.best);
  const peakRatio = ratioOf(app.peak, relay.peak);
  Object.assign(out, { relay, app, ratio, peakRatio, relayIdle, appIdle });
  if (flags.json) {
    console.log(JSON.stringify(out, null, 2));
    return;
  }
  const header = ["server", "msgs/s", "deliveries/s", "p50 ms", "p95 ms", "p99 ms", "max ms", "lost", "ack p99 ms"];
  console.log(`\nChat fan-out: ${USERS} sockets in private rooms of ${ROOM}, ${Number(flags["reply-share"]) * 100}% of sends replies in a thread and ${Number(flags["reaction-share"]) * 100}% reactions; busiest step with p99 <= ${P99} ms and nothing lost`);
  console.log(table([header, row("bare relay", relay.best), row("app", app.best)]));
  console.log(`app / relay deliveries/s at p99 <= ${P99} ms: ${ratio ? ratio.toFixed(2) : "n/a"} (goal >= 1.00) ${ratio >= 1 ? "PASS" : "FAIL"}`);
  console.log(`\nBusiest step each server kept up with (nothing lost, >= 90% of offered deliveries), any latency`);
  console.log(table([header, row("bare relay", relay.peak), row("app", app.peak)]));
  console.log(`app / relay peak deliveries/s: ${peakRatio ? peakRatio.toFixed(2) : "n/a"}`);
  const idleRow = (name: string, i: Idle | null) =>
    i ? [name, i.sockets, i.failed, mb(i.rssBefore), mb(i.rssAfter), i.perSocketKB.toFixed(1), ms(i.connectP50), ms(i.connectP95)] : [name, "-", "-", "-", "-", "-", "-", "-"];
  if (appIdle || relayIdle) {
    console.log(`\nIdle sockets: server RSS before and after connecting them all`);
    console.log(table([["server", "sockets", "failed", "RSS before MB", "RSS after MB", "KB/socket", "connect p50 ms", "connect p95 ms"], idleRow("bare relay", relayIdle), idleRow("app", appIdle)]));
    if (appIdle) console.log(`app KB per authenticated socket: ${appIdle.perSocketKB.toFixed(1)} (goal <= 60) ${appIdle.perSocketKB <= 60 ? "PASS" : "FAIL"}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
