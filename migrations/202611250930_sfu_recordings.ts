import { type Kysely, sql } from "kysely";

// Server-side recordings of calls through the SFU (docs/calls.md, "Recording"): Janus writes one .mjr
// file per publisher stream into rec_dir; when the recording stops (or the call ends) one node
// claims the row (a lease, `for update skip locked`) and converts the files into the call's MP4.
// A node that dies mid-way leaves the lease to run out and another node finishes the job.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sfu_recordings (
      call_id text primary key references call_history(call_id) on delete cascade,
      room bigint not null,
      rec_dir text not null,
      status text not null default 'recording' check (status in ('recording', 'finishing', 'completed', 'failed')),
      owner_id integer references users(id) on delete set null,
      node_id text,
      lease_until timestamptz,
      files jsonb not null default '[]'::jsonb,
      error text,
      started_at timestamptz not null default now(),
      stopped_at timestamptz,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sfu_recordings_open on sfu_recordings (lease_until) where status in ('recording', 'finishing')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sfu_recordings`.execute(db);
}
