// The restart scenario: thousands of sockets on one server process; the server is stopped
// (SIGTERM, or kill -9) and started again on the same port. Clients reconnect like the web client
// (same delays and jitter) and resync like it (from the point held at the drop, retried until it
// succeeds). Measured: time from the new server answering /api/health until 50/95/100% of the
// sockets have their session.ready again, and messages lost: messages posted by a few clients
// around the restart that some member of the room never got, live or by resync.
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import type { ChatMessage } from "../../shared/realtime";
import { ResyncPoints, resyncUntilDone, type ResyncSnapshot } from "../../shared/resync";
import { closeAll, connectAll } from "./driver";
import type { BenchRoom, BenchUser } from "./fixture";
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
  /** CPU time of the new server process (user + system) from its start until /api/health answered, and from then until 100% were back (null: not on Linux). */
  cpuToHealthMs: number | null;
  cpuToBackMs: number | null;
  posted: number;
  checkedDeliveries: number;
  lost: number;
  resyncFailures: number;
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

interface Watch {
  user: BenchUser;
  received: Set<number>;
  last: Map<number, number>;
  dropped: ResyncSnapshot | null;
  points: ResyncPoints;
  resyncing: Promise<void> | null;
}

async function fetchAfter(url: string, token: string, channelId: number, afterId: number): Promise<ChatMessage[]> {
  const out: ChatMessage[] = [];
  for (let after = afterId; ; ) {
    const where = encodeURIComponent(JSON.stringify({ channel_id: channelId, id: { gt: after } }));
    const res = await fetch(`${url}/api/entities/messages?where=${where}&sort=id&limit=500`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`resync: HTTP ${res.status}`);
    const page = (await res.json()) as ChatMessage[];
    out.push(...page);
    if (page.length < 500) return out;
    after = page[page.length - 1].id;
  }
}

export async function runRestart(o: RestartOptions): Promise<RestartResult> {
  let server: Running = await spawnServer(o.script, o.env, [], o.port);
  const url = server.url;
  const conn = await connectAll(url, o.users, 100, 60_000, { reconnect: true });
  const sockets = conn.sockets;
  const live = sockets.map((s, i) => (s ? i : -1)).filter((i) => i >= 0);
  const watchedRooms = o.rooms.slice(0, o.posterRooms ?? 5);
  const watches = new Map<number, Watch>();
  let resyncFailures = 0;

  for (const room of watchedRooms) {
    for (const m of room.members) {
      const s = sockets[m];
      if (!s) continue;
      const w: Watch = { user: o.users[m], received: new Set(), last: new Map(), dropped: null, points: new ResyncPoints(), resyncing: null };
      watches.set(m, w);
      const note = (msg: ChatMessage) => {
        w.received.add(msg.id);
        if (msg.id > (w.last.get(msg.channel_id) ?? 0)) w.last.set(msg.channel_id, msg.id);
      };
      s.on("messages.create", note);
      s.on("disconnect", () => {
        w.dropped ??= new Map([[room.id, w.last.get(room.id) ?? 0]]);
      });
      s.on("session.ready", (r) => {
        const snapshot = w.dropped;
        w.dropped = null;
        if (!snapshot || r.recovered) return;
        w.points.add(snapshot);
        w.resyncing ??= resyncUntilDone(
          w.points,
          async (channelId, after) => {
            for (const msg of await fetchAfter(url, w.user.token, channelId, after ?? 0)) note(msg);
          },
          { onError: () => resyncFailures++ },
        ).finally(() => (w.resyncing = null));
      });
    }
  }

  let killedAt = Infinity;
  const backAt = new Map<number, number>();
  for (const i of live) {
    sockets[i].on("session.ready", () => {
      if (performance.now() > killedAt && !backAt.has(i)) backAt.set(i, performance.now());
    });
  }

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
  while (backAt.size < live.length && performance.now() < end) await sleep(20);
  const cpuAtBack = cpuMsOf(server.proc.pid);
  await sleep(1500);
  posting = false;
  await Promise.all(posters);
  // Stragglers: live pushes in flight and resyncs still retrying.
  await sleep(2000);
  await Promise.race([Promise.all([...watches.values()].map((w) => w.resyncing)), sleep(20_000)]);

  let checked = 0;
  let lost = 0;
  for (const p of posted) {
    for (const m of p.room.members) {
      const w = watches.get(m);
      if (!w || !backAt.has(m)) continue;
      checked++;
      if (!w.received.has(p.id)) lost++;
    }
  }
  const times = [...backAt.values()].map((t) => Math.max(0, t - healthAt)).sort((a, b) => a - b);
  const at = (q: number) => {
    const need = Math.ceil(q * live.length);
    return times.length >= need && need > 0 ? times[need - 1] : null;
  };
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
    cpuToHealthMs: cpuAtHealth,
    cpuToBackMs: cpuAtHealth === null || cpuAtBack === null ? null : cpuAtBack - cpuAtHealth,
    posted: posted.length,
    checkedDeliveries: checked,
    lost,
    resyncFailures,
  };
}
