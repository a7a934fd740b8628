// The feed survives a crash: a burst of committed writes to several tables, the server killed with
// SIGKILL the moment the last one is acknowledged, started again; every reader's client then holds
// every committed change exactly once (rows merged by id, as the web client does), whether it got
// it pushed before the crash or by catching up after it (shared/feed.ts, the web client's code).
// One reader is offline for the whole burst, so everything it has comes through the catch-up.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { io } from "socket.io-client";
import { sql } from "kysely";
import crypto from "node:crypto";
import { FeedCursor } from "@shared/feed";
import type { EntityChange } from "@shared/realtime";
import { createTestDatabase } from "../test/harness";
import { startNode, stopNode, type Node } from "../test/nodes";
import type { ClientSocket } from "../test/clients";
import { openDb, type DbHandle } from "../db";
import { hashPassword } from "../auth/passwords";

const canRun = !!process.env.TEST_DATABASE_URL;

/** A reader's client: rows by table and id, kept current by pushes and catch-ups. */
class Reader {
  readonly rows = new Map<string, unknown>();
  readonly cursor = new FeedCursor();
  socket!: ClientSocket;
  caughtUp = 0;
  constructor(
    readonly token: string,
    readonly email: string,
  ) {}
  apply = (c: EntityChange) => {
    const key = `${c.table}:${c.id}`;
    if (c.op === "delete") this.rows.delete(key);
    else this.rows.set(key, c.row);
  };
  connect(url: string) {
    this.socket = io(url, { path: "/socket.io", transports: ["websocket"], auth: { token: this.token }, reconnectionDelay: 100, reconnectionDelayMax: 500, forceNew: true });
    this.socket.on("entities.change", (c) => {
      this.apply(c);
      this.cursor.advance(c.seq);
    });
    this.socket.on("disconnect", () => this.cursor.dropped());
    this.socket.on("session.ready", (s) => {
      this.cursor.start(s.seq);
      if (s.recovered) return this.cursor.recovered();
      void this.cursor
        .catchUp(async (since) => {
          const ack = await this.socket.timeout(5000).emitWithAck("changes.since", { since });
          if (!ack.ok) throw new Error(ack.error);
          return ack.data;
        }, this.apply, { baseMs: 100, maxMs: 500 })
        .then(() => this.caughtUp++);
    });
    return new Promise<void>((resolve) => this.socket.once("session.ready", () => resolve()));
  }
  ids(table: string): number[] {
    return [...this.rows.keys()].filter((k) => k.startsWith(`${table}:`)).map((k) => Number(k.split(":")[1])).sort((a, b) => a - b);
  }
}

describe.skipIf(!canRun)("change feed across a crash (postgres)", () => {
  let drop = async () => {};
  let handle: DbHandle;
  let node: Node | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    const t = await createTestDatabase();
    drop = t.drop;
    env = { DATABASE_URL: t.url, JWT_SECRET: crypto.randomBytes(24).toString("hex"), SEED_DEMO: "0", ADMIN_EMAIL: "admin@crash.test", ADMIN_PASSWORD: "crash-password-1" };
    node = await startNode(env, "crash-1");
    handle = await openDb({ databaseUrl: t.url, poolSize: 2 });
  }, 120_000);
  afterAll(async () => {
    await stopNode(node);
    await handle?.close();
    await drop();
  });

  const login = async (url: string, email: string, password: string) => {
    const res = await fetch(`${url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
    return ((await res.json()) as { accessToken: string }).accessToken;
  };

  it("delivers every committed change exactly once, pushed or caught up, after a SIGKILL", async () => {
    const url = node!.url;
    const password = "reader-password-1";
    const hash = await hashPassword(password);
    for (const who of ["ann", "ben", "cat"]) {
      await handle.db.insertInto("users").values({ email: `${who}@crash.test`, full_name: who, password_hash: hash }).execute();
    }
    const [ann, ben, cat] = await Promise.all(["ann", "ben", "cat"].map(async (w) => new Reader(await login(url, `${w}@crash.test`, password), `${w}@crash.test`)));
    const post = (token: string, path: string, body: unknown, method = "POST") =>
      fetch(`${url}/api/entities/${path}`, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) }).then(async (r) => {
        expect(r.status, `${method} ${path}`).toBeLessThan(300);
        return (await r.json()) as { id: number };
      });
    const room = await post(ann.token, "channels", { name: "crash-room", type: "private", members: [ben.email, cat.email] });
    await Promise.all([ann.connect(url), ben.connect(url), cat.connect(url)]);
    // Cat is away for the whole burst: all of it must come through the catch-up.
    cat.socket.disconnect();

    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 60; i++) writes.push(new Promise((res, rej) => ann.socket.timeout(10_000).emit("messages.create", { channel_id: room.id, content: `m${i}` }, (err: unknown, ack: { ok: boolean }) => (err || !ack.ok ? rej(err ?? ack) : res(ack)))));
    for (let i = 0; i < 15; i++) {
      writes.push(
        post(ann.token, "tasks", { title: `t${i}`, assignee_emails: [i % 2 ? ben.email : cat.email] }).then((t) =>
          i % 3 === 0 ? post(ann.token, `tasks/${t.id}`, { assignee_emails: [ann.email] }, "PATCH") : i % 3 === 1 ? post(ann.token, `tasks/${t.id}`, { status: "done" }, "PATCH") : t,
        ),
      );
      writes.push(post(ann.token, "calendar_events", { title: `e${i}`, start_datetime: "2030-01-01 09:00:00", end_datetime: "2030-01-01 10:00:00", attendees: [cat.email, ben.email] }));
    }
    const gone = await post(ann.token, "messages", { channel_id: room.id, content: "to be deleted" });
    writes.push(fetch(`${url}/api/entities/messages/${gone.id}`, { method: "DELETE", headers: { authorization: `Bearer ${ann.token}` } }));
    await Promise.all(writes);
    // Every write is acknowledged, so committed: kill the server now, pushes in flight or not.
    node!.proc.kill("SIGKILL");
    await new Promise((r) => node!.proc.once("exit", r));
    node = await startNode(env, "crash-2", Number(new URL(url).port));
    cat.connect(url);

    // What each reader may see, from the database itself.
    const truth = async (email: string) => ({
      messages: (await handle.db.selectFrom("messages").select("id").where("channel_id", "=", room.id).orderBy("id").execute()).map((r) => r.id),
      tasks: (
        await handle.db
          .selectFrom("tasks")
          .select("id")
          .where((eb) => eb.or([eb("created_by", "=", email), eb("assignee_emails", "@>", sql<string[]>`array[${email}]::text[]`)]))
          .orderBy("id")
          .execute()
      ).map((r) => r.id),
      calendar_events: (await handle.db.selectFrom("calendar_events").select("id").where((eb) => eb.or([eb("created_by", "=", email), eb("attendees", "@>", sql<string[]>`array[${email}]::text[]`)])).orderBy("id").execute()).map((r) => r.id),
    });
    const deadline = Date.now() + 30_000;
    for (const r of [ann, ben, cat]) {
      const want = await truth(r.email);
      for (;;) {
        const have = { messages: r.ids("messages"), tasks: r.ids("tasks"), calendar_events: r.ids("calendar_events") };
        if (JSON.stringify(have) === JSON.stringify(want) || Date.now() > deadline) {
          expect(have, r.email).toEqual(want);
          break;
        }
        await new Promise((res) => setTimeout(res, 100));
      }
    }
    expect(cat.caughtUp).toBeGreaterThan(0);
    // Rows as they are now: the task moved to Ann is gone for Ben and Cat, status changes arrived.
    const tasks = await handle.db.selectFrom("tasks").selectAll().execute();
    for (const t of tasks.filter((x) => x.status === "done")) {
      for (const r of [ann, ben, cat]) if (r.rows.has(`tasks:${t.id}`)) expect(r.rows.get(`tasks:${t.id}`)).toMatchObject({ status: "done" });
    }
    for (const r of [ann, ben, cat]) r.socket.close();
  }, 180_000);
});
