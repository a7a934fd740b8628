// SQL of the operations endpoints: the readiness probe and the deployment-wide counts that
// /metrics reports.
import { sql } from "kysely";
import type { Db } from "../db";
import type { DbCounts } from "./metrics";

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

export async function readDbCounts(db: Db): Promise<DbCounts> {
  const [active, recordings] = await Promise.all([
    db
      .selectFrom("call_history")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "in", ["initiated", "ringing", "connected"])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("call_history")
      .select(["recording_status", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("recording_status")
      .execute(),
  ]);
  return {
    // Every call is a mesh until calls record their mode.
    callsActive: { mesh: Number(active.n), sfu: 0 },
    recordings: Object.fromEntries(recordings.map((r) => [r.recording_status, Number(r.n)])),
  };
}
