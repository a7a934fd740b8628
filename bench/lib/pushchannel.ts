// The pushchannel scenario (docs/notifications.md): a channel of 1,000 members, each with a
// Web Push subscription at a local push service (web-push-testing in its own process,
// bench/push-service.ts), none of them connected (their tabs are closed). A manager's @channel
// message queues a job per member; measured: from the message's ack until the push service has
// accepted (201) a push for every other member. Meanwhile 200 connected people chat in rooms of
// 20; their delivery latency is measured as the chat scenario does, once without and once during
// the fan-out, so what the fan-out costs everyone else shows.
import { execFileSync, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import webpush from "web-push";
import type { Ack, ChatMessage } from "@shared/realtime";
import { closeAll, connectAll, runChat, type ChatResult } from "./driver";
import { createFixture } from "../../server/test/fixture";
import { freshDatabase, root, spawnServer } from "./servers";
import { ms, Samples, table, type LatencySummary } from "./stats";

export interface PushChannelOptions {
  members: number;
  chatUsers: number;
  chatRate: number;
  chatSeconds: number;
  /** Rounds of (chat without, chat during an @channel); their latencies are pooled. */
  rounds: number;
  jwtSecret: string;
  say: (s: string) => void;
}

/** One round: the chat without the fan-out, then with an @channel going out during it. */
export interface PushChannelRound {
  /** From the @channel message's ack until the push service accepted the last push. */
  fanoutMs: number | null;
  accepted: number;
  rejected: number;
  without: ChatResult;
  during: ChatResult;
}

export interface PushChannelResult {
  engine: string;
  members: number;
  subscriptions: number;
  rounds: PushChannelRound[];
  /** Every round's latencies pooled: the tail of a few seconds of fan-out per round is a thin slice of one run. */
  pooled: { without: LatencySummary; during: LatencySummary };
  /**
   * The push service alone: the same number of pushes, encrypted beforehand by the bench and
   * sent 8 at a time straight to it, from the first request until the last was accepted.
   */
  serviceOnlyMs: number;
  chatRate: number;
}

interface PushService {
  url: string;
  stats: () => Promise<{ accepted: number; rejected: number; lastAcceptedAt: number }>;
  reset: () => Promise<unknown>;
  stop: () => void;
}

/** Whether util-linux's chrt can start a program under SCHED_IDLE here (Linux only). */
function chrtWorks(): boolean {
  try {
    execFileSync("chrt", ["--idle", "0", "true"], { stdio: "ignore", timeout: 2_000 });
    return true;
  } catch {
    return false;
  }
}

async function startPushProcess(): Promise<PushService> {
  // A push service runs on its own machines (the browser vendor's); here it shares the app's
  // cores, and its decrypting would be counted against the app's chat. Started under SCHED_IDLE
  // (util-linux's chrt; every thread of the process, V8's and libuv's too, inherits it) it takes
  // only what the app, Postgres and the chat clients leave, and yields at once when they wake.
  const args = ["--import", "tsx", "bench/push-service.ts"];
  const idle = chrtWorks();
  const proc = idle
    ? spawn("chrt", ["--idle", "0", process.execPath, ...args], { cwd: root, stdio: ["ignore", "pipe", "inherit"], detached: true })
    : spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "pipe", "inherit"], detached: true });
  // Its own session, so on Linux its own autogroup: the kernel shares the cores fairly between
  // autogroups first (the app's, Postgres's, this one), so a push service in the app's group,
  // however low its priority inside it, would still take the group's half from Postgres. At the
  // lowest autogroup nice it gets only what the others leave. Outside the bench's process group,
  // it is stopped when the bench exits, however it exits.
  const stopOnExit = () => proc.kill("SIGTERM");
  process.once("exit", stopOnExit);
  try {
    writeFileSync(`/proc/${proc.pid}/autogroup`, "19");
  } catch {
    // No autogroups (another system, or scheduling by cgroups): priority alone.
  }
  if (!idle) {
    try {
      os.setPriority(proc.pid!, 19);
    } catch {
      // Not allowed here: the figures then include the push service's share of the cores.
    }
  }
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    proc.stdout!.on("data", (d: Buffer) => {
      out += String(d);
      const m = /ready (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    proc.once("exit", (code) => reject(new Error(`push service exited (${code})`)));
  });
  const post = async <T,>(p: string, body: unknown = {}): Promise<T> => {
    const res = await fetch(`${url}${p}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`push service ${p}: ${res.status}`);
    return (await res.json()) as T;
  };
  const stop = () => {
    process.off("exit", stopOnExit);
    proc.kill("SIGTERM");
  };
  return { url, stats: () => post("/bench-stats"), reset: () => post("/bench-reset"), stop };
}

/** Runs `fn` over `items`, `n` at a time. */
async function pool<T>(items: T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

export async function pushChannelScenario(databaseUrl: string | undefined, o: PushChannelOptions): Promise<PushChannelResult> {
  const db = await freshDatabase(databaseUrl);
  const push = await startPushProcess();
  try {
    const secret = new TextEncoder().encode(o.jwtSecret);
    const vapid = webpush.generateVAPIDKeys();
    const fan = await createFixture(db.handle.db, secret, { users: o.members, roomSize: o.members, tag: "fan" });
    const chat = await createFixture(db.handle.db, secret, { users: o.chatUsers, roomSize: 20, tag: "chat" });
    const sender = fan.users[0];
    // @channel is for managers (docs/messages.md, "Mentions and read receipts").
    await db.handle.db.updateTable("users").set({ team_role: "manager" }).where("id", "=", sender.id).execute();
    o.say(`pushchannel: subscribing ${o.members} members at the local push service ...`);
    const subs: { user_id: number; endpoint: string; p256dh: string; auth: string }[] = [];
    await pool(fan.users, 20, async (u) => {
      const res = await fetch(`${push.url}/subscribe`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ userVisibleOnly: "true", applicationServerKey: vapid.publicKey }),
      });
      const { data } = (await res.json()) as { data: { endpoint: string; keys: { p256dh: string; auth: string } } };
      subs.push({ user_id: u.id, endpoint: data.endpoint, p256dh: data.keys.p256dh, auth: data.keys.auth });
    });
    for (let i = 0; i < subs.length; i += 500) await db.handle.db.insertInto("push_subscriptions").values(subs.slice(i, i + 500)).execute();
    // What the push service itself takes for as many pushes (decrypting each), without the app.
    o.say(`pushchannel: the push service alone, ${subs.length - 1} pushes encrypted beforehand, 8 at a time ...`);
    const payload = JSON.stringify({ title: "Bench in #fan", body: "@channel the release is at five", url: "/Chat", tag: "channel-1", kind: "message" });
    const requests = subs.slice(1).map((s) =>
      webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, { vapidDetails: { subject: "mailto:bench@localhost", ...vapid }, TTL: 60 }),
    );
    const s0 = performance.now();
    await pool(requests, 8, async (r) => {
      // Once more when the service closed a kept connection as it was reused (a loaded machine).
      for (let attempt = 0; ; attempt++) {
        try {
          const res = await fetch(r.endpoint, { method: r.method, headers: r.headers as Record<string, string>, body: new Uint8Array(r.body!) });
          await res.arrayBuffer();
          return;
        } catch (err) {
          if (attempt >= 2) throw err;
        }
      }
    });
    const serviceOnlyMs = performance.now() - s0;
    await push.reset();
    await db.release();
    const app = await spawnServer("server/index.ts", {
      ...db.env,
      JWT_SECRET: o.jwtSecret,
      SEED_DEMO: "0",
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      // The local push service is on localhost: past the endpoint guard only with this.
      PUSH_ALLOW_HTTP: "1",
      PUSH_ALLOW_PRIVATE_ENDPOINTS: "1",
      // Due at once: the scenario measures sending, not the wait that spares people reading live.
      NOTIFY_DELAY_MS: "0",
      NOTIFY_SWEEP_MS: "200",
      SOCKET_RATE_PER_SEC: "100000",
      SOCKET_RATE_BURST: "100000",
    });
    const chatConn = await connectAll(app.url, chat.users, 50);
    const senderConn = await connectAll(app.url, [sender], 1);
    try {
      if (chatConn.failed || senderConn.failed) throw new Error("sockets failed to connect");
      const pooled = { without: new Samples(), during: new Samples() };
      const chatRun = (pool: Samples) => runChat(chatConn.sockets, chat.users, chat.rooms, { rate: o.chatRate, durationMs: o.chatSeconds * 1000, warmupMs: 1000, drainMs: 2000, pool });
      const rounds: PushChannelRound[] = [];
      // One chat run first that counts for neither side: the app's first seconds under load
      // (compiling its hot paths, filling its pools) would otherwise land in round 1's "without".
      o.say(`pushchannel: warming up with the chat alone ...`);
      await chatRun(new Samples());
      for (let round = 1; round <= o.rounds; round++) {
        o.say(`pushchannel ${round}/${o.rounds}: chat ${o.chatRate} msg/s among ${o.chatUsers} people without the fan-out ...`);
        const without = await chatRun(pooled.without);
        o.say(`pushchannel ${round}/${o.rounds}: the same chat while @channel pushes to ${o.members - 1} members ...`);
        await push.reset();
        const during = chatRun(pooled.during);
        // The @channel message goes out a second into the chat run (after its warm-up).
        await new Promise((r) => setTimeout(r, 1000));
        const sentAt = await new Promise<number>((resolve, reject) =>
          (senderConn.sockets[0].emit as (...a: unknown[]) => void)("messages.create", { channel_id: fan.rooms[0].id, content: `@channel the release is at five (${round})` }, (ack: Ack<ChatMessage>) =>
            ack.ok ? resolve(Date.now()) : reject(new Error(ack.error)),
          ),
        );
        const t0 = performance.now();
        let stats = await push.stats();
        while (stats.accepted < o.members - 1 && performance.now() - t0 < 120_000) {
          await new Promise((r) => setTimeout(r, 50));
          stats = await push.stats();
        }
        rounds.push({
          fanoutMs: stats.accepted >= o.members - 1 ? stats.lastAcceptedAt - sentAt : null,
          accepted: stats.accepted,
          rejected: stats.rejected,
          without,
          during: await during,
        });
      }
      return {
        engine: db.engine,
        members: o.members,
        subscriptions: subs.length,
        rounds,
        pooled: { without: pooled.without.summary(), during: pooled.during.summary() },
        serviceOnlyMs,
        chatRate: o.chatRate,
      };
    } finally {
      closeAll(chatConn.sockets);
      closeAll(senderConn.sockets);
      await app.stop();
    }
  } finally {
    push.stop();
    await db.drop();
  }
}

export function reportPushChannel(r: PushChannelResult) {
  console.log(`\nPush fan-out (${r.engine}): @channel in a channel of ${r.members} members, each with a push subscription at a local web-push-testing service`);
  const fanout = (x: PushChannelRound) => (x.fanoutMs === null ? "not all within 120 s" : ms(x.fanoutMs));
  console.log(
    table([
      ["round", "members pushed", "accepted (201)", "rejected", "ack -> last push accepted (ms)", "push service alone, same pushes (ms)"],
      ...r.rounds.map((x, i) => [i + 1, r.members - 1, x.accepted, x.rejected, fanout(x), ms(r.serviceOnlyMs)]),
    ]),
  );
  const inTime = r.rounds.every((x) => x.fanoutMs !== null && x.fanoutMs <= 10_000);
  console.log(`every member's push handed to the push service within 10 s, every round: ${inTime ? "PASS" : "FAIL"}`);
  const row = (name: string, c: ChatResult) => [name, c.sent, c.delivered, c.lost, ms(c.latency.p50), ms(c.latency.p99), ms(c.latency.max)];
  const pooledRow = (name: string, l: LatencySummary) => [name, "", l.count, "", ms(l.p50), ms(l.p99), ms(l.max)];
  console.log(`\nChat delivery for other connected people (${r.chatRate} msg/s, rooms of 20), without and during the fan-out`);
  console.log(
    table([
      ["run", "sent", "delivered", "lost", "p50 (ms)", "p99 (ms)", "max (ms)"],
      ...r.rounds.flatMap((x, i) => [row(`${i + 1} without`, x.without), row(`${i + 1} during`, x.during)]),
      pooledRow("all without", r.pooled.without),
      pooledRow("all during", r.pooled.during),
    ]),
  );
  const lost = r.rounds.reduce((n, x) => n + x.during.lost + x.without.lost, 0);
  const ratio = r.pooled.during.p99 / r.pooled.without.p99;
  console.log(`p99 during / without, rounds pooled: ${ratio.toFixed(2)} (goal <= 1.10), ${lost} lost: ${ratio <= 1.1 && lost === 0 ? "PASS" : "FAIL"}`);
}
