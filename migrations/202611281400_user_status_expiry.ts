import { type Kysely, sql } from "kysely";

// A custom status that clears itself (docs/integrations.md, "Slash commands": `/status Lunch 1h`):
// when status_message stops showing. Nullable with no default, so adding it rewrites nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column if not exists status_expires_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column if exists status_expires_at`.execute(db);
}
