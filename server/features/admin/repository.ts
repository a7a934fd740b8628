// SQL behind the Admin Settings tabs: sessions and database figures (the backup is server/ops/backup).
import { sql } from "kysely";
import type { Db } from "../../db";

/** The tables the Database tab counts. */
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
