import { type Kysely, sql } from "kysely";

// A participant's presence in a call (docs/calls.md): `detached_at` is when the last socket
// holding their place in the call went (a closed tab, a reload, a dropped connection); every
// node's calls sweep lets them leave once it is older than CALL_LEAVE_GRACE_MS, unless a socket
// of theirs has taken the call back. `muted` is their
// microphone as they last set it (`calls.mute`), shown to the others on their tile.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table call_participants add column if not exists detached_at timestamptz, add column if not exists muted boolean not null default false`.execute(db);
  // The sweep looks for marked rows every second: only those few are indexed.
  await sql`create index if not exists call_participants_detached_idx on call_participants (detached_at) where detached_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists call_participants_detached_idx`.execute(db);
  await sql`alter table call_participants drop column if exists detached_at, drop column if exists muted`.execute(db);
}
