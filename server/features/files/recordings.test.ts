import { describe, it, expect, beforeAll, afterAll } from "vitest";
import crypto from "node:crypto";
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { sweepOrphanRecordings } from "./recording";
import { makeCall, makeStorageConfig, uploadFile, download, sha256, filesOnDisk } from "./factories";

describe.each(ENGINES)("recordings (%s)", (engine) => {
  let app: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let eve: TestUser;
  const video = crypto.randomBytes(30_000);

  beforeAll(async () => {
    app = await startTestApp(engine);
    alice = await makeUser(app);
    bob = await makeUser(app);
    eve = await makeUser(app);
  });
  afterAll(() => app?.stop());

  const callRow = (callId: string) => app.ctx.db.selectFrom("call_history").selectAll().where("call_id", "=", callId).executeTakeFirstOrThrow();

  it("is not_configured (409) while the organisation has no active storage config", async () => {
    const call = await makeCall(app, [alice, bob]);
    const res = await uploadFile(app, alice.token, video, { path: `/api/recordings/${call.call_id}`, type: "video/webm" });
    expect(res).toMatchObject({ status: 409, body: { error: "Recording not configured for your organization" } });
    expect((await callRow(call.call_id)).recording_status).toBe("not_configured");
    const st = await api(app, alice.token).post(`/api/recordings/${call.call_id}/status`, { status: "recording" });
    expect(st.body).toEqual({ call_id: call.call_id, recording_status: "not_configured", error_message: "Recording not configured for your organization" });
    expect(filesOnDisk(app)).toEqual([]);
  });

  it("stores a participant's upload: recording → completed, downloadable as {call_id}.mp4 by participants", async () => {
    await makeStorageConfig(app, "local");
    const call = await makeCall(app, [alice, bob]);
    const st = await api(app, bob.token).post(`/api/recordings/${call.call_id}/status`, { status: "recording" });
    expect(st.body.recording_status).toBe("recording");
    expect((await callRow(call.call_id)).recording_status).toBe("recording");

    const up = await uploadFile(app, alice.token, video, { path: `/phpapi/recordings/${call.call_id}`, filename: "rec.webm", type: "video/webm" });
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ call_id: call.call_id, recording_status: "completed", error_message: null });
    expect(up.body.file.checksum_sha256).toBe(sha256(video));
    const row = await callRow(call.call_id);
    expect(row.recording_status).toBe("completed");
    expect(row.recording_file_id).toBe(up.body.file.id);

    for (const id of [call.call_id, String(call.id)]) {
      const dl = await download(app, bob.token, `/phpapi/download-recording/${id}`);
      expect(dl.status).toBe(200);
      expect(sha256(dl.bytes)).toBe(sha256(video));
      expect(dl.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="${call.call_id}\\.mp4"`));
    }
    const part = await download(app, bob.token, `/api/download-recording/${call.call_id}`, { range: "bytes=0-99" });
    expect(part.status).toBe(206);
    expect(part.bytes.length).toBe(100);
    expect((await download(app, eve.token, `/api/download-recording/${call.call_id}`)).status).toBe(404);
    expect((await download(app, eve.token, up.body.file.file_url)).status).toBe(404);
    expect((await download(app, bob.token, up.body.file.file_url)).status).toBe(200);
  });

  it("an upload still arriving is not taken over by the orphan sweep (it stays processing, then completes)", async () => {
    await makeStorageConfig(app, "local");
    const call = await makeCall(app, [alice, bob]);
    await api(app, bob.token).post(`/api/recordings/${call.call_id}/status`, { status: "recording" });
    const boundary = "----held";
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rec.webm"\r\nContent-Type: video/webm\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const url = new URL(`/api/recordings/${call.call_id}`, app.url);
    const req = http.request(url, { method: "POST", headers: { authorization: `Bearer ${alice.token}`, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": head.length + video.length + tail.length } });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on("response", (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
    });
    req.write(Buffer.concat([head, video.subarray(0, 1000)]));
    try {
      await expect.poll(async () => (await callRow(call.call_id)).recording_status).toBe("processing");
      // The sweep once claimed it (no heartbeat yet), found no chunks and failed it under the upload.
      await sweepOrphanRecordings(app.ctx);
      expect((await callRow(call.call_id)).recording_status).toBe("processing");
    } catch (err) {
      req.destroy(); // a half-sent upload would hold the server's close
      throw err;
    }
    req.end(Buffer.concat([video.subarray(1000), tail]));
    const res = await answered;
    expect(res.status).toBe(201);
    const row = await callRow(call.call_id);
    expect(row.recording_status).toBe("completed");
    expect(row.recording_error).toBeNull();
  });

  it("replaces an earlier recording and removes its bytes", async () => {
    const call = await makeCall(app, [alice, bob]);
    const first = await uploadFile(app, alice.token, video, { path: `/api/recordings/${call.call_id}` });
    const before = filesOnDisk(app).length;
    const second = await uploadFile(app, bob.token, Buffer.from("take two"), { path: `/api/recordings/${call.call_id}` });
    expect(second.status).toBe(201);
    expect(filesOnDisk(app).length).toBe(before);
    expect(await app.ctx.db.selectFrom("stored_files").select("id").where("id", "=", first.body.file.id).executeTakeFirst()).toBeUndefined();
    const dl = await download(app, alice.token, `/api/download-recording/${call.call_id}`);
    expect(Buffer.from(dl.bytes).toString()).toBe("take two");
  });

  it("is 404 for non-participants and for calls without a recording; 401 without sign-in", async () => {
    const call = await makeCall(app, [alice, bob]);
    expect((await uploadFile(app, eve.token, video, { path: `/api/recordings/${call.call_id}` })).status).toBe(404);
    expect((await api(app, eve.token).post(`/api/recordings/${call.call_id}/status`, { status: "recording" })).status).toBe(404);
    expect((await download(app, alice.token, `/api/download-recording/${call.call_id}`)).status).toBe(404);
    expect((await download(app, alice.token, `/api/download-recording/no-such-call`)).status).toBe(404);
    expect((await download(app, undefined, `/api/download-recording/${call.call_id}`)).status).toBe(401);
    expect((await uploadFile(app, undefined, video, { path: `/api/recordings/${call.call_id}` })).status).toBe(401);
  });

  it("marks the call failed when the upload is refused, and on the browser's report", async () => {
    const call = await makeCall(app, [alice]);
    const none = await api(app, alice.token).post(`/api/recordings/${call.call_id}`, new FormData());
    expect(none.status).toBe(400);
    expect(await callRow(call.call_id)).toMatchObject({ recording_status: "failed", recording_error: "file is required" });
    const st = await api(app, alice.token).post(`/api/recordings/${call.call_id}/status`, { status: "failed", error_message: "MediaRecorder error" });
    expect(st.body).toMatchObject({ recording_status: "failed", error_message: "MediaRecorder error" });
    expect((await api(app, alice.token).post(`/api/recordings/${call.call_id}/status`, { status: "completed" })).status).toBe(400);
  });
});

describe.each(ENGINES)("test-storage-connection (%s)", (engine) => {
  let app: TestApp;
  let admin: TestUser;
  let member: TestUser;
  let dir: string;
  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await makeUser(app, { role: "admin" });
    member = await makeUser(app);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-test-"));
  });
  afterAll(async () => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await app?.stop();
  });

  const post = (u: TestUser | null, body: unknown) => api(app, u?.token).post("/phpapi/test-storage-connection", body);

  it("requires sign-in and an admin", async () => {
    expect((await post(null, { storage_provider: "local", config: { base_path: dir } })).status).toBe(401);
    const res = await post(member, { storage_provider: "local", config: { base_path: dir } });
    expect(res).toMatchObject({ status: 403, body: { error: "Forbidden" } });
    const teamAdmin = await makeUser(app, { team_role: "admin" });
    expect((await post(teamAdmin, { storage_provider: "local", config: { base_path: dir } })).status).toBe(200);
  });

  it("local: succeeds for a writable directory and leaves nothing in it", async () => {
    const res = await post(admin, { storage_provider: "local", config: { base_path: dir } });
    expect(res).toMatchObject({ status: 200, body: { success: true, message: "Connection successful" } });
    expect(fs.readdirSync(dir)).toEqual([]);
    const keyed = await post(admin, { storage_provider: "local", config: JSON.stringify({ local: { base_path: dir } }) });
    expect(keyed.body.success).toBe(true);
  });

  it("local: explains a missing directory or a relative path", async () => {
    const missing = await post(admin, { storage_provider: "local", config: { base_path: path.join(dir, "nope") } });
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({ success: false, message: expect.stringMatching(/does not exist/) });
    const rel = await post(admin, { storage_provider: "local", config: { base_path: "recordings" } });
    expect(rel.body).toMatchObject({ success: false, message: "base_path must be an absolute path" });
  });

  it("aws_s3: reports an unreachable endpoint quickly instead of hanging; Google Cloud needs HMAC keys", async () => {
    const started = Date.now();
    const res = await post(admin, {
      storage_provider: "aws_s3",
      config: { bucket_name: "b", access_key_id: "k", secret_access_key: "s", endpoint: "http://127.0.0.1:9" },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(/connection refused|Connection/);
    expect(Date.now() - started).toBeLessThan(8000);
    const gcs = await post(admin, { storage_provider: "google_cloud", config: {} });
    // Google Cloud goes through its S3-compatible API, which takes HMAC keys.
    expect(gcs.body).toEqual({ success: false, message: "HMAC access key and secret are required (Cloud Storage > Settings > Interoperability)" });
  });

  it("answers bad input with 400", async () => {
    expect((await post(admin, {})).status).toBe(400);
    expect((await post(admin, { storage_provider: "dropbox" })).status).toBe(400);
    expect((await post(admin, { storage_provider: "local", config: "{nope" })).status).toBe(400);
    const s3 = await post(admin, { storage_provider: "aws_s3", config: { access_key_id: "k", secret_access_key: "s" } });
    expect(s3).toMatchObject({ status: 400, body: { error: expect.stringMatching(/bucket_name/) } });
  });
});
