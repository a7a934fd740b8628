import { type Kysely, sql } from "kysely";

// Users are deactivated, never deleted: ownership is recorded as e-mail
// text across the tables, so a row that stays keeps its e-mail from being taken by a new account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column is_active boolean not null default true`.execute(db);
  await sql`alter table users add column deactivated_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column deactivated_at`.execute(db);
  await sql`alter table users drop column is_active`.execute(db);
}
