import { type Kysely, sql } from "kysely";

// Organisation-wide settings an admin changes at run time (who may invite people, ...),
// one JSON value per key so a new setting needs no new column.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table app_settings (
      key text primary key,
      value jsonb not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table app_settings`.execute(db);
}
