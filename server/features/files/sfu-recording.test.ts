// Server recordings of SFU calls against a real Janus (docs/calls.md, "Recording"), on two app nodes
// sharing one Postgres database and one recording directory. A non-browser publisher (aiortc)
// sends a picture that flashes with a beep every 2 s into a meeting; the first node starts Janus
// recording, claims the stop and dies before converting; the second node's sweep finds the lease
// run out, converts Janus's .mjr files and stores the MP4, whose flashes and beeps are measured.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { execFileSync, spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { sql } from "kysely";
import { createTestDatabase, startTestApp, makeUser, makeEvent, api, type TestApp, type TestUser } from "../../test/harness";
import { janusAvailable, startJanus, type RunningJanus } from "../../test/janus";
import { loadConfig } from "../../config";
import { openDb } from "../../db";
import { startApp } from "../../app";
import { connect, call } from "../../test/clients";
import { storageFromSettings } from "../../storage/org";
import { makeStorageConfig } from "./factories";
import { measureSync } from "../../../e2e/av-sync";
import type { MeetingJoined } from "@shared/realtime";

const PYTHON = process.env.AIORTC_PYTHON ?? "/usr/bin/python3";
const hasAiortc = () => spawnSync(PYTHON, ["-c", "import aiortc"]).status === 0;
const hasPpRec = () => spawnSync(process.env.JANUS_PP_REC_PATH ?? "janus-pp-rec", ["--help"]).status === 0;
const canRun = janusAvailable() && hasAiortc() && hasPpRec();
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** 10 s of 320x180 at 15 fps, dark with a white flash and a 1 kHz beep together every 2 s. */
function flashBeepClip(dir: string): string {
  const file = path.join(dir, "flashbeep.mkv");
  execFileSync("ffmpeg", [
    "-v", "error", "-y",
    "-f", "lavfi", "-i", "color=c=0x202020:s=320x180:r=15:d=10",
    "-f", "lavfi", "-i", "aevalsrc='if(lt(mod(t\\,2)\\,0.3)\\,0.8*sin(2*PI*1000*t)\\,0)':s=48000:d=10",
    "-vf", "geq=lum='if(lt(mod(T\\,2)\\,0.3)\\,235\\,40)':cb=128:cr=128",
    "-c:v", "ffv1", "-pix_fmt", "yuv420p", "-c:a", "pcm_s16le", "-ac", "1", file,
  ]);
  return file;
}

/** Starts the aiortc publisher; resolves with its offer. */
function publisher(clip: string) {
  const p = spawn(PYTHON, [path.join(import.meta.dirname, "../../test/aiortc-publisher.py"), clip]) as ChildProcessWithoutNullStreams;
  let out = "";
  const lines: string[] = [];
  p.stdout.on("data", (d: Buffer) => {
    out += d.toString();
    const parts = out.split("\n");
    out = parts.pop() ?? "";
    lines.push(...parts);
  });
  p.stderr.on("data", (d: Buffer) => process.stderr.write(`[aiortc] ${d}`));
  const waitLine = async (pred: (l: string) => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const hit = lines.find(pred);
      if (hit) return hit;
      if (p.exitCode !== null) throw new Error(`aiortc publisher exited ${p.exitCode}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`aiortc publisher: no such line (${lines.join(" | ")})`);
  };
  return {
    offer: async () => JSON.parse(await waitLine((l) => l.startsWith("{"), 30_000)) as { type: "offer"; sdp: string },
    answer: (sdp: string) => p.stdin.write(`${JSON.stringify({ type: "answer", sdp })}\n`),
    connected: () => waitLine((l) => l === "state connected", 30_000),
    stop: () => {
      p.stdin.end();
      setTimeout(() => p.kill("SIGKILL"), 3000).unref();
    },
  };
}

describe.skipIf(!canRun)("server recordings of SFU calls (Janus; PGlite, and two nodes on Postgres)", () => {
  let db: { url: string; drop: () => Promise<void> } | undefined;
  let janus: RunningJanus;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-sfurec-"));
  const env = { ...process.env };

  async function node(name: string): Promise<TestApp> {
    const nodeEnv = { NODE_ID: name, DATA_DIR: dataDir, JANUS_URL: janus.url, JANUS_REC_DIR: janus.recDir };
    // One node alone runs on the embedded database, as a single server does by default.
    if (!db) return startTestApp("pglite", {}, nodeEnv);
    const handle = await openDb({ databaseUrl: db.url, poolSize: 3 });
    const config = loadConfig(
      { LOG_LEVEL: "silent", DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", JWT_SECRET: "test-secret-test-secret-123456", NODE_ID: name, JANUS_URL: janus.url, JANUS_REC_DIR: janus.recDir },
      { seedDemo: false, databaseUrl: db.url },
    );
    const app = await startApp({ config, dbHandle: handle, logger: pino({ level: "silent" }) });
    return { ...app, engine: "postgres", config, dataDir, stop: async () => { await app.close(); await handle.close(); } } as TestApp;
  }

  beforeAll(async () => {
    process.env.RECORDING_GRACE_MS = "200";
    process.env.RECORDING_STALE_MS = "1500";
    janus = await startJanus();
  }, 60_000);
  afterAll(async () => {
    for (const k of ["RECORDING_GRACE_MS", "RECORDING_STALE_MS"] as const) {
      if (env[k] === undefined) delete process.env[k];
      else process.env[k] = env[k];
    }
    await janus?.stop();
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("stopping the recording converts it on the node that was asked while the meeting goes on; the meeting ending finishes the next one", async () => {
    const clip = flashBeepClip(dataDir);
    const app = await node("only");
    const pub = publisher(clip);
    try {
      const alice = await makeUser(app);
      const bob = await makeUser(app);
      await makeStorageConfig(app, "local");
      await makeEvent(app, alice.email, { event_type: "meeting", meeting_id: "rec0", attendees: [bob.email] });
      const socket = await connect(app.url, alice.token);
      const joined = await call<MeetingJoined>(socket, "meetings.join", { meeting_id: "rec0" });
      if (!joined.ok) throw new Error(joined.error);
      const callId = joined.data.call_id;
      const published = await call<{ jsep: { sdp: string } }>(socket, "sfu.publish", { call_id: callId, jsep: await pub.offer() }, 20_000);
      if (!published.ok) throw new Error(published.error);
      pub.answer(published.data.jsep.sdp);
      await pub.connected();
      expect((await api(app, alice.token).post(`/api/recordings/${callId}/start`, {})).body).toMatchObject({ recording_status: "recording", recorder: "server" });
      // Bob, who did not start it, may stop it; the answer comes at once, the conversion after.
      const job = await app.ctx.db.selectFrom("sfu_recordings").selectAll().where("call_id", "=", callId).executeTakeFirstOrThrow();
      for (let i = 0; i < 80 && !(fs.existsSync(job.rec_dir) && fs.readdirSync(job.rec_dir).length >= 2); i++) await new Promise((r) => setTimeout(r, 250));
      await new Promise((r) => setTimeout(r, 3000));
      const bobSocket = await connect(app.url, bob.token);
      await call(bobSocket, "meetings.join", { meeting_id: "rec0" });
      const stopped = await api(app, bob.token).post(`/api/recordings/${callId}/finish`, {});
      expect(stopped.status).toBe(202);
      const state = () => app.ctx.db.selectFrom("call_history").select(["status", "recording_status", "recording_error"]).where("call_id", "=", callId).executeTakeFirstOrThrow();
      let rec = await state();
      for (let i = 0; i < 240 && rec.recording_status === "processing"; i++) {
        await new Promise((r) => setTimeout(r, 250));
        rec = await state();
      }
      expect(rec).toMatchObject({ status: "connected", recording_status: "completed", recording_error: null });
      expect(await app.ctx.db.selectFrom("sfu_recordings").select(["status", "node_id"]).where("call_id", "=", callId).executeTakeFirstOrThrow()).toEqual({ status: "completed", node_id: "only" });

      // Recorded again, and nobody stops it: the meeting ending (everyone leaves) finishes it.
      const first = await app.ctx.db.selectFrom("call_history").select("recording_file_id").where("call_id", "=", callId).executeTakeFirstOrThrow();
      expect((await api(app, alice.token).post(`/api/recordings/${callId}/start`, {})).body).toMatchObject({ recording_status: "recording", recorder: "server" });
      await new Promise((r) => setTimeout(r, 3000));
      for (const s of [bobSocket, socket]) await call(s, "calls.end", { call_id: callId });
      rec = await state();
      for (let i = 0; i < 240 && rec.recording_status !== "completed" && rec.recording_status !== "failed"; i++) {
        await new Promise((r) => setTimeout(r, 250));
        rec = await state();
      }
      expect(rec).toMatchObject({ status: "ended", recording_status: "completed", recording_error: null });
      const second = await app.ctx.db.selectFrom("call_history").select("recording_file_id").where("call_id", "=", callId).executeTakeFirstOrThrow();
      expect(second.recording_file_id).toBeTruthy();
      expect(second.recording_file_id).not.toBe(first.recording_file_id);
      socket.close();
      bobSocket.close();
    } finally {
      pub.stop();
      await app.stop();
    }
  }, 120_000);

  it.skipIf(!hasPostgres)("Janus records the meeting; a node that died converting leaves it to the next node, which stores an MP4 in sync", async () => {
    db = await createTestDatabase();
    const clip = flashBeepClip(dataDir);
    const first = await node("first");
    let alice: TestUser;
    let callId = "";
    let recDir = "";
    const pub = publisher(clip);
    try {
      alice = await makeUser(first);
      const bob = await makeUser(first);
      await makeStorageConfig(first, "local");
      await makeEvent(first, alice.email, { event_type: "meeting", meeting_id: "rec1", attendees: [bob.email] });
      const socket = await connect(first.url, alice.token);
      const joined = await call<MeetingJoined>(socket, "meetings.join", { meeting_id: "rec1" });
      if (!joined.ok) throw new Error(joined.error);
      callId = joined.data.call_id;
      expect(joined.data.media).toBe("sfu");
      const published = await call<{ jsep: { sdp: string } }>(socket, "sfu.publish", { call_id: callId, jsep: await pub.offer() }, 20_000);
      if (!published.ok) throw new Error(published.error);
      pub.answer(published.data.jsep.sdp);
      await pub.connected();

      const started = await api(first, alice.token).post(`/api/recordings/${callId}/start`, {});
      expect(started.body).toMatchObject({ recording_status: "recording", recorder: "server" });
      const job = await first.ctx.db.selectFrom("sfu_recordings").selectAll().where("call_id", "=", callId).executeTakeFirstOrThrow();
      expect(job.status).toBe("recording");
      recDir = job.rec_dir;
      expect(recDir.startsWith(janus.recDir)).toBe(true);
      // Janus writes an audio and a video file for the publisher; let ~9 s of media (four flashes) in.
      const since = Date.now();
      for (;;) {
        const sizes = fs.existsSync(recDir) ? fs.readdirSync(recDir).map((n) => fs.statSync(path.join(recDir, n)).size) : [];
        if (sizes.length >= 2 && sizes.every((s) => s > 20_000) && Date.now() - since > 9_000) break;
        if (Date.now() - since > 40_000) throw new Error(`Janus wrote no recording: ${JSON.stringify(sizes)}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(fs.readdirSync(recDir).filter((n) => n.endsWith(".mjr")).sort().map((n) => n.replace(/-\d{10,}-/, "-T-"))).toEqual([
        `videoroom-${job.room}-user-${alice.user.id}-T-audio-0.mjr`,
        `videoroom-${job.room}-user-${alice.user.id}-T-video-1.mjr`,
      ]);
      socket.close();
    } finally {
      pub.stop();
      await first.stop();
    }
    // What the first node left: the meeting over, the job claimed for conversion by itself, and
    // its lease run out (it died before finishing).
    const raw = await openDb({ databaseUrl: db!.url, poolSize: 1 });
    await raw.db.updateTable("call_history").set({ status: "ended", ended_at: sql`now() - interval '1 minute'` }).where("call_id", "=", callId).execute();
    await raw.db.updateTable("sfu_recordings").set({ status: "finishing", node_id: "first", lease_until: sql`now() - interval '1 second'` }).where("call_id", "=", callId).execute();
    await raw.close();

    if (process.env.KEEP_MJR) fs.cpSync(recDir, process.env.KEEP_MJR, { recursive: true });
    const second = await node("second");
    try {
      const state = () => second.ctx.db.selectFrom("call_history").select(["recording_status", "recording_error", "recording_file_id"]).where("call_id", "=", callId).executeTakeFirstOrThrow();
      let rec = await state();
      for (let i = 0; i < 480 && rec.recording_status !== "completed" && rec.recording_status !== "failed"; i++) {
        await new Promise((r) => setTimeout(r, 250));
        rec = await state();
      }
      expect(rec).toMatchObject({ recording_status: "completed", recording_error: null });
      const job = await second.ctx.db.selectFrom("sfu_recordings").selectAll().where("call_id", "=", callId).executeTakeFirstOrThrow();
      expect(job).toMatchObject({ status: "completed", node_id: "second", error: null });
      expect(job.files).toHaveLength(2);
      // Janus's files are removed once the MP4 is stored and the call says so (just after).
      for (let i = 0; i < 40 && fs.existsSync(recDir); i++) await new Promise((r) => setTimeout(r, 250));
      expect(fs.existsSync(recDir)).toBe(false);

      const file = await second.ctx.db.selectFrom("stored_files").selectAll().where("id", "=", rec.recording_file_id!).executeTakeFirstOrThrow();
      expect(file).toMatchObject({ upload_type: "recording", item_id: callId, original_filename: `${callId}.mp4`, mime_type: "video/mp4" });
      const cfg = await second.ctx.db.selectFrom("org_storage_config").selectAll().where("is_active", "=", true).executeTakeFirstOrThrow();
      const mp4 = path.join(dataDir, "out.mp4");
      const chunks: Buffer[] = [];
      for await (const c of await storageFromSettings(cfg).get(file.storage_key)) chunks.push(Buffer.from(c as Uint8Array));
      fs.writeFileSync(mp4, Buffer.concat(chunks));

      const probe = JSON.parse(execFileSync("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", mp4]).toString());
      const video = probe.streams.find((s: { codec_type: string }) => s.codec_type === "video");
      const audio = probe.streams.find((s: { codec_type: string }) => s.codec_type === "audio");
      const sync = measureSync(mp4);
      console.log(`[sfu-recording] ${probe.format.duration}s: video ${video.codec_name} ${video.width}x${video.height} ${video.duration}s, audio ${audio.codec_name} ${audio.duration}s; flashes ${sync.flashes.join(" ")} | beeps ${sync.beeps.join(" ")} | offsets ms ${sync.offsetsMs.join(" ")}`);
      expect(video.codec_name).toBe("h264");
      expect(audio.codec_name).toBe("aac");
      expect(Number(probe.format.duration)).toBeGreaterThan(8);
      expect(sync.offsetsMs.length).toBeGreaterThanOrEqual(4);
      // Every flash has its beep within 100 ms, at one offset from start to end (the streams are
      // laid out on one clock); Chromium's sync is measured by e2e/recording-sync-sfu.spec.ts.
      expect(Math.max(...sync.offsetsMs) - Math.min(...sync.offsetsMs)).toBeLessThanOrEqual(40);
      expect(sync.maxAbsMs).toBeLessThanOrEqual(100);
    } finally {
      await second.stop();
    }
  }, 180_000);
});
