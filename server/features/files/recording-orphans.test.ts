// A recording whose node went away is finished by another node: two app processes' worth of
// server (one after the other) on one Postgres database. The first takes the chunks and stops
// before it finishes; the second's sweep claims the recording and produces the MP4.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { sql } from "kysely";
import { createTestDatabase, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { loadConfig } from "../../config";
import { openDb } from "../../db";
import { startApp } from "../../app";
import { makeCall, makeStorageConfig } from "./factories";

function sampleWebm(): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "webm-"));
  const file = path.join(dir, "in.webm");
  execFileSync("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=15", "-f", "lavfi", "-i", "sine=frequency=440", "-t", "2", "-c:v", "libvpx", "-b:v", "200k", "-c:a", "libopus", file]);
  const data = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true, force: true });
  return data;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("recordings left behind by a node (postgres)", () => {
  let db: { url: string; drop: () => Promise<void> };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-orphans-"));
  const env = { ...process.env };

  async function node(name: string): Promise<TestApp> {
    const handle = await openDb({ databaseUrl: db.url, poolSize: 3 });
    const config = loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", JWT_SECRET: "test-secret-test-secret-123456", NODE_ID: name }, { seedDemo: false, databaseUrl: db.url });
    const app = await startApp({ config, dbHandle: handle, logger: pino({ level: "silent" }) });
    return { ...app, engine: "postgres", config, dataDir, stop: async () => { await app.close(); await handle.close(); } } as TestApp;
  }

  beforeAll(async () => {
    // Short waits: a recording counts as left behind 200 ms after its call ended, a conversion 1.5 s after its last heartbeat.
    process.env.RECORDING_GRACE_MS = "200";
    process.env.RECORDING_STALE_MS = "1500";
    db = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    process.env.RECORDING_GRACE_MS = env.RECORDING_GRACE_MS;
    process.env.RECORDING_STALE_MS = env.RECORDING_STALE_MS;
    if (env.RECORDING_GRACE_MS === undefined) delete process.env.RECORDING_GRACE_MS;
    if (env.RECORDING_STALE_MS === undefined) delete process.env.RECORDING_STALE_MS;
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("the next node finishes a recording whose call ended on a node that went away, and one whose conversion stopped", async () => {
    const first = await node("first");
    let alice: TestUser, bob: TestUser;
    const webm = sampleWebm();
    const ids: string[] = [];
    try {
      alice = await makeUser(first);
      bob = await makeUser(first);
      await makeStorageConfig(first, "local");
      for (let k = 0; k < 2; k++) {
        const call = await makeCall(first, [alice, bob]);
        await first.ctx.db.updateTable("call_history").set({ status: "connected", ended_at: null }).where("call_id", "=", call.call_id).execute();
        expect((await api(first, alice.token).post(`/api/recordings/${call.call_id}/start`, {})).body.recording_status).toBe("recording");
        const res = await api(first, alice.token).post(`/api/recordings/${call.call_id}/chunks/0`, webm, { "content-type": "application/octet-stream" });
        expect(res.status).toBe(201);
        ids.push(call.call_id);
      }
    } finally {
      await first.stop(); // gone: no timer of its own will finish anything
    }
    // What the first node left: one call ended while recording (its finishing timer died with it),
    // one conversion it had claimed and never finished.
    const raw = await openDb({ databaseUrl: db.url, poolSize: 1 });
    await raw.db.updateTable("call_history").set({ status: "ended", ended_at: sql`now() - interval '1 minute'` }).where("call_id", "=", ids[0]).execute();
    await raw.db.updateTable("call_history").set({ status: "ended", ended_at: sql`now() - interval '1 minute'`, recording_status: "processing", recording_heartbeat_at: sql`now() - interval '1 minute'` }).where("call_id", "=", ids[1]).execute();
    await raw.close();

    const second = await node("second");
    try {
      const states = async () =>
        (await second.ctx.db.selectFrom("call_history").select(["call_id", "recording_status", "recording_error", "recording_file_id"]).where("call_id", "in", ids).execute());
      let rows = await states();
      for (let i = 0; i < 240 && rows.some((r) => r.recording_status !== "completed" && r.recording_status !== "failed"); i++) {
        await new Promise((r) => setTimeout(r, 250));
        rows = await states();
      }
      for (const r of rows) expect(r).toMatchObject({ recording_status: "completed", recording_error: null });
      for (const r of rows) expect(r.recording_file_id).toBeTruthy();
    } finally {
      await second.stop();
    }
  }, 120_000);
});
