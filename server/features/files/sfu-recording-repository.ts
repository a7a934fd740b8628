// The SQL of server recordings of SFU calls (table sfu_recordings): the job row, its lease and
// the claim that hands a job nobody is finishing to exactly one node (`for update skip locked`,
// as the notification queue does; docs/architecture.md "Several nodes").
import { sql, type Selectable } from "kysely";
import type { Db } from "../../db";
import type { SfuRecordingsTable } from "../../db/schema";

export type SfuRecording = Selectable<SfuRecordingsTable>;

const ms = (n: number) => sql`${`${Math.round(n)} milliseconds`}::interval`;

/** A new recording of the call (a call recorded again starts a new job in a new directory). */
export async function upsertSfuRecording(db: Db, row: { call_id: string; room: number; rec_dir: string; owner_id: number }): Promise<void> {
  await db
    .insertInto("sfu_recordings")
    .values({ ...row, status: "recording" })
    .onConflict((oc) =>
      oc.column("call_id").doUpdateSet({ room: row.room, rec_dir: row.rec_dir, owner_id: row.owner_id, status: "recording", node_id: null, lease_until: null, files: "[]", error: null, started_at: sql`now()`, stopped_at: null, updated_at: sql`now()` }),
    )
    .execute();
}

export async function deleteSfuRecording(db: Db, callId: string): Promise<void> {
  await db.deleteFrom("sfu_recordings").where("call_id", "=", callId).execute();
}

export async function findSfuRecording(db: Db, callId: string): Promise<SfuRecording | undefined> {
  return db.selectFrom("sfu_recordings").selectAll().where("call_id", "=", callId).executeTakeFirst();
}

/** Stop: recording → finishing, leased to this node; undefined when it is not recording (any more). */
export async function claimStop(db: Db, callId: string, nodeId: string, leaseMs: number): Promise<SfuRecording | undefined> {
  return db
    .updateTable("sfu_recordings")
    .set({ status: "finishing", node_id: nodeId, lease_until: sql`now() + ${ms(leaseMs)}`, stopped_at: sql`now()`, updated_at: sql`now()` })
    .where("call_id", "=", callId)
    .where("status", "=", "recording")
    .returningAll()
    .executeTakeFirst();
}

/**
 * Jobs nobody is finishing, claimed for this node: a conversion whose lease ran out (its node
 * died or restarted), or a recording still on `graceMs` after its call ended (the node that
 * ended the call went away before stopping it).
 */
export async function claimAbandoned(db: Db, nodeId: string, leaseMs: number, graceMs: number, limit = 3): Promise<SfuRecording[]> {
  const res = await sql<SfuRecording>`
    update sfu_recordings r
       set status = 'finishing', node_id = ${nodeId}, lease_until = now() + ${ms(leaseMs)},
           stopped_at = coalesce(r.stopped_at, now()), updated_at = now()
      from (select s.call_id from sfu_recordings s join call_history c on c.call_id = s.call_id
             where (s.status = 'finishing' and s.lease_until < now())
                or (s.status = 'recording' and c.status in ('ended', 'missed', 'rejected') and c.ended_at < now() - ${ms(graceMs)})
             order by s.updated_at
             limit ${limit}
             for update of s skip locked) due
     where r.call_id = due.call_id
    returning r.*`.execute(db);
  return res.rows;
}

/** Keeps this node's lease; false when the job is no longer this node's. */
export async function renewLease(db: Db, callId: string, nodeId: string, leaseMs: number): Promise<boolean> {
  const res = await db
    .updateTable("sfu_recordings")
    .set({ lease_until: sql`now() + ${ms(leaseMs)}`, updated_at: sql`now()` })
    .where("call_id", "=", callId)
    .where("node_id", "=", nodeId)
    .where("status", "=", "finishing")
    // `returning`, not the count of updated rows: the embedded database's driver does not report it.
    .returning("call_id")
    .executeTakeFirst();
  return res !== undefined;
}

export async function setJobFiles(db: Db, callId: string, files: string[]): Promise<void> {
  await db.updateTable("sfu_recordings").set({ files: JSON.stringify(files), updated_at: sql`now()` }).where("call_id", "=", callId).execute();
}

/** The end of a job this node holds; false when another node took it over meanwhile. */
export async function endJob(db: Db, callId: string, nodeId: string, status: "completed" | "failed", error: string | null): Promise<boolean> {
  const res = await db
    .updateTable("sfu_recordings")
    .set({ status, error, lease_until: null, updated_at: sql`now()` })
    .where("call_id", "=", callId)
    .where("node_id", "=", nodeId)
    .where("status", "=", "finishing")
    // `returning`, not the count of updated rows: the embedded database's driver does not report it.
    .returning("call_id")
    .executeTakeFirst();
  return res !== undefined;
}
