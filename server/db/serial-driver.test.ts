import { describe, it, expect } from "vitest";
import { sql } from "kysely";
import { openDb, type SlowQuery } from "./index";
import type { SessionStall } from "./serial-driver";

describe("embedded database: one transaction at a time on its one session", () => {
  it("keeps two requests' transactions apart: one rolls back, the other commits, neither sees the other half-done", async () => {
    const { db, close } = await openDb({});
    try {
      await sql`create table t (v text)`.execute(db);
      let inside: string[] = [];
      const failing = db.transaction().execute(async (trx) => {
        await sql`insert into t values ('a')`.execute(trx);
        await new Promise((r) => setTimeout(r, 20));
        throw new Error("refused");
      });
      const other = db.transaction().execute(async (trx) => {
        await sql`insert into t values ('b')`.execute(trx);
        inside = (await sql<{ v: string }>`select v from t order by v`.execute(trx)).rows.map((r) => r.v);
      });
      await expect(failing).rejects.toThrow("refused");
      await other;
      expect(inside).toEqual(["b"]);
      expect((await sql<{ v: string }>`select v from t order by v`.execute(db)).rows.map((r) => r.v)).toEqual(["b"]);
    } finally {
      await close();
    }
  });

  it("reports a query that waits for a transaction: the waiter's code (inside the transaction's) and the holder's last query; then carries on once released", async () => {
    const stalls: SessionStall[] = [];
    const { db, close } = await openDb({ onStall: (s) => stalls.push(s), stallMs: 50 });
    try {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let waiting!: Promise<{ rows: { v: number }[] }>;
      const holding = db.transaction().execute(async function holdsTheSession(trx) {
        await sql`select 1`.execute(trx);
        // The outer db from inside a transaction: awaited here, it would wait for itself for good.
        waiting = (async function waitsForTheSession() {
          return sql<{ v: number }>`select 2 as v`.execute(db);
        })();
        await new Promise((r) => setTimeout(r, 10));
        await sql`select 3`.execute(trx);
        await gate;
      });
      while (stalls.length === 0) await new Promise((r) => setTimeout(r, 20));
      // A timer of 50 ms may fire a millisecond early by Date.now()'s reckoning.
      expect(stalls[0].waitedMs).toBeGreaterThanOrEqual(40);
      expect(stalls[0].heldMs).toBeGreaterThanOrEqual(stalls[0].waitedMs);
      expect(stalls[0].waiter).toContain("waitsForTheSession");
      expect(stalls[0].waiter).toContain("holdsTheSession");
      expect(stalls[0].holder).toContain("holdsTheSession");
      expect(stalls[0].holder).not.toContain("waitsForTheSession");
      release();
      await holding;
      expect((await waiting).rows).toEqual([{ v: 2 }]);
    } finally {
      await close();
    }
  });

  it("reports a statement of a second or more as a slow query, with its SQL and not its values", async () => {
    const slow: SlowQuery[] = [];
    const { db, close } = await openDb({ onSlowQuery: (q) => slow.push(q) });
    try {
      await sql`select ${"quick"} as v`.execute(db);
      await sql`select pg_sleep(${1.05}), ${"secret"} as v`.execute(db);
      expect(slow).toHaveLength(1);
      expect(slow[0].ms).toBeGreaterThanOrEqual(1000);
      expect(slow[0].sql).toContain("pg_sleep($1)");
      expect(JSON.stringify(slow)).not.toContain("secret");
    } finally {
      await close();
    }
  });
});
