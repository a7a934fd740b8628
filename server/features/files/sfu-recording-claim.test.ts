// The lease of server recordings (docs/calls.md, "Recording"): which jobs a node's sweep takes over, and
// that two nodes sweeping at once never take the same job. Also: an SFU call whose Janus cannot
// record answers with a clear error and leaves no job behind.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { sql } from "kysely";
import { ENGINES, createTestDatabase, startTestApp, makeUser, api, type TestApp } from "../../test/harness";
import { pgliteTemplate } from "../../test/pglite-template";
import { openDb, migrate, type DbHandle } from "../../db";
import { makeCall, makeStorageConfig } from "./factories";
import { claimAbandoned, upsertSfuRecording } from "./sfu-recording-repository";

describe.each(ENGINES)("server recordings: the lease (%s)", (engine) => {
  let app: TestApp;
  // The claims run on a database of their own, where no app's sweep claims anything meanwhile.
  let handle: DbHandle;
  let drop = async () => {};
  beforeAll(async () => {
    // Janus is configured but nothing listens there: starting a server recording must fail cleanly.
    app = await startTestApp(engine, { janusUrl: "ws://127.0.0.1:9", janusRecDir: "/tmp/ts-no-janus" });
    if (engine === "postgres") {
      const t = await createTestDatabase();
      drop = t.drop;
      handle = await openDb({ databaseUrl: t.url, poolSize: 3 });
    } else handle = await openDb({ pgliteDump: await pgliteTemplate() });
    await migrate(handle.db);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await handle?.close();
    await drop();
  });

  it("claims a conversion whose lease ran out and a recording whose call ended, each by one node only", async () => {
    const db = handle.db;
    const user = await db.insertInto("users").values({ email: "rec@example.com", full_name: "Rec" } as never).returning("id").executeTakeFirstOrThrow();
    const jobs: Record<string, string> = {};
    for (const kind of ["stale", "leased", "ended", "live"]) {
      const call = await db.insertInto("call_history").values({ call_id: `call_${kind}`, initiator_id: user.id }).returningAll().executeTakeFirstOrThrow();
      jobs[kind] = call.call_id;
      const live = kind === "live";
      await db.updateTable("call_history").set(live ? { status: "connected", ended_at: null } : { status: "ended", ended_at: sql`now() - interval '1 minute'` }).where("call_id", "=", call.call_id).execute();
      await upsertSfuRecording(db, { call_id: call.call_id, room: 10_000_000 + call.id, rec_dir: `/tmp/none/${call.call_id}`, owner_id: user.id });
      if (kind === "stale" || kind === "leased") {
        await db
          .updateTable("sfu_recordings")
          .set({ status: "finishing", node_id: "gone", lease_until: kind === "stale" ? sql`now() - interval '1 second'` : sql`now() + interval '1 minute'` })
          .where("call_id", "=", call.call_id)
          .execute();
      }
    }
    const [n1, n2] = await Promise.all([claimAbandoned(db, "n1", 60_000, 200, 10), claimAbandoned(db, "n2", 60_000, 200, 10)]);
    const claimed = [...n1, ...n2].map((j) => j.call_id);
    expect(claimed.sort()).toEqual([jobs.stale, jobs.ended].sort());
    const rows = await db.selectFrom("sfu_recordings").selectAll().where("call_id", "in", claimed).execute();
    for (const r of rows) expect(r).toMatchObject({ status: "finishing" });
    expect(rows.every((r) => r.node_id === "n1" || r.node_id === "n2")).toBe(true);
    // Claimed now: nobody takes them again while the lease runs.
    expect(await claimAbandoned(db, "n3", 60_000, 200, 10)).toEqual([]);
  });

  it("an SFU call whose media server cannot record answers 502 and leaves no job", async () => {
    const a = await makeUser(app);
    await makeStorageConfig(app, "local");
    const call = await makeCall(app, [a]);
    await app.ctx.db.updateTable("call_history").set({ status: "connected", ended_at: null, media: "sfu" }).where("call_id", "=", call.call_id).execute();
    const res = await api(app, a.token).post(`/api/recordings/${call.call_id}/start`, {});
    expect(res.status).toBe(502);
    expect(res.body.error ?? res.body.message).toBe("The media server could not start recording");
    expect(await app.ctx.db.selectFrom("sfu_recordings").select("call_id").where("call_id", "=", call.call_id).executeTakeFirst()).toBeUndefined();
    const rec = await app.ctx.db.selectFrom("call_history").select("recording_status").where("call_id", "=", call.call_id).executeTakeFirstOrThrow();
    expect(rec.recording_status).not.toBe("recording");
  }, 30_000);
});
