import { type Kysely, sql } from "kysely";

// Resolving a thread (docs/threads.md): its root carries when it was resolved and by whom (an
// e-mail, as messages name people), both null while it is open. Written by `messages.resolve`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages add column if not exists resolved_at timestamptz, add column if not exists resolved_by text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages drop column if exists resolved_at, drop column if exists resolved_by`.execute(db);
}
