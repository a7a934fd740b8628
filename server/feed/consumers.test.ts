// Durable feed consumers (./consumers.ts): records handled once in commit order with their effects
// committed with the cursor, a transaction that drew a smaller seq but committed later not passed
// over, one owner across two nodes, retries with backoff and dead letters an admin can retry.
import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { sql } from "kysely";
import pino from "pino";
import { openDb, migrate, type DbHandle } from "../db";
import { createTestDatabase, ENGINES, type Engine } from "../test/harness";
import { pgliteTemplate } from "../test/pglite-template";
import { headSeq, insertChanges, pruneChanges } from "./repository";
import { DEAD_AFTER, SPLIT_AFTER, retryDeadLetter, stepConsumer, type FeedConsumer, type FeedRecord } from "./consumers";
import { consumerStatus, ensureConsumer, pendingUpTo } from "./consumers.repository";
import type { DbLike } from "../entities/repository";

const log = pino({ level: "silent" });

async function open(engine: Engine): Promise<{ h: DbHandle; url?: string; drop: () => Promise<void> }> {
  if (engine === "pglite") {
    const h = await openDb({ pgliteDump: await pgliteTemplate() });
    await migrate(h.db);
    return { h, drop: async () => {} };
  }
  const t = await createTestDatabase();
  const h = await openDb({ databaseUrl: t.url, poolSize: 4 });
  await migrate(h.db);
  return { h, url: t.url, drop: t.drop };
}

/** A consumer that writes what it saw into a table of its own, in the cursor's transaction. */
function recorder(name: string, opts: { failOn?: (r: FeedRecord) => boolean } = {}): FeedConsumer {
  return {
    name,
    tables: ["tasks"],
    batch: 50,
    async handle(trx: DbLike, records: FeedRecord[]) {
      for (const r of records) {
        if (opts.failOn?.(r)) throw new Error(`cannot handle ${r.row_id}`);
        await sql`insert into consumer_seen (consumer, row_id) values (${name}, ${r.row_id})`.execute(trx);
      }
    },
  };
}

const seen = async (db: DbLike, name: string) =>
  (await sql<{ row_id: number }>`select row_id from consumer_seen where consumer = ${name} order by id`.execute(db)).rows.map((r) => Number(r.row_id));

/**
 * Steps the consumer until it has read everything committed before the call. A record is
 * readable only once every older transaction of the server has ended, and other test files'
 * databases on the same server share its transaction ids: "idle" may mean "not yet".
 */
async function drain(ctx: { db: DbHandle["db"]; log: typeof log }, c: FeedConsumer) {
  const head = await headSeq(ctx.db);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const r = await stepConsumer(ctx, c);
    if (r.state === "moved") continue;
    if (r.state !== "idle" || !(await pendingUpTo(ctx.db, [c.name], head)) || Date.now() > deadline) return;
    await new Promise((res) => setTimeout(res, 25));
  }
}

describe.each(ENGINES)("feed consumers (%s)", (engine) => {
  let h: DbHandle;
  let url: string | undefined;
  let drop: () => Promise<void>;
  beforeEach(async () => {
    ({ h, url, drop } = await open(engine));
    await sql`create table consumer_seen (id bigserial primary key, consumer text, row_id bigint)`.execute(h.db);
  });
  afterEach(async () => {
    await h.close();
    await drop();
  });

  it("starts at the head, then handles each later record once, in order, with its effects committed with the cursor", async () => {
    await insertChanges(h.db, [{ tbl: "tasks", op: "create", row_id: 1, audience: [] }]);
    const c = recorder("a");
    await ensureConsumer(h.db, c.name);
    await insertChanges(h.db, [2, 3, 4].map((row_id) => ({ tbl: "tasks" as const, op: "create" as const, row_id, audience: [] })));
    await insertChanges(h.db, [{ tbl: "messages", op: "create", row_id: 99, audience: [] }]);
    await insertChanges(h.db, [{ tbl: "tasks", op: "update", row_id: 5, audience: [] }]);
    await drain({ db: h.db, log }, c);
    expect(await seen(h.db, "a")).toEqual([2, 3, 4, 5]);
    await drain({ db: h.db, log }, c);
    expect(await seen(h.db, "a")).toEqual([2, 3, 4, 5]);
    const status = await consumerStatus(h.db);
    expect(status.consumers.find((x) => x.name === "a")).toMatchObject({ behind: 0, failures: 0 });
  });

  it("retries a failing record with backoff, then keeps it as a dead letter and moves on; an admin's retry handles it", async () => {
    let broken = true;
    const c = recorder("b", { failOn: (r) => broken && r.row_id === 2 });
    await ensureConsumer(h.db, c.name);
    await insertChanges(h.db, [1, 2, 3].map((row_id) => ({ tbl: "tasks" as const, op: "create" as const, row_id, audience: [] })));
    for (let i = 0; i < SPLIT_AFTER + DEAD_AFTER + 1; i++) {
      await drain({ db: h.db, log }, c);
      // Skip the backoff rather than wait for it.
      await sql`update feed_consumers set retry_at = null where name = 'b'`.execute(h.db);
    }
    await drain({ db: h.db, log }, c);
    expect(await seen(h.db, "b")).toEqual([1, 3]);
    const { dead_letters } = await consumerStatus(h.db);
    expect(dead_letters).toHaveLength(1);
    expect(dead_letters[0]).toMatchObject({ consumer: "b", row_id: 2, error: "cannot handle 2" });
    expect(await retryDeadLetter({ db: h.db }, [c], dead_letters[0].id)).toEqual({ ok: false, error: "cannot handle 2" });
    broken = false;
    expect(await retryDeadLetter({ db: h.db }, [c], dead_letters[0].id)).toEqual({ ok: true });
    expect(await seen(h.db, "b")).toEqual([1, 3, 2]);
  });

  it("keeps the records a consumer has not read when the feed is pruned, up to the hard cap", async () => {
    await insertChanges(h.db, [{ tbl: "tasks", op: "create", row_id: 1, audience: [] }]);
    const c = recorder("p");
    await ensureConsumer(h.db, c.name);
    await insertChanges(h.db, [2, 3].map((row_id) => ({ tbl: "tasks" as const, op: "create" as const, row_id, audience: [] })));
    await sql`update changes set created_at = now() - interval '3 days'`.execute(h.db);
    const ids = async () => (await sql<{ row_id: number }>`select row_id from changes order by seq`.execute(h.db)).rows.map((r) => Number(r.row_id));
    const dayAgo = new Date(Date.now() - 86_400_000);
    // Record 1 came before the consumer: it goes; 2 and 3 wait for it.
    expect(await pruneChanges(h.db, dayAgo)).toBe(1);
    expect(await ids()).toEqual([2, 3]);
    await drain({ db: h.db, log }, c);
    expect(await seen(h.db, "p")).toEqual([2, 3]);
    await insertChanges(h.db, [{ tbl: "tasks", op: "create", row_id: 4, audience: [] }]);
    await sql`update changes set created_at = now() - interval '3 days' where row_id = 4`.execute(h.db);
    // Read now: 2 and 3 go; 4 is unread, and older than a cap of two days: it goes too.
    expect(await pruneChanges(h.db, dayAgo, 100, new Date(Date.now() - 2 * 86_400_000))).toBe(3);
    expect(await ids()).toEqual([]);
  });

  it.skipIf(engine !== "postgres")("never passes over a transaction that drew a smaller seq but committed later", async () => {
    const c = recorder("c");
    await ensureConsumer(h.db, c.name);
    const other = await openDb({ databaseUrl: url, poolSize: 2 });
    try {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let drew!: () => void;
      const drawn = new Promise<void>((r) => (drew = r));
      // The slow transaction takes seq first and commits last.
      const slow = other.db.transaction().execute(async (trx) => {
        await insertChanges(trx, [{ tbl: "tasks", op: "create", row_id: 10, audience: [] }]);
        drew();
        await gate;
      });
      await drawn;
      await insertChanges(h.db, [{ tbl: "tasks", op: "create", row_id: 11, audience: [] }]);
      await drain({ db: h.db, log }, c);
      // 11 committed, but a transaction older than it is still running: nothing is final yet.
      expect(await seen(h.db, "c")).toEqual([]);
      release();
      await slow;
      // Both are final once every older transaction of the server has ended (other test files'
      // databases share the server's transaction ids): read until they arrive.
      const deadline = Date.now() + 15_000;
      while ((await seen(h.db, "c")).length < 2 && Date.now() < deadline) {
        await drain({ db: h.db, log }, c);
        await new Promise((r) => setTimeout(r, 25));
      }
      expect((await seen(h.db, "c")).sort()).toEqual([10, 11]);
    } finally {
      await other.close();
    }
  });

  it.skipIf(engine !== "postgres")("has one owner across two nodes: each record is handled once", async () => {
    const c = recorder("d");
    await ensureConsumer(h.db, c.name);
    const other = await openDb({ databaseUrl: url, poolSize: 4 });
    try {
      const ids = Array.from({ length: 300 }, (_, i) => i + 1);
      for (let i = 0; i < ids.length; i += 30) await insertChanges(h.db, ids.slice(i, i + 30).map((row_id) => ({ tbl: "tasks" as const, op: "create" as const, row_id, audience: [] })));
      const nodeA = { db: h.db, log };
      const nodeB = { db: other.db, log };
      const both = async (ctx: typeof nodeA) => {
        for (let i = 0; i < 200; i++) await stepConsumer(ctx, { ...c, batch: 7 });
      };
      await Promise.all([both(nodeA), both(nodeB)]);
      await drain(nodeA, c);
      expect(await seen(h.db, "d")).toEqual(ids);
    } finally {
      await other.close();
    }
  });
});
