import { type Kysely, sql } from "kysely";

// The meeting's chat (docs/calls.md, "Meetings"): for now a private channel per meeting, linked here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table meeting_channels (
      meeting_id text primary key,
      channel_id integer not null references channels(id) on delete cascade
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table meeting_channels`.execute(db);
}
