// SQL behind the Admin Settings tabs: sessions, database figures and the backup.
import { sql } from "kysely";
import type { Db } from "../../db";

/** The tables a backup holds and the Database tab counts, parents before children. */
export const BACKUP_TABLES = [
  "users",
  "sessions",
  "invitations",
  "app_settings",
  "channels",
  "messages",
  "tasks",
  "calendar_events",
  "notes",
  "approval_requests",
  "resources",
  "stored_files",
  "shared_files",
  "org_storage_config",
  "call_history",
  "call_participants",
] as const;

export async function activeSessions(db: Db) {
  return db
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select(["s.id", "s.user_id", "s.created_at", "s.expires_at", "u.full_name", "u.email"])
    .where("s.revoked_at", "is", null)
    .where("s.expires_at", ">", new Date())
    .orderBy("s.created_at", "desc")
    .limit(500)
    .execute();
}

export async function revokeSessionById(db: Db, id: string): Promise<boolean> {
  const r = await db.updateTable("sessions").set({ revoked_at: new Date() }).where("id", "=", id).where("revoked_at", "is", null).returning("id").executeTakeFirst();
  return !!r;
}

async function existingTables(db: Db): Promise<Set<string>> {
  const r = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = current_schema()`.execute(db);
  return new Set(r.rows.map((x) => x.table_name));
}

export async function databaseFacts(db: Db) {
  const size = await sql<{ bytes: string | number }>`select pg_database_size(current_database()) as bytes`.execute(db);
  const present = await existingTables(db);
  const counts: { table: string; rows: number }[] = [];
  for (const t of BACKUP_TABLES) {
    if (!present.has(t)) continue;
    const c = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(t)}`.execute(db);
    counts.push({ table: t, rows: Number(c.rows[0]?.n ?? 0) });
  }
  const mig = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc`.execute(db);
  return {
    size_bytes: Number(size.rows[0]?.bytes ?? 0),
    tables: counts,
    migration_version: mig.rows[0]?.name ?? null,
    migrations_applied: mig.rows.length,
  };
}

/**
 * Writes every table as JSON through `write`, inside one REPEATABLE READ read-only transaction,
 * so the backup is one consistent snapshot even while people keep working. Rows are read in
 * pages by primary key order so memory stays at one page.
 */
export async function writeBackup(db: Db, write: (chunk: string) => Promise<void>): Promise<void> {
  const present = await existingTables(db);
  await db
    .transaction()
    .setIsolationLevel("repeatable read")
    .execute(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      const mig = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(trx);
      await write(`{"format":"teamspace-backup","version":1,"created_at":${JSON.stringify(new Date().toISOString())},"migrations":${JSON.stringify(mig.rows.map((m) => m.name))},"tables":{`);
      let firstTable = true;
      for (const t of BACKUP_TABLES) {
        if (!present.has(t)) continue;
        await write(`${firstTable ? "" : ","}${JSON.stringify(t)}:[`);
        firstTable = false;
        const page = 1000;
        let first = true;
        for (let offset = 0; ; offset += page) {
          // ctid order is stable inside one snapshot and needs no knowledge of each table's key.
          const rows = await sql<Record<string, unknown>>`select * from ${sql.table(t)} order by ctid limit ${page} offset ${offset}`.execute(trx);
          for (const row of rows.rows) {
            if (t === "users") delete row.password_hash;
            await write(`${first ? "" : ","}${JSON.stringify(row)}`);
            first = false;
          }
          if (rows.rows.length < page) break;
        }
        await write("]");
      }
      await write("}}");
    });
}
