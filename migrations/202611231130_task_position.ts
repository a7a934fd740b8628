import { type Kysely, sql } from "kysely";

// Where a task stands within its status column on the board: a fraction, so a task dropped
// between two others takes the midpoint and no other row is rewritten.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tasks add column position double precision not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tasks drop column position`.execute(db);
}
