// The restart scenario: thousands of sockets on one server process; the server is stopped
// (SIGTERM, or kill -9) and started again on the same port. Clients reconnect like the web client
// (same delays and jitter) and catch up like it, through the same code (shared/feed.ts: one
// `changes.since` from the point held at the drop, retried until it succeeds; a table other than
// chat's that changed meanwhile is refetched over REST, as the web client refetches the queries
// it shows). Measured: time from the new server answering /api/health until 50/95/100% of the
// sockets have their session.ready again and have caught up, REST requests per socket during the
// storm, and messages lost: messages posted by a few clients around the restart that some member
// of the room never got, live or by catch-up.
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import type { ChatMessage, EntityChange } from "@shared/realtime";
import { FeedCursor } from "@shared/feed";
import { closeAll, connectAll, type Sock } from "./driver";
import type { BenchRoom, BenchUser } from "../../server/test/fixture";
import { spawnServer, type Running } from "./servers";

export interface RestartOptions {
  /** A name for the report. */
  server: string;
  script: string;
  env: Record<string, string>;
  port: number;
  users: BenchUser[];
  rooms: BenchRoom[];
  signal: "SIGTERM" | "SIGKILL";
  /** Rooms with a poster in them; every member of these rooms is checked for lost messages. */
  posterRooms?: number;
  postEveryMs?: number;
  /** Give up waiting for sockets after this long. */
  waitMs?: number;
  /** Clients catch up after a reconnect the server could not recover (off for the bare relay, which has no feed). */
  catchUp?: boolean;
}

export interface RestartResult {
  server: string;
  signal: string;
  sockets: number;
  connectFailed: number;
  /** From the signal until the new server answered /api/health. */
  downMs: number;
  /** Milliseconds after /api/health answered until this share of the sockets was back (null: never). */
  back50: number | null;
  back95: number | null;
  back100: number | null;
  notBack: number;
  /** As back50/95/100, until the socket had also caught up (equal to them without catch-up). */
  caught50: number | null;
  caught95: number | null;
  caught100: number | null;
  /** REST requests the clients made from the signal until the last socket had caught up, per socket. */
  restPerSocket: number;
  /** CPU time of the new server process (user + system) from its start until /api/health answered, and from then until 100% were back (null: not on Linux). */
  cpuToHealthMs: number | null;
  cpuToBackMs: number | null;
  posted: number;
  checkedDeliveries: number;
  lost: number;
  catchUpFailures: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** User + system CPU milliseconds a process has used so far, from /proc (Linux only). */
function cpuMsOf(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

/** What the web client does with a change for a table it refetches: one REST request per table per batch. */
const REFETCHED = (c: EntityChange) => c.table !== "messages" && c.table !== "channels";

export async function runRestart(o: RestartOptions): Promise<RestartResult> {
  let server: Running = await spawnServer(o.script, o.env, [], o.port);
  const url = server.url;
  const conn = await connectAll(url, o.users, 100, 60_000, { reconnect: true });
  const sockets = conn.sockets;
  const live = sockets.map((s, i) => (s ? i : -1)).filter((i) => i >= 0);
  const watchedRooms = o.rooms.slice(0, o.posterRooms ?? 5);
  const watched = new Set(watchedRooms.flatMap((r) => r.members));
  const received = new Map<number, Set<number>>();
  let catchUpFailures = 0;
  let rest = 0;
  let killedAt = Infinity;
  const backAt = new Map<number, number>();
  const caughtAt = new Map<number, number>();

  const follow = (i: number, s: Sock) => {
    const user = o.users[i];
    const mine = watched.has(i) ? new Set<number>() : null;
    if (mine) received.set(i, mine);
    const cursor = new FeedCursor();
    const apply = (c: EntityChange) => {
      if (mine && c.table === "messages" && c.op === "create") mine.add(c.id);
    };
    s.on("entities.change", (c) => {
      apply(c);
      cursor.advance(c.seq);
    });
    s.on("disconnect", () => cursor.dropped());
    s.on("session.ready", (r) => {
      cursor.start(r.seq);
      const back = performance.now() > killedAt && !backAt.has(i);
      if (back) backAt.set(i, performance.now());
      const done = () => {
        if (back) caughtAt.set(i, performance.now());
      };
      if (!o.catchUp || r.recovered) return done();
      const tables = new Set<string>();
      void cursor
        .catchUp(
          async (since) => {
            const ack = await s.timeout(10_000).emitWithAck("changes.since", { since });
            if (!ack.ok) throw new Error(ack.error);
            return ack.data;
          },
          (c) => {
            apply(c);
            if (REFETCHED(c)) tables.add(c.table);
          },
          { onError: () => catchUpFailures++ },
        )
        .then(async (result) => {
          // The queries on screen: the tables that changed, or after a reset everything shown.
          const refetch = result === "reset" ? ["channels", "messages", "tasks"] : [...tables];
          await Promise.all(
            refetch.map((t) => {
              if (performance.now() > killedAt) rest++;
              return fetch(`${url}/api/entities/${t}?limit=50`, { headers: { authorization: `Bearer ${user.token}` } }).catch(() => null);
            }),
          );
          done();
        });
    });
  };
  for (const i of live) follow(i, sockets[i]);

  // Posters: over the socket when it is up (ack after commit), else over REST like the web client.
  const posted: { channel: number; id: number; room: BenchRoom }[] = [];
  let posting = true;
  const posters = watchedRooms.map(async (room, k) => {
    const idx = room.members.find((m) => sockets[m]);
    if (idx === undefined) return;
    const s = sockets[idx];
    const user = o.users[idx];
    for (let n = 0; posting; n++) {
      const content = `restart ${k} ${n}`;
      try {
        let msg: ChatMessage | null = null;
        if (s.connected) {
          const ack = await s.timeout(5000).emitWithAck("messages.create", { channel_id: room.id, content });
          if (ack.ok) msg = ack.data;
        } else {
          if (performance.now() > killedAt) rest++;
          const res = await fetch(`${url}/api/entities/messages`, {
            method: "POST",
            headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
            body: JSON.stringify({ channel_id: room.id, content }),
          });
          if (res.ok) msg = (await res.json()) as ChatMessage;
        }
        if (msg) posted.push({ channel: room.id, id: msg.id, room });
      } catch {
        /* the server is down: this one was not posted */
      }
      await sleep(o.postEveryMs ?? 100);
    }
  });

  await sleep(1500);
  killedAt = performance.now();
  const exited = new Promise((r) => server.proc.once("exit", r));
  server.proc.kill(o.signal);
  await exited;
  server = await spawnServer(o.script, o.env, [], o.port);
  const healthAt = performance.now();
  const cpuAtHealth = cpuMsOf(server.proc.pid);
  const end = healthAt + (o.waitMs ?? 60_000);
  while (caughtAt.size < live.length && performance.now() < end) await sleep(20);
  const cpuAtBack = cpuMsOf(server.proc.pid);
  const restDuringStorm = rest;
  await sleep(1500);
  posting = false;
  await Promise.all(posters);
  // Stragglers: live pushes in flight.
  await sleep(2000);

  let checked = 0;
  let lost = 0;
  for (const p of posted) {
    for (const m of p.room.members) {
      const got = received.get(m);
      if (!got || !caughtAt.has(m)) continue;
      checked++;
      if (!got.has(p.id)) lost++;
    }
  }
  const sorted = (m: Map<number, number>) => [...m.values()].map((t) => Math.max(0, t - healthAt)).sort((a, b) => a - b);
  const quantile = (times: number[]) => (q: number) => {
    const need = Math.ceil(q * live.length);
    return times.length >= need && need > 0 ? times[need - 1] : null;
  };
  const at = quantile(sorted(backAt));
  const caught = quantile(sorted(caughtAt));
  closeAll(sockets);
  await server.stop();
  return {
    server: o.server,
    signal: o.signal,
    sockets: live.length,
    connectFailed: conn.failed,
    downMs: healthAt - killedAt,
    back50: at(0.5),
    back95: at(0.95),
    back100: at(1),
    notBack: live.length - backAt.size,
    caught50: caught(0.5),
    caught95: caught(0.95),
    caught100: caught(1),
    restPerSocket: live.length ? restDuringStorm / live.length : 0,
    cpuToHealthMs: cpuAtHealth,
    cpuToBackMs: cpuAtHealth === null || cpuAtBack === null ? null : cpuAtBack - cpuAtHealth,
    posted: posted.length,
    checkedDeliveries: checked,
    lost,
    catchUpFailures,
  };
}
