// The database part of a backup (docs/operations.md, "Backup and restore"): every table of the schema as JSON
// lines in Postgres' own JSON form (to_jsonb of the row), read in one repeatable-read snapshot, and
// the sequences' positions. Restore reads the rows back with jsonb_populate_recordset, so every
// type (timestamps, arrays, jsonb, uuid, bytea) comes back as it was, on PGlite and Postgres alike.
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { sql, type Transaction } from "kysely";
import type { Db } from "../../db";
import type { Database } from "../../db/schema";

type Trx = Transaction<Database>;

/** Kysely's own bookkeeping: the archive lists the migrations instead, and restore runs them. */
const SKIPPED = new Set(["kysely_migration", "kysely_migration_lock"]);
const PAGE = 1000;
const INSERT_BATCH = 500;

export interface TableDump {
  name: string;
  rows: number;
  /** The columns the rows carry (restore inserts only these; newer columns take their defaults). */
  columns: string[];
}

export interface DatabaseDump {
  migrations: string[];
  tables: TableDump[];
  sequences: { name: string; value: number | null }[];
}

async function tableNames(db: Db | Trx): Promise<string[]> {
  const r = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return r.rows.map((x) => x.name).filter((n) => !SKIPPED.has(n));
}

async function columnsOf(db: Db | Trx, table: string): Promise<{ name: string; generated: boolean; identityAlways: boolean }[]> {
  const r = await sql<{ name: string; is_generated: string; identity_generation: string | null }>`
    select column_name as name, is_generated, identity_generation from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
  return r.rows.map((c) => ({ name: c.name, generated: c.is_generated === "ALWAYS", identityAlways: c.identity_generation === "ALWAYS" }));
}

/** Parents before children, so foreign keys hold while rows go back in. */
async function inDependencyOrder(db: Db | Trx, tables: string[]): Promise<string[]> {
  const r = await sql<{ child: string; parent: string }>`
    select c.relname as child, p.relname as parent
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = current_schema()`.execute(db);
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of r.rows) if (e.child !== e.parent && parents.has(e.child) && parents.has(e.parent)) parents.get(e.child)!.add(e.parent);
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (t: string, path: Set<string>) => {
    if (seen.has(t) || path.has(t)) return;
    path.add(t);
    for (const p of parents.get(t) ?? []) visit(p, path);
    seen.add(t);
    out.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return out;
}

/**
 * Writes `database/<table>.jsonl` under `dir`. On Postgres from one consistent snapshot (a
 * repeatable-read, read-only transaction), so nodes may keep writing meanwhile. Embedded PGlite
 * is one connection that every query of the process shares, with no isolation between
 * "transactions" through Kysely: a read-only transaction there would abort on the first write a
 * background task makes, so the tables are read one after the other (stop the server for a
 * snapshot that is exact to the row; the Admin download of a running embedded install is not).
 */
export async function dumpDatabase(db: Db, dir: string, engine: "postgres" | "pglite"): Promise<DatabaseDump> {
  fs.mkdirSync(path.join(dir, "database"), { recursive: true });
  if (engine === "pglite") return dumpTables(db, dir);
  return db
    .transaction()
    .setIsolationLevel("repeatable read")
    .execute(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      return dumpTables(trx, dir);
    });
}

async function dumpTables(trx: Db | Trx, dir: string): Promise<DatabaseDump> {
  const migrations = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(trx)).rows.map((m) => m.name);
  const tables: TableDump[] = [];
  for (const name of await tableNames(trx)) {
    const out = fs.createWriteStream(path.join(dir, "database", `${name}.jsonl`));
    let rows = 0;
    for (let offset = 0; ; offset += PAGE) {
      // ctid order is stable inside one snapshot and needs no knowledge of each table's key.
      const page = await sql<{ r: unknown }>`select to_jsonb(t) as r from ${sql.table(name)} t order by ctid limit ${PAGE} offset ${offset}`.execute(trx);
      for (const { r } of page.rows) {
        if (!out.write(`${JSON.stringify(r)}\n`)) await new Promise((resolve) => out.once("drain", resolve));
      }
      rows += page.rows.length;
      if (page.rows.length < PAGE) break;
    }
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    tables.push({ name, rows, columns: (await columnsOf(trx, name)).map((c) => c.name) });
  }
  const seqs = await sql<{ name: string; value: string | number | null }>`
    select sequencename as name, last_value as value from pg_sequences where schemaname = current_schema() order by sequencename`.execute(trx);
  return { migrations, tables, sequences: seqs.rows.map((s) => ({ name: s.name, value: s.value === null ? null : Number(s.value) })) };
}

/** Whether the database holds any account: restore refuses to overwrite a live install unless forced. */
export async function hasUsers(db: Db): Promise<boolean> {
  const r = await sql<{ n: number }>`select count(*)::int as n from users`.execute(db);
  return Number(r.rows[0]?.n ?? 0) > 0;
}

async function* jsonLines(file: string): AsyncGenerator<Record<string, unknown>> {
  if (!fs.existsSync(file)) return;
  const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) yield JSON.parse(line) as Record<string, unknown>;
}

/**
 * Replaces every table's rows with the dump's, in one transaction (a failed restore changes
 * nothing): tables are emptied, rows inserted parents first, sequences set where they stood.
 */
export async function restoreDatabase(db: Db, dir: string, dump: DatabaseDump): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const present = await tableNames(trx);
    if (present.length) await sql`truncate ${sql.join(present.map((t) => sql.table(t)))} restart identity cascade`.execute(trx);
    const known = new Map(dump.tables.map((t) => [t.name, t]));
    for (const name of await inDependencyOrder(trx, present)) {
      const t = known.get(name);
      if (!t || t.rows === 0) continue;
      const cols = await columnsOf(trx, name);
      const insertable = cols.filter((c) => !c.generated && t.columns.includes(c.name)).map((c) => c.name);
      const overriding = cols.some((c) => c.identityAlways) ? sql`overriding system value` : sql``;
      const list = sql.join(insertable.map((c) => sql.ref(c)));
      let batch: Record<string, unknown>[] = [];
      const flush = async () => {
        if (!batch.length) return;
        const json = JSON.stringify(batch);
        await sql`insert into ${sql.table(name)} (${list}) ${overriding} select ${list} from jsonb_populate_recordset(null::${sql.table(name)}, ${json}::jsonb)`.execute(trx);
        batch = [];
      };
      for await (const row of jsonLines(path.join(dir, "database", `${name}.jsonl`))) {
        batch.push(row);
        if (batch.length >= INSERT_BATCH) await flush();
      }
      await flush();
    }
    for (const s of dump.sequences) {
      if (s.value === null) continue;
      await sql`select setval(${s.name}::regclass, ${s.value}, true)`.execute(trx);
    }
  });
}
