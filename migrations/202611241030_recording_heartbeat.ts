import { type Kysely, sql } from "kysely";

// A recording being converted is kept alive by its node's heartbeat; when a node dies (or
// restarts) mid-way, another node sees the heartbeat stop and finishes it (docs/calls.md, "Recording").
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table call_history add column recording_heartbeat_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table call_history drop column recording_heartbeat_at`.execute(db);
}
