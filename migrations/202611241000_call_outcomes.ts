import { type Kysely, sql } from "kysely";

// What happened to a call that never connected, so its history says so: the caller hung up
// while it rang (cancelled), or nobody could be rung because everyone was busy. A person who
// was turned away because they were busy is `busy`, not `rejected` (they declined nothing).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table call_history add column end_reason text check (end_reason in ('cancelled','busy','declined'))`.execute(db);
  await sql`alter table call_participants drop constraint call_participants_status_check`.execute(db);
  await sql`alter table call_participants add constraint call_participants_status_check
    check (status in ('invited','ringing','joined','rejected','missed','left','busy'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update call_participants set status = 'rejected' where status = 'busy'`.execute(db);
  await sql`alter table call_participants drop constraint call_participants_status_check`.execute(db);
  await sql`alter table call_participants add constraint call_participants_status_check
    check (status in ('invited','ringing','joined','rejected','missed','left'))`.execute(db);
  await sql`alter table call_history drop column end_reason`.execute(db);
}
