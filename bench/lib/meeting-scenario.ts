// The meeting scenario's runs and report (bench.ts runs it alone: `--scenarios meeting`).
import { createFixture } from "../../server/test/fixture";
import { runMeeting, type MeetingResult } from "./meeting";
import { freshDatabase } from "./servers";
import { ms, table } from "./stats";

const sizes = (v: string | undefined) => String(v ?? "").split(",").map(Number).filter((n) => n >= 2);

/** Each size in a fresh database and a fresh app (and Janus), one after another. */
export async function meetingScenario(o: { sfu?: string; mesh?: string; measureSec: number; databaseUrl?: string; jwtSecret: string; say: (s: string) => void }): Promise<MeetingResult[]> {
  const runs = [
    ...sizes(o.sfu).map((n) => ({ media: "sfu" as const, n })),
    ...sizes(o.mesh).map((n) => ({ media: "mesh" as const, n })),
  ];
  const results: MeetingResult[] = [];
  for (const run of runs) {
    o.say(`meeting: ${run.n} people, ${run.media} ...`);
    const db = await freshDatabase(o.databaseUrl);
    try {
      const fx = await createFixture(db.handle.db, new TextEncoder().encode(o.jwtSecret), { users: run.n, roomSize: run.n });
      const r = await runMeeting({
        db: db.handle.db,
        release: db.release,
        appEnv: { ...db.env, JWT_SECRET: o.jwtSecret, SEED_DEMO: "0", LOGIN_RATE_LIMIT: "100000" },
        users: fx.users,
        people: run.n,
        media: run.media,
        measureSec: o.measureSec,
      });
      results.push(r);
      o.say(`  everyone sees everyone: ${r.complete}/${r.people}; first frame p50 ${ms(r.firstFrameMs.p50)} ms`);
    } finally {
      await db.drop();
    }
  }
  return results;
}

export function reportMeetings(results: MeetingResult[]) {
  const pctCpu = (v: number | null) => (v === null ? "-" : `${(v * 100).toFixed(0)}%`);
  const kb = (v: number) => v.toFixed(0);
  console.log("\nMeeting: per size, over the measured window (CPU as a share of one core; kbit/s per browser)");
  console.log(
    table([
      ["media", "people", "Janus CPU", "server CPU", "send avg", "send max", "receive avg", "receive max", "join→first frame p50", "max", "saw all"],
      ...results.map((r) => [r.media, r.people, pctCpu(r.janusCpu), pctCpu(r.serverCpu), kb(r.sendKbps.avg), kb(r.sendKbps.max), kb(r.receiveKbps.avg), kb(r.receiveKbps.max), `${ms(r.firstFrameMs.p50)} ms`, `${ms(r.firstFrameMs.max)} ms`, `${r.complete}/${r.people}`]),
    ]),
  );
}

