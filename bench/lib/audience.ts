// The audience scenario: does pushing a row change cost what its audience costs, or what the
// organisation costs? One app, 100 connected people, tasks each readable by three of them (a
// creator and two assignees); the same run in an organisation of 100 people and in one with
// 10,000 more who cannot see those tasks. Creators change their tasks over the socket
// (`tasks.update`, the same command as PATCH /api/entities/tasks/:id); each change must reach its
// three readers as `entities.change`. Measured: push latency (send to the last reader's receipt)
// at a fixed rate, and the most changes a second pushed to all their readers with many in flight.
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import type { Ack, EntityChange } from "@shared/realtime";
import type { Db } from "../../server/db";
import { closeAll, connectAll, type Sock } from "./driver";
import { createFixture, type BenchUser } from "../../server/test/fixture";
import { spawnServer } from "./servers";
import { Samples, type LatencySummary } from "./stats";

export interface AudienceOptions {
  db: Db;
  release: () => Promise<void>;
  appEnv: Record<string, string>;
  secret: Uint8Array;
  /** People who cannot see the tasks, added to the organisation (not connected). */
  others: number;
  readers?: number;
  tasks?: number;
  /** Changes a second in the latency run. */
  rate?: number;
  durationMs?: number;
  /** Changes in flight at once in the throughput run. */
  inFlight?: number;
}

export interface AudienceResult {
  orgUsers: number;
  readers: number;
  tasks: number;
  latency: LatencySummary;
  latencyRate: number;
  /** Changes a second that reached all three readers, in the throughput run. */
  throughput: number;
  sent: number;
  incomplete: number;
  ackErrors: number;
  firstError?: string;
}

interface Task {
  id: number;
  writer: number;
  readers: number[];
}

/** Sends changes and counts, per change, the readers that got it. */
class Tracker {
  private pending = new Map<string, { t0: number; left: number }>();
  readonly latency = new Samples();
  completed = 0;
  ackErrors = 0;
  firstError?: string;

  constructor(sockets: Sock[]) {
    for (const s of sockets) {
      s.on("entities.change", (c: EntityChange) => {
        if (c.table !== "tasks" || c.op !== "update") return;
        const p = this.pending.get(c.row.title);
        if (!p) return;
        if (--p.left === 0) {
          this.pending.delete(c.row.title);
          this.completed++;
          this.latency.add(performance.now() - p.t0);
        }
      });
    }
  }

  send(socket: Sock, task: Task, title: string): Promise<void> {
    this.pending.set(title, { t0: performance.now(), left: task.readers.length });
    return new Promise((resolve) => {
      (socket.emit as (...a: unknown[]) => void)("tasks.update", { id: task.id, title }, (ack: Ack) => {
        if (!ack.ok) {
          this.ackErrors++;
          this.firstError ??= ack.error;
          this.pending.delete(title);
        }
        resolve();
      });
    });
  }

  get incomplete(): number {
    return this.pending.size;
  }

  async drain(ms: number): Promise<void> {
    const end = performance.now() + ms;
    while (this.pending.size && performance.now() < end) await new Promise((r) => setTimeout(r, 20));
  }
}

async function addOthers(db: Db, n: number): Promise<void> {
  if (n <= 0) return;
  await sql`insert into users (email, full_name) select 'other-' || g || '@bench.test', 'Other ' || g from generate_series(1, ${n}) g`.execute(db);
}

async function makeTasks(db: Db, users: BenchUser[], count: number): Promise<Task[]> {
  const rows = Array.from({ length: count }, (_, i) => {
    const [w, a, b] = [i % users.length, (i + 1) % users.length, (i + 2) % users.length];
    return { title: `task ${i}`, created_by: users[w].email, assignee_email: users[a].email, assignee_emails: [users[a].email, users[b].email], readers: [w, a, b], writer: w };
  });
  const ids = await db
    .insertInto("tasks")
    .values(rows.map(({ readers: _r, writer: _w, ...t }) => t))
    .returning("id")
    .execute();
  return rows.map((r, i) => ({ id: ids[i].id, writer: r.writer, readers: r.readers }));
}

export async function runAudience(o: AudienceOptions): Promise<AudienceResult> {
  const readers = o.readers ?? 100;
  const fx = await createFixture(o.db, o.secret, { users: readers, roomSize: readers });
  await addOthers(o.db, o.others);
  const tasks = await makeTasks(o.db, fx.users, o.tasks ?? 300);
  await o.release();
  // No rate limit: the run measures the write path and the push, not the per-socket limiter.
  const app = await spawnServer("server/index.ts", { ...o.appEnv, SOCKET_RATE_PER_SEC: "100000", SOCKET_RATE_BURST: "100000" });
  const conn = await connectAll(app.url, fx.users, 50);
  const sockets = conn.sockets;
  try {
    if (conn.failed) throw new Error(`${conn.failed} sockets failed to connect`);
    const duration = o.durationMs ?? 5000;
    let n = 0;
    const next = () => tasks[n++ % tasks.length];
    const title = () => `u-${n}-${Math.random().toString(36).slice(2, 8)}`;

    // Warm up the code paths and the plans.
    const warm = new Tracker(sockets);
    for (let i = 0; i < 200; i++) {
      const t = next();
      await warm.send(sockets[t.writer], t, title());
    }
    await warm.drain(3000);
    for (const s of sockets) s.removeAllListeners("entities.change");

    // Latency at a fixed rate.
    const rate = o.rate ?? 200;
    const lat = new Tracker(sockets);
    const start = performance.now();
    let sent = 0;
    while (performance.now() - start < duration) {
      const due = Math.floor(((performance.now() - start) * rate) / 1000);
      while (sent < due) {
        const t = next();
        void lat.send(sockets[t.writer], t, title());
        sent++;
      }
      await new Promise((r) => setTimeout(r, 2));
    }
    await lat.drain(5000);
    for (const s of sockets) s.removeAllListeners("entities.change");

    // Throughput: `inFlight` writers, each sending its next change when the last one is acked.
    const thr = new Tracker(sockets);
    const tStart = performance.now();
    let stop = false;
    const writers = Array.from({ length: o.inFlight ?? 64 }, async () => {
      while (!stop) {
        const t = next();
        await thr.send(sockets[t.writer], t, title());
      }
    });
    await new Promise((r) => setTimeout(r, duration));
    const completedAtStop = thr.completed;
    const elapsed = (performance.now() - tStart) / 1000;
    stop = true;
    await Promise.all(writers);
    await thr.drain(5000);
    const orgUsers = readers + o.others;
    return {
      orgUsers,
      readers,
      tasks: tasks.length,
      latency: lat.latency.summary(),
      latencyRate: rate,
      throughput: completedAtStop / elapsed,
      sent: sent + thr.completed + thr.incomplete,
      incomplete: lat.incomplete + thr.incomplete,
      ackErrors: lat.ackErrors + thr.ackErrors,
      firstError: lat.firstError ?? thr.firstError,
    };
  } finally {
    closeAll(sockets);
    await app.stop();
  }
}
