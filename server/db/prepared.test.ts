// Prepared hot statements (./prepared.ts) on a real Postgres: marked statements are prepared once
// per connection and planned no more; others are not; a migration that changes a prepared
// statement's result columns fails it once, then it is prepared again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { openDb, type DbHandle } from "./index";
import { HOT } from "./prepared";
import { createTestDatabase } from "../test/harness";

describe.skipIf(!process.env.TEST_DATABASE_URL)("prepared hot statements", () => {
  let handle: DbHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const made = await createTestDatabase();
    drop = made.drop;
    // One connection, so every statement below meets the same prepared statements.
    handle = await openDb({ databaseUrl: made.url, poolSize: 1 });
    await sql`create table notes_t (id serial primary key, body text)`.execute(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  const prepared = async () =>
    (await sql<{ statement: string; generic_plans: number; custom_plans: number }>`select statement, generic_plans, custom_plans from pg_prepared_statements`.execute(handle.db)).rows;

  it("prepares a marked statement once and keeps a generic plan after a few runs", async () => {
    for (let i = 0; i < 8; i++) {
      const r = await sql<{ id: number }>`${sql.raw(HOT)} insert into notes_t (body) values (${`note ${i}`}) returning id`.execute(handle.db);
      expect(r.rows[0].id).toBe(i + 1);
    }
    const list = (await prepared()).filter((p) => p.statement.startsWith(HOT));
    expect(list).toHaveLength(1);
    expect(list[0].generic_plans + list[0].custom_plans).toBe(8);
    expect(list[0].generic_plans).toBeGreaterThan(0);
  });

  it("leaves unmarked statements unprepared", async () => {
    await sql`select count(*) from notes_t where body like ${"note%"}`.execute(handle.db);
    expect((await prepared()).some((p) => p.statement.includes("count(*)"))).toBe(false);
  });

  it("fails once when a migration changed the result columns, then works under a new name", async () => {
    const read = () => sql<{ id: number }>`${sql.raw(HOT)} select * from notes_t where id = ${1}`.execute(handle.db);
    expect((await read()).rows[0]).toEqual({ id: 1, body: "note 0" });
    await sql`alter table notes_t add column title text`.execute(handle.db);
    await expect(read()).rejects.toThrow(/cached plan must not change result type/);
    expect((await read()).rows[0]).toEqual({ id: 1, body: "note 0", title: null });
  });
});
