// Chunked recording end to end on the server: chunks into the configured storage, ffmpeg to MP4,
// recording → processing → completed, and the server finishing a call whose recorder vanished.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { makeCall, makeStorageConfig, download } from "./factories";

/** A real 3 s WebM (VP8 + Opus) made by ffmpeg, as a browser's MediaRecorder would send it. */
function sampleWebm(): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "webm-"));
  const file = path.join(dir, "in.webm");
  execFileSync("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=15", "-f", "lavfi", "-i", "sine=frequency=440", "-t", "3", "-c:v", "libvpx", "-b:v", "300k", "-c:a", "libopus", file]);
  const data = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true, force: true });
  return data;
}

function probe(bytes: Uint8Array) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "probe-"));
  const file = path.join(dir, "out.mp4");
  fs.writeFileSync(file, bytes);
  const out = JSON.parse(execFileSync("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file]).toString());
  fs.rmSync(dir, { recursive: true, force: true });
  return out as { format: { format_name: string; duration: string }; streams: { codec_type: string; codec_name: string }[] };
}

describe.each(ENGINES)("chunked recordings (%s)", (engine) => {
  let app: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let eve: TestUser;
  let webm: Buffer;

  beforeAll(async () => {
    app = await startTestApp(engine);
    alice = await makeUser(app);
    bob = await makeUser(app);
    eve = await makeUser(app);
    webm = sampleWebm();
  });
  afterAll(() => app?.stop());

  const status = async (callId: string) =>
    (await app.ctx.db.selectFrom("call_history").select(["recording_status", "recording_error"]).where("call_id", "=", callId).executeTakeFirstOrThrow());
  const sendChunks = async (token: string, callId: string) => {
    const third = Math.ceil(webm.length / 3);
    for (let i = 0; i < 3; i++) {
      const res = await api(app, token).post(`/api/recordings/${callId}/chunks/${i}`, webm.subarray(i * third, (i + 1) * third), {
        "content-type": "application/octet-stream",
      });
      expect(res.status).toBe(201);
    }
  };
  const waitFor = async (callId: string, wanted: string) => {
    for (let i = 0; i < 240; i++) {
      const s = await status(callId);
      if (s.recording_status === wanted || s.recording_status === "failed") return s;
      await new Promise((r) => setTimeout(r, 250));
    }
    return status(callId);
  };

  it("is not_configured without storage, and refuses chunks of a call not being recorded", async () => {
    const call = await makeCall(app, [alice, bob]);
    const st = await api(app, alice.token).post(`/api/recordings/${call.call_id}/start`, {});
    expect(st.body).toMatchObject({ recording_status: "not_configured", error_message: "Recording not configured for your organization" });
    const chunk = await api(app, alice.token).post(`/api/recordings/${call.call_id}/chunks/0`, new Uint8Array(10), { "content-type": "application/octet-stream" });
    expect(chunk.status).toBe(409);
    expect((await api(app).post(`/api/recordings/${call.call_id}/start`, {})).status).toBe(401);
    expect((await api(app, eve.token).post(`/api/recordings/${call.call_id}/start`, {})).status).toBe(404);
  });

  it("joins the chunks into an H.264/AAC MP4 in the configured storage: recording → processing → completed", async () => {
    await makeStorageConfig(app, "local");
    const call = await makeCall(app, [alice, bob]);
    expect((await api(app, alice.token).post(`/api/recordings/${call.call_id}/start`, {})).body.recording_status).toBe("recording");
    expect((await api(app, bob.token).post(`/api/recordings/${call.call_id}/start`, {})).status).toBe(409);
    expect((await api(app, alice.token).post(`/api/recordings/${call.call_id}/chunks/-1`, new Uint8Array(1), { "content-type": "application/octet-stream" })).status).toBe(400);
    await sendChunks(alice.token, call.call_id);
    const fin = await api(app, alice.token).post(`/api/recordings/${call.call_id}/finish`, { chunks: 3 });
    expect(fin.status).toBe(202);
    const done = await waitFor(call.call_id, "completed");
    expect(done).toMatchObject({ recording_status: "completed", recording_error: null });

    const dl = await download(app, bob.token, `/api/download-recording/${call.call_id}`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get("content-disposition")).toContain(`${call.call_id}.mp4`);
    const p = probe(dl.bytes);
    expect(p.format.format_name).toContain("mp4");
    expect(p.streams.map((s) => s.codec_name).sort()).toEqual(["aac", "h264"]);
    expect(Number(p.format.duration)).toBeGreaterThan(2.5);
    expect(Number(p.format.duration)).toBeLessThan(3.6);
    expect((await download(app, eve.token, `/api/download-recording/${call.call_id}`)).status).toBe(404);
    // The chunks are gone once the MP4 is stored.
    expect(fs.existsSync(path.join(app.dataDir, "recording-chunks", call.call_id, "000000"))).toBe(false);
  });

  it("finishes the recording itself when the call ends without a finish (the recorder crashed)", async () => {
    process.env.RECORDING_GRACE_MS = "100";
    try {
      const call = await makeCall(app, [alice, bob]);
      await app.ctx.db.updateTable("call_history").set({ status: "connected" }).where("call_id", "=", call.call_id).execute();
      await api(app, alice.token).post(`/api/recordings/${call.call_id}/start`, {});
      await sendChunks(alice.token, call.call_id);
      const end = await api(app, bob.token).post("/api/webrtc/end-call", { call_id: call.call_id });
      expect(end.status).toBeLessThan(300);
      expect((await waitFor(call.call_id, "completed")).recording_status).toBe("completed");
    } finally {
      delete process.env.RECORDING_GRACE_MS;
    }
  });

  it("marks the recording failed when the chunks are not media", async () => {
    const call = await makeCall(app, [alice, bob]);
    await api(app, alice.token).post(`/api/recordings/${call.call_id}/start`, {});
    await api(app, alice.token).post(`/api/recordings/${call.call_id}/chunks/0`, new Uint8Array(2000).fill(7), { "content-type": "application/octet-stream" });
    await api(app, alice.token).post(`/api/recordings/${call.call_id}/finish`, {});
    const s = await waitFor(call.call_id, "completed");
    expect(s.recording_status).toBe("failed");
    expect(s.recording_error).toMatch(/ffmpeg failed/);
  });
});

describe.each(ENGINES)("storage secrets (%s)", (engine) => {
  let app: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await makeUser(app, { role: "admin", team_role: "admin" });
  });
  afterAll(() => app?.stop());

  it("never sends a secret back in clear, and keeps it when the form sends the mask back", async () => {
    const created = await api(app, admin.token).post("/api/entities/org_storage_config", {
      storage_provider: "aws_s3",
      storage_config: { aws_s3: { bucket_name: "b", access_key_id: "AKIA1", secret_access_key: "very-secret" } },
    });
    expect(created.status).toBe(201);
    expect(created.body.storage_config.aws_s3.secret_access_key).toBe("••••••••");
    expect(JSON.stringify((await api(app, admin.token).get("/api/entities/org_storage_config")).body)).not.toContain("very-secret");
    const updated = await api(app, admin.token).patch(`/api/entities/org_storage_config/${created.body.id}`, {
      storage_config: { aws_s3: { bucket_name: "b2", access_key_id: "AKIA1", secret_access_key: "••••••••" } },
    });
    expect(updated.status).toBe(200);
    const row = await app.ctx.db.selectFrom("org_storage_config").select("storage_config").where("id", "=", created.body.id).executeTakeFirstOrThrow();
    expect(row.storage_config).toMatchObject({ aws_s3: { bucket_name: "b2", secret_access_key: "very-secret" } });
  });
});
