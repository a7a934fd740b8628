import { type Kysely, sql } from "kysely";

// A meeting is a room keyed by its meeting id (docs/calls.md, "Meetings"): at most one live call per
// meeting, so two people joining at the same moment land in the same call. `media` says whether
// the call's media run browser to browser (mesh) or through the SFU (Janus). A meeting's
// organiser may let anyone in the organisation walk in with the link (`meeting_open`).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table call_history add column meeting_id text`.execute(db);
  await sql`alter table call_history add column media text not null default 'mesh' check (media in ('mesh','sfu'))`.execute(db);
  await sql`create unique index call_history_live_meeting_idx on call_history (meeting_id)
    where meeting_id is not null and status in ('initiated','ringing','connected')`.execute(db);
  await sql`alter table call_participants add column hand_raised_at timestamptz`.execute(db);
  // People added to a call that is going on ring from then, not from the call's start.
  await sql`alter table call_participants add column invited_at timestamptz`.execute(db);
  await sql`alter table calendar_events add column meeting_open boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table calendar_events drop column meeting_open`.execute(db);
  await sql`alter table call_participants drop column invited_at`.execute(db);
  await sql`alter table call_participants drop column hand_raised_at`.execute(db);
  await sql`drop index call_history_live_meeting_idx`.execute(db);
  await sql`alter table call_history drop column media`.execute(db);
  await sql`alter table call_history drop column meeting_id`.execute(db);
}
