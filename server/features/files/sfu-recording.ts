// Server recordings of calls through the SFU (docs/calls.md, "Recording"): nobody's browser has to stay
// open. Starting asks Janus to record the call's room into a directory of its own under
// JANUS_REC_DIR (one .mjr file per publisher stream); stopping, or the call ending, turns
// recording off and converts the files into `{call_id}.mp4` in the organisation's storage, the
// same file and call record a browser recording produces. The job is a row of sfu_recordings:
// the node converting it holds a lease it renews; when a node dies or restarts mid-way, another
// node's sweep claims the job once the lease runs out and does the conversion again.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AppContext } from "../../context";
import { HttpError } from "../../errors";
import { storageFromSettings } from "../../storage/org";
import { startRoomRecording, stopRoomRecording } from "../sfu/recording";
import { NOT_CONFIGURED, setRecording } from "./recording-state";
import { insertStoredFile, storeStream } from "./service";
import { findActiveStorageConfig } from "./repository";
import { composeMjr, listMjr } from "./mjr";
import { stepWatch } from "./tool";
import { within } from "../../within";
import { claimAbandoned, claimStop, deleteSfuRecording, endJob, renewLease, setJobFiles, upsertSfuRecording, type SfuRecording } from "./sfu-recording-repository";

/** A conversion not renewed for this long is taken over (the same setting as browser recordings). */
const leaseMs = () => Number(process.env.RECORDING_STALE_MS ?? 60_000);
const graceMs = () => Number(process.env.RECORDING_GRACE_MS ?? 15_000);
/** Renewed every 5 s, or more often when the lease is shorter than 15 s. */
const renewMs = () => Math.min(5_000, leaseMs() / 3);

/** Starts Janus recording the call's room; the call record shows `recording` to everyone in it. */
export async function startSfuRecording(ctx: AppContext, call: { id: number; call_id: string }, ownerId: number): Promise<void> {
  const dir = path.join(ctx.config.janusRecDir!, `${call.call_id}-${Date.now().toString(36)}`);
  // The row first: a node that dies right after Janus starts still leaves a job to finish.
  await upsertSfuRecording(ctx.db, { call_id: call.call_id, room: 0, rec_dir: dir, owner_id: ownerId });
  try {
    const room = await startRoomRecording(ctx, call, dir);
    await ctx.db.updateTable("sfu_recordings").set({ room }).where("call_id", "=", call.call_id).execute();
  } catch (err) {
    ctx.log.warn({ err, callId: call.call_id }, "Janus did not start recording");
    await deleteSfuRecording(ctx.db, call.call_id);
    throw new HttpError(502, "The media server could not start recording");
  }
  await setRecording(ctx, call.call_id, { recording_status: "recording", recording_error: null });
}

/**
 * Stops the call's server recording and converts it in the background; false when the call has
 * no server recording running (a browser records it, or it has already stopped).
 */
export async function stopSfuRecording(ctx: AppContext, callId: string): Promise<boolean> {
  const job = await claimStop(ctx.db, callId, ctx.config.nodeId, leaseMs());
  if (!job) return false;
  await setRecording(ctx, callId, { recording_status: "processing", recording_error: null });
  void finishJob(ctx, job).catch((err) => ctx.log.warn({ err, callId }, "server recording failed"));
  return true;
}

/** Run by every node's sweep: finishes jobs whose node went away (docs/calls.md, "Recording"). */
export async function sweepSfuRecordings(ctx: AppContext): Promise<void> {
  for (const job of await claimAbandoned(ctx.db, ctx.config.nodeId, leaseMs(), graceMs())) {
    ctx.log.info({ callId: job.call_id }, "finishing a server recording its node left behind");
    await setRecording(ctx, job.call_id, { recording_status: "processing", recording_error: null });
    await finishJob(ctx, job).catch((err) => ctx.log.warn({ err, callId: job.call_id }, "server recording failed"));
  }
}

/** Waits until Janus has stopped writing: the files' sizes hold still for a moment. */
async function settled(dir: string): Promise<void> {
  const sizes = async () => {
    const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
    const stats = await Promise.all(names.map((n) => fs.promises.stat(path.join(dir, n)).then((s) => `${n}:${s.size}`, () => n)));
    return stats.sort().join(",");
  };
  let before = await sizes();
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 500));
    const now = await sizes();
    if (now === before) return;
    before = now;
  }
}

async function finishJob(ctx: AppContext, job: SfuRecording): Promise<void> {
  const me = ctx.config.nodeId;
  const callId = job.call_id;
  let mine = true;
  const beat = setInterval(() => void renewLease(ctx.db, callId, me, leaseMs()).then((ok) => (mine = ok), () => {}), renewMs());
  const watch = stepWatch((step, seconds) => ctx.log.warn({ callId, step, seconds }, "server recording still converting"));
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), "sfu-recording-"));
  try {
    // Recording off closes every file (the room may be gone already: the call ended).
    watch.step("turning Janus recording off");
    if (job.room) {
      await within(stopRoomRecording(ctx, Number(job.room)), 15_000, "Turning Janus recording off").catch((err) => ctx.log.warn({ err, callId }, "could not turn Janus recording off"));
    }
    watch.step("waiting for Janus to close the files");
    await settled(job.rec_dir);
    ctx.log.info({ callId, dir: job.rec_dir }, "converting a server recording");
    const files = await listMjr(job.rec_dir);
    await setJobFiles(ctx.db, callId, files.map((f) => path.basename(f.file)));
    const cfg = await findActiveStorageConfig(ctx.db);
    if (!cfg) throw new Error(NOT_CONFIGURED);
    const storage = storageFromSettings(cfg);
    const mp4 = path.join(work, `${callId}.mp4`);
    const began = Date.now();
    watch.step("converting");
    await composeMjr(files, work, mp4);
    ctx.log.info({ callId, files: files.length, ms: Date.now() - began }, "server recording converted");
    if (!mine || !(await renewLease(ctx.db, callId, me, leaseMs()))) return; // another node has taken the job over
    watch.step("storing");
    const bytes = await storeStream(ctx, fs.createReadStream(mp4), "video/mp4", { storage, maxBytes: Number.MAX_SAFE_INTEGER });
    const row = await insertStoredFile(ctx, bytes, {
      upload_type: "recording",
      item_id: callId,
      original_filename: `${callId}.mp4`,
      mime_type: "video/mp4",
      owner_id: job.owner_id ?? 0,
      storage_backend: `org:${cfg.id}`,
      storage,
    });
    if (!(await endJob(ctx.db, callId, me, "completed", null))) return;
    await setRecording(ctx, callId, { recording_status: "completed", recording_error: null, recording_file_id: row.id });
    await fs.promises.rm(job.rec_dir, { recursive: true, force: true }).catch((err) => ctx.log.warn({ err, callId }, "could not delete the Janus recordings"));
  } catch (err) {
    const message = err instanceof Error ? err.message.slice(0, 500) : "Unknown error";
    ctx.log.warn({ err, callId }, "server recording failed");
    if (await endJob(ctx.db, callId, me, "failed", message).catch(() => false)) await setRecording(ctx, callId, { recording_status: "failed", recording_error: message });
  } finally {
    watch.done();
    clearInterval(beat);
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
