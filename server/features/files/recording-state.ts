// The recording fields of a call record and the lookups the recording routes share.
import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import { notFound } from "../../errors";
import { publishCall } from "../calls/records";
import { isCallParticipant } from "./access";
import { UUID_RE } from "@shared/constants";
import { findCallRecordingState, findStoredFile, hasActiveStorageConfig, recordingHeartbeat, updateCallRecording, type StoredFile } from "./repository";

export const NOT_CONFIGURED = "Recording not configured for your organization";

export async function findCall(ctx: AppContext, user: User, idOrCallId: string) {
  const numeric = /^\d{1,9}$/.test(idOrCallId) ? Number(idOrCallId) : null;
  const call = await findCallRecordingState(ctx.db, idOrCallId, numeric);
  if (!call || !(await isCallParticipant(ctx.db, user.id, call.call_id))) throw notFound("Call not found");
  return call;
}

export async function recordingConfigured(ctx: AppContext): Promise<boolean> {
  return hasActiveStorageConfig(ctx.db);
}

export async function setRecording(ctx: AppContext, callId: string, fields: { recording_status: "not_configured" | "processing" | "completed" | "recording" | "failed"; recording_error?: string | null; recording_file_id?: string | null }) {
  await updateCallRecording(ctx.db, callId, fields);
  // Participants see recording → processing → completed live (calls.update); a push failure must not fail the upload.
  await publishCall(ctx, callId).catch((err) => ctx.log.warn({ err, callId }, "could not publish the call record"));
}

const HEARTBEAT_MS = 5_000;

/**
 * Marks a call's recording as being worked on (a conversion, or a participant's upload still
 * arriving) and keeps saying so: the orphan sweep takes over a `processing` recording only once
 * its heartbeat is stale, so work in progress is never claimed and failed under it.
 * Returns the function that stops the heartbeat.
 */
export async function startProcessing(ctx: AppContext, callId: string): Promise<() => void> {
  await setRecording(ctx, callId, { recording_status: "processing", recording_error: null });
  const beat = setInterval(() => void recordingHeartbeat(ctx.db, callId).catch(() => {}), HEARTBEAT_MS);
  beat.unref();
  return () => clearInterval(beat);
}

export async function loadFile(ctx: AppContext, id: string): Promise<StoredFile | undefined> {
  if (!UUID_RE.test(id)) return undefined;
  return findStoredFile(ctx.db, id.toLowerCase());
}

