import { type Kysely, sql } from "kysely";

// The newest page of a channel's history (`where channel_id = N order by created_at desc, id desc
// limit 50`, the list query's order with its id tiebreak) is read straight from this index, whatever
// the traffic in other channels. The old (channel_id, created_at desc) index could not serve the id
// tiebreak, so with busy channels elsewhere the planner walked the primary key backwards instead.
// Sorting by created_date stays exact (seeded or imported messages may have ids out of time order).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists messages_channel_time_id_idx on messages (channel_id, created_at desc, id desc)`.execute(db);
  await sql`drop index if exists messages_channel_time_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists messages_channel_time_idx on messages (channel_id, created_at desc)`.execute(db);
  await sql`drop index if exists messages_channel_time_id_idx`.execute(db);
}
