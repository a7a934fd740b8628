// Notifications survive crashes (docs/architecture.md, "Side effects"): two app nodes on a
// Postgres of their own, pushing to a real local push service (web-push-testing), take chat load
// over REST (direct messages and @mentions from several senders, some deleted again), and one of
// them is killed with SIGKILL at a random moment, again and again, and started again while the
// other serves. Once the load ends and the queue drains: every message acknowledged and not deleted
// has one notification item per person it concerns, none has two, no item holds a deleted
// message's text, and every push reached the push service once per job, or again only under the
// same Topic and tag (which replace rather than repeat).
import { mentionsAsText } from "@shared/mentions";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import webpush from "web-push";
import { openDb, type DbHandle } from "../../db";
import { createFixture, type BenchUser, type Fixture } from "../../test/fixture";
import { canRunChaos, sleep, startAppNode, startPostgres, stopAppNode, type AppNode, type PgCluster } from "../../chaos/procs";
import { startPushService, type PushService, type TestSubscription } from "../../test/push-service";
import { topicOf } from "./push";

const SECRET = "chaos-notify-crash-secret-0123456789";
const KILLS = 20;

interface Sent {
  id: number;
  channel: number;
  sender: number;
  content: string;
  /** Who the message concerns: the other person of a DM, or the one it mentions. */
  to: number;
}

describe.skipIf(!canRunChaos)("notifications across kill -9 of the app process", () => {
  let pg: PgCluster;
  let push: PushService;
  let handle: DbHandle;
  let fx: Fixture;
  const nodes: (AppNode | undefined)[] = [undefined, undefined];
  const ports: number[] = [];
  const subs = new Map<number, TestSubscription>();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-chaos-notify-"));
  let env: Record<string, string>;

  beforeAll(async () => {
    [pg, push] = await Promise.all([startPostgres(), startPushService()]);
    const vapid = webpush.generateVAPIDKeys();
    env = {
      DATABASE_URL: pg.url,
      JWT_SECRET: SECRET,
      SEED_DEMO: "0",
      DATA_DIR: dataDir,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      PUSH_ALLOW_HTTP: "1",
      PUSH_ALLOW_PRIVATE_ENDPOINTS: "1",
      NOTIFY_DELAY_MS: "50",
      NOTIFY_SWEEP_MS: "100",
      FEED_CONSUMER_POLL_MS: "100",
    };
    nodes[0] = await startAppNode("n1", env); // migrates
    nodes[1] = await startAppNode("n2", env);
    ports.push(nodes[0].port, nodes[1].port);
    handle = await openDb({ databaseUrl: pg.url, poolSize: 2 });
    fx = await createFixture(handle.db, new TextEncoder().encode(SECRET), { users: 8, roomSize: 4 });
    for (const u of fx.users) {
      const s = await push.subscribe(vapid.publicKey);
      subs.set(u.id, s);
      await handle.db.insertInto("push_subscriptions").values({ user_id: u.id, session_id: null, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth }).execute();
    }
  }, 180_000);

  afterAll(async () => {
    for (const n of nodes) await stopAppNode(n);
    await handle?.close();
    await push?.close();
    await pg?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const live = () => nodes.filter((n): n is AppNode => !!n && n.proc.exitCode === null && n.proc.signalCode === null);
  const call = async (u: BenchUser, method: string, p: string, body?: unknown) => {
    const n = live()[Math.floor(Math.random() * live().length)];
    if (!n) throw new Error("no node");
    const res = await fetch(`${n.url}/api${p}`, {
      method,
      headers: { authorization: `Bearer ${u.token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as { id?: number } };
  };

  it("lists each notification once, withdraws deleted messages' and pushes each job once or under one topic", async () => {
    const users = fx.users;
    // Every pair of a room talks directly too.
    const dms: { channel: number; a: BenchUser; b: BenchUser }[] = [];
    for (const room of fx.rooms) {
      for (let i = 1; i < room.members.length; i++) {
        const a = users[room.members[0]];
        const b = users[room.members[i]];
        const dm = await call(a, "POST", "/channels/dm", { user_id: b.id });
        expect([200, 201]).toContain(dm.status);
        dms.push({ channel: dm.body.id!, a, b });
      }
    }
    const sent: Sent[] = [];
    const deleted = new Set<number>();
    let failures = 0;
    let running = true;
    // Senders: each room's members mention one another; each DM's people write to each other.
    const senders = users.map(async (me, k) => {
      const room = fx.rooms.find((r) => r.members.includes(k))!;
      const mine = dms.filter((d) => d.a === me || d.b === me);
      for (let n = 0; running; n++) {
        const dm = n % 2 === 0 && mine.length ? mine[n % mine.length] : null;
        const other = dm ? (dm.a === me ? dm.b : dm.a) : users[room.members.filter((i) => i !== k)[n % (room.members.length - 1)]];
        const content = dm ? `crash dm ${me.id} ${n} ${Math.random().toString(36).slice(2)}` : `crash @[Load](${other.email}) ${me.id} ${n} ${Math.random().toString(36).slice(2)}`;
        const channel = dm ? dm.channel : room.id;
        try {
          const r = await call(me, "POST", "/entities/messages", { channel_id: channel, content });
          if (r.status === 201 && r.body.id) {
            const s = { id: r.body.id, channel, sender: me.id, content, to: other.id };
            sent.push(s);
            // About one in six is deleted again: at once (racing the consumer) or a little later.
            if (Math.random() < 0.17) {
              if (Math.random() < 0.5) await sleep(Math.random() * 400);
              const d = await call(me, "DELETE", `/entities/messages/${s.id}`).catch(() => null);
              if (d?.status === 200) deleted.add(s.id);
            }
          } else failures++;
        } catch {
          failures++;
        }
        await sleep(60 + Math.random() * 80);
      }
    });

    // The crashes: each node is killed at a random moment and started again on its port, both at
    // once (so at times neither serves and posts fail), until there were KILLS kills.
    let kills = 0;
    const started = Date.now();
    await Promise.all(
      [0, 1].map(async (i) => {
        while (kills < KILLS) {
          await sleep(300 + Math.random() * 1200);
          kills++;
          const exited = new Promise((r) => nodes[i]!.proc.once("exit", r));
          nodes[i]!.proc.kill("SIGKILL");
          await exited;
          nodes[i] = await startAppNode(`n${i + 1}`, env, ports[i]);
          console.log(`kill ${kills} of n${i + 1} at ${Math.round((Date.now() - started) / 1000)} s, ${sent.length} acknowledged`);
        }
      }),
    );
    running = false;
    await Promise.all(senders);

    // Jobs claimed by a node that was killed come back when their lease runs out (a minute);
    // the test moves that moment to now instead of waiting for it.
    await sleep(1000);
    await sql`update notification_jobs set next_attempt_at = now() where status = 'pending' and attempts > 0`.execute(handle.db);
    const end = Date.now() + 60_000;
    for (;;) {
      const pending = await sql<{ n: number }>`select count(*)::int as n from notification_jobs where status = 'pending'`.execute(handle.db);
      const behind = await sql<{ n: number }>`
        select count(*)::int as n from changes ch, feed_consumers c where c.name = 'notifications.enqueue' and ch.tx >= c.cursor_tx and (ch.tx, ch.seq) > (c.cursor_tx, c.cursor_seq)`.execute(handle.db);
      if ((pending.rows[0].n === 0 && behind.rows[0].n === 0) || Date.now() > end) break;
      await sleep(200);
    }

    // What is: the messages as stored, the message jobs and their items.
    const stored = new Map((await handle.db.selectFrom("messages").select(["id", "deleted_at"]).execute()).map((m) => [m.id, m]));
    const isLive = (id: number) => !!stored.get(id) && !stored.get(id)!.deleted_at;
    const jobs = (await sql<{ id: number; user_id: number; message_id: string; key: string; status: string; outcome: string }>`
      select id, user_id, payload->>'message_id' as message_id, key, status, outcome from notification_jobs where kind = 'message'`.execute(handle.db)).rows;
    const items = (await sql<{ job_id: number; user_id: number; body: string; message_id: string }>`
      select n.job_id, n.user_id, n.body, j.payload->>'message_id' as message_id from notifications n join notification_jobs j on j.id = n.job_id where n.kind = 'message'`.execute(handle.db)).rows;
    const itemsOf = new Map<string, number>();
    for (const it of items) itemsOf.set(`${it.message_id}:${it.user_id}`, (itemsOf.get(`${it.message_id}:${it.user_id}`) ?? 0) + 1);
    const jobsOf = new Map<string, number>();
    for (const j of jobs) jobsOf.set(`${j.message_id}:${j.user_id}`, (jobsOf.get(`${j.message_id}:${j.user_id}`) ?? 0) + 1);

    const expected = sent.filter((s) => isLive(s.id));
    const missingItems = expected.filter((s) => itemsOf.get(`${s.id}:${s.to}`) !== 1).map((s) => ({ ...s, items: itemsOf.get(`${s.id}:${s.to}`) ?? 0, jobs: jobs.filter((j) => Number(j.message_id) === s.id) }));
    const twice = [...itemsOf.entries(), ...jobsOf.entries()].filter(([, n]) => n > 1);
    const gone = sent.filter((s) => !isLive(s.id));
    // As an item would say it (a mention's token shown as the name).
    const goneTexts = new Set(gone.map((s) => mentionsAsText(s.content).slice(0, 60)));
    const leaked = items.filter((it) => !isLive(Number(it.message_id)) || [...goneTexts].some((t) => it.body.includes(t)));

    // Pushes: each job that says it pushed reached its person's browser under its own topic; any
    // arrival more than once came under the same topic (and tag), so it replaced the first.
    const pushed = jobs.filter((j) => j.status === "done" && j.outcome === "sent 1");
    let arrivals = 0;
    let repeats = 0;
    const unpushed: unknown[] = [];
    const strangers: unknown[] = [];
    for (const u of users) {
      const topics = push.topics(subs.get(u.id)!.clientHash);
      const payloads = (await push.messages(subs.get(u.id)!.clientHash)).map((m) => JSON.parse(m) as { tag: string; kind: string });
      arrivals += topics.length;
      repeats += topics.length - new Set(topics).size;
      const mine = new Set(pushed.filter((j) => j.user_id === u.id).map((j) => topicOf(j.key)));
      for (const t of mine) if (!topics.includes(t)) unpushed.push({ user: u.id, topic: t });
      const known = new Set(jobs.filter((j) => j.user_id === u.id).map((j) => topicOf(j.key)));
      for (const t of topics) if (!known.has(t)) strangers.push({ user: u.id, topic: t });
      for (const p of payloads) expect(p.tag).toMatch(/^channel-\d+$/);
    }

    const figures = { kills, acknowledged: sent.length, failed: failures, deleted: gone.length, deletedAcknowledged: deleted.size, expected: expected.length, jobs: jobs.length, items: items.length, pushedJobs: pushed.length, arrivals, repeats };
    console.log("crash figures", JSON.stringify(figures));
    expect(sent.length).toBeGreaterThan(100);
    expect(gone.length).toBeGreaterThan(5);
    expect(missingItems).toEqual([]);
    expect(twice).toEqual([]);
    expect(leaked).toEqual([]);
    expect(unpushed).toEqual([]);
    expect(strangers).toEqual([]);
    // Every live item's push reached the service (the recipients' preference allows DMs and mentions).
    expect(pushed.length).toBeGreaterThanOrEqual(expected.length);
  }, 420_000);
});
