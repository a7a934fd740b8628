import { describe, it, expect } from "vitest";
import { sql } from "kysely";
import { openDb } from "./index";

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
});
