import { type Kysely, sql } from "kysely";

// The day presence last turned for Time Off (server/features/presence/time-off.ts): one row from the
// start, so taking the day's turn is a conditional update that one node wins, and the server never
// adds a row of its own while it runs.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into app_settings (key, value) values ('time_off_presence_day', to_jsonb(''::text)) on conflict (key) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from app_settings where key = 'time_off_presence_day'`.execute(db);
}
