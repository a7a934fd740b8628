// Chunked call recording. The recording browser sends a few seconds of media at a
// time to POST /recordings/:call_id/chunks/:seq; each chunk is stored at once in the storage the
// admin configured, so a crashed browser loses only the chunk in flight. Finishing (or the call
// ending without a finish) joins the chunks, converts them with ffmpeg to MP4 (H.264/AAC,
// faststart) and stores `{call_id}.mp4` in that storage: recording → processing → completed/failed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import type { Router, RequestHandler } from "express";
import { z } from "zod";
import type { AppContext } from "../../context";
import { currentUser, requireAuth } from "../../auth/middleware";
import { HttpError, badRequest, zodMessage } from "../../errors";
import { storageFromSettings } from "../../storage/org";
import type { FileStorage } from "../../storage/types";
import { onCallFinished, onCallsSweep } from "../calls/records";
import { NOT_CONFIGURED, findCall, setRecording, startProcessing } from "./recording-state";
import { insertStoredFile, storeStream } from "./service";
import { claimOrphanRecordings, findActiveStorageConfig, markRecordingProcessing } from "./repository";
import { canRecordOnServer } from "../sfu/recording";
import { startSfuRecording, stopSfuRecording, sweepSfuRecordings } from "./sfu-recording";
import { runTool, stepWatch } from "./tool";

const MAX_CHUNK_BYTES = 64 * 1024 * 1024;
const MAX_CHUNKS = 100_000;
/** After a call ends, the recorder's last chunk and finish may still be on their way. */
const graceMs = () => Number(process.env.RECORDING_GRACE_MS ?? 15_000);

const chunkKey = (callId: string, seq: number) => `recording-chunks/${callId}/${String(seq).padStart(6, "0")}`;

async function activeStorage(ctx: AppContext): Promise<{ storage: FileStorage; backend: string } | null> {
  const cfg = await findActiveStorageConfig(ctx.db);
  if (!cfg) return null;
  return { storage: storageFromSettings(cfg), backend: `org:${cfg.id}` };
}

async function chunkCount(storage: FileStorage, callId: string): Promise<number> {
  let n = 0;
  while (n < MAX_CHUNKS && (await storage.head(chunkKey(callId, n)))) n++;
  return n;
}

async function deleteChunks(storage: FileStorage, callId: string): Promise<void> {
  for (let n = 0; n < MAX_CHUNKS; n++) {
    if (!(await storage.head(chunkKey(callId, n)))) return;
    await storage.delete(chunkKey(callId, n));
  }
}

/** `chunks`: how many were joined, two seconds of media each as the browser sends them. */
async function runFfmpeg(input: string, output: string, chunks: number): Promise<void> {
  const args = ["-hide_banner", "-loglevel", "error", "-y", "-fflags", "+genpts", "-i", input];
  args.push("-map", "0:v:0?", "-map", "0:a:0?", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p");
  // Both tracks are placed by their own timestamps, counted from 0, never by counting frames or
  // samples: the picture goes to 15 fps from its frames' times (a picture that starts or pauses
  // late is held, not pulled earlier), and the sound is padded with silence from 0 and wherever it
  // has a gap, so the two stay in step for the whole file (docs/calls.md, "Recording").
  args.push("-vf", "fps=15:start_time=0,scale=trunc(iw/2)*2:trunc(ih/2)*2", "-af", "aresample=async=1:first_pts=0");
  args.push("-c:a", "aac", "-b:a", "96k", "-movflags", "+faststart", output);
  // Encoding takes a fraction of the recording's length: ten times as long means it hangs.
  await runTool(process.env.FFMPEG_PATH ?? "ffmpeg", args, 120_000 + chunks * 20_000);
}

/**
 * Turns the stored chunks into the call's MP4. Only one finalize runs per call: the status
 * moves recording → processing in one conditional UPDATE, and whoever wins does the work.
 */
export async function finalizeRecording(ctx: AppContext, callId: string, ownerId: number | null): Promise<void> {
  const won = await markRecordingProcessing(ctx.db, callId);
  if (!won) return;
  await convertRecording(ctx, callId, ownerId ?? won.initiator_id ?? 0);
}

/** How long a conversion may go without a heartbeat before another node takes it over. */
const STALE_MS = () => Number(process.env.RECORDING_STALE_MS ?? 60_000);

/**
 * Finishes recordings whose node went away (docs/calls.md, "Recording"): run by every node's sweep;
 * the claim hands each one to exactly one node.
 */
export async function sweepOrphanRecordings(ctx: AppContext): Promise<void> {
  for (const r of await claimOrphanRecordings(ctx.db, graceMs(), STALE_MS())) {
    ctx.log.info({ callId: r.call_id }, "finishing a recording its node left behind");
    await convertRecording(ctx, r.call_id, r.initiator_id ?? 0).catch((err) => ctx.log.warn({ err, callId: r.call_id }, "finishing an orphan recording failed"));
  }
}

/** Joins the chunks and converts them; the caller has moved the call to processing. */
async function convertRecording(ctx: AppContext, callId: string, ownerId: number): Promise<void> {
  // Watched from its first write on: a conversion that never gets past it says so too (it once
  // stayed "processing" in CI without a word from the steps after).
  const watch = stepWatch((step, seconds) => ctx.log.warn({ callId, step, seconds }, "recording still converting"));
  let stopBeating = () => {};
  let dir: string | null = null;
  try {
    watch.step("marking the call processing");
    stopBeating = await startProcessing(ctx, callId);
    dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "recording-"));
    watch.step("reading the chunks");
    const target = await activeStorage(ctx);
    if (!target) throw new Error(NOT_CONFIGURED);
    const n = await chunkCount(target.storage, callId);
    if (n === 0) throw new Error("Nothing was recorded");
    const joined = path.join(dir, "input");
    // One stream of all chunks in order, written to a file ffmpeg can seek in.
    const storage = target.storage;
    async function* allChunks() {
      for (let i = 0; i < n; i++) yield* await storage.get(chunkKey(callId, i));
    }
    watch.step("joining the chunks");
    await pipeline(Readable.from(allChunks()), fs.createWriteStream(joined));
    const mp4 = path.join(dir, `${callId}.mp4`);
    watch.step("converting");
    await runFfmpeg(joined, mp4, n);
    watch.step("storing");
    const bytes = await storeStream(ctx, fs.createReadStream(mp4), "video/mp4", { storage: target.storage, maxBytes: Number.MAX_SAFE_INTEGER });
    const row = await insertStoredFile(ctx, bytes, {
      upload_type: "recording",
      item_id: callId,
      original_filename: `${callId}.mp4`,
      mime_type: "video/mp4",
      owner_id: ownerId,
      storage_backend: target.backend,
      storage: target.storage,
    });
    await setRecording(ctx, callId, { recording_status: "completed", recording_error: null, recording_file_id: row.id });
    await deleteChunks(target.storage, callId).catch((err) => ctx.log.warn({ err, callId }, "could not delete recording chunks"));
  } catch (err) {
    ctx.log.warn({ err, callId }, "recording failed");
    await setRecording(ctx, callId, { recording_status: "failed", recording_error: err instanceof Error ? err.message.slice(0, 500) : "Unknown error" });
  } finally {
    watch.done();
    stopBeating();
    if (dir) await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

const startSchema = z.object({ mime_type: z.string().max(200).optional() });
const finishSchema = z.object({ chunks: z.coerce.number().int().min(0).max(MAX_CHUNKS).optional() });

// Every node looks for recordings another node left unfinished (see sweepOrphanRecordings).
onCallsSweep(sweepOrphanRecordings);
onCallsSweep(sweepSfuRecordings);

export function recordingRoutes(ctx: AppContext, r: Router, _upload: RequestHandler): void {
  // A call that ends while still recording (the recorder crashed or left) is finished by the server.
  onCallFinished((callId) => {
    // Janus's recording of an SFU call has no chunk in flight: it is finished at once.
    void stopSfuRecording(ctx, callId).then((server) => {
      if (server) return;
      setTimeout(() => void finalizeRecording(ctx, callId, null).catch((err) => ctx.log.warn({ err, callId }, "finalize failed")), graceMs()).unref();
    }, (err) => ctx.log.warn({ err, callId }, "stopping the server recording failed"));
  });

  r.post("/recordings/:call_id/start", requireAuth, async (req, res) => {
    const parsed = startSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest(zodMessage(parsed.error));
    const call = await findCall(ctx, currentUser(req), String(req.params.call_id));
    if (call.recording_status === "recording" || call.recording_status === "processing") throw new HttpError(409, "This call is already being recorded");
    const target = await activeStorage(ctx);
    if (!target) {
      await setRecording(ctx, call.call_id, { recording_status: "not_configured", recording_error: NOT_CONFIGURED });
      res.json({ call_id: call.call_id, recording_status: "not_configured", error_message: NOT_CONFIGURED });
      return;
    }
    // A call through the SFU is recorded by Janus on the server (docs/calls.md, "Recording").
    if (call.media === "sfu" && canRecordOnServer(ctx)) {
      if (!["initiated", "ringing", "connected"].includes(call.status)) throw new HttpError(409, "This call has ended");
      await startSfuRecording(ctx, call, currentUser(req).id);
      res.json({ call_id: call.call_id, recording_status: "recording", error_message: null, recorder: "server" });
      return;
    }
    await deleteChunks(target.storage, call.call_id);
    await setRecording(ctx, call.call_id, { recording_status: "recording", recording_error: null });
    res.json({ call_id: call.call_id, recording_status: "recording", error_message: null, recorder: "browser" });
  });

  // Raw bytes (application/octet-stream), streamed to storage as they arrive.
  r.post("/recordings/:call_id/chunks/:seq", requireAuth, async (req, res) => {
    const seq = Number(req.params.seq);
    if (!Number.isInteger(seq) || seq < 0 || seq >= MAX_CHUNKS) throw badRequest("seq must be a chunk number from 0");
    const call = await findCall(ctx, currentUser(req), String(req.params.call_id));
    if (call.recording_status !== "recording") throw new HttpError(409, "This call is not being recorded");
    const target = await activeStorage(ctx);
    if (!target) throw new HttpError(409, NOT_CONFIGURED);
    const stored = await storeStream(ctx, req, "application/octet-stream", {
      storage: target.storage,
      key: chunkKey(call.call_id, seq),
      maxBytes: MAX_CHUNK_BYTES,
    });
    res.status(201).json({ seq, size_bytes: stored.size_bytes });
  });

  r.post("/recordings/:call_id/finish", requireAuth, async (req, res) => {
    const parsed = finishSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest(zodMessage(parsed.error));
    const user = currentUser(req);
    const call = await findCall(ctx, user, String(req.params.call_id));
    if (call.recording_status !== "recording") throw new HttpError(409, "This call is not being recorded");
    if (await stopSfuRecording(ctx, call.call_id)) {
      res.status(202).json({ call_id: call.call_id, recording_status: "processing", error_message: null });
      return;
    }
    // The conversion runs after the answer: the record shows processing, then completed or failed.
    void finalizeRecording(ctx, call.call_id, user.id).catch((err) => ctx.log.warn({ err }, "finalize failed"));
    res.status(202).json({ call_id: call.call_id, recording_status: "processing", error_message: null });
  });
}
