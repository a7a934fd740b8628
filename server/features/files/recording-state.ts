// The recording fields of a call record and the lookups the recording routes share.
import { sql } from "kysely";
import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import { notFound } from "../../errors";
import { publishCall } from "../calls/records";
import { isCallParticipant } from "./access";
import { UUID_RE } from "./meta";
import type { StoredFile } from "./service";

export const NOT_CONFIGURED = "Recording not configured for your organization";

export async function findCall(ctx: AppContext, user: User, idOrCallId: string) {
  const numeric = /^\d{1,9}$/.test(idOrCallId) ? Number(idOrCallId) : null;
  const call = await ctx.db
    .selectFrom("call_history")
    .select(["id", "call_id", "recording_status", "recording_error", "recording_file_id"])
    .where((eb) => (numeric === null ? eb("call_id", "=", idOrCallId) : eb.or([eb("id", "=", numeric), eb("call_id", "=", idOrCallId)])))
    .orderBy("id")
    .executeTakeFirst();
  if (!call || !(await isCallParticipant(ctx.db, user.id, call.call_id))) throw notFound("Call not found");
  return call;
}

export async function recordingConfigured(ctx: AppContext): Promise<boolean> {
  const row = await ctx.db
    .selectFrom("org_storage_config")
    .select("id")
    .where("is_active", "=", true)
    .where("storage_provider", "is not", null)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export async function setRecording(ctx: AppContext, callId: string, fields: { recording_status: "not_configured" | "processing" | "completed" | "recording" | "failed"; recording_error?: string | null; recording_file_id?: string | null }) {
  await ctx.db
    .updateTable("call_history")
    .set({ ...fields, updated_at: sql`now()` })
    .where("call_id", "=", callId)
    .execute();
  // Participants see recording → processing → completed live (calls.update); a push failure must not fail the upload.
  await publishCall(ctx, callId).catch((err) => ctx.log.warn({ err, callId }, "could not publish the call record"));
}

export async function loadFile(ctx: AppContext, id: string): Promise<StoredFile | undefined> {
  if (!UUID_RE.test(id)) return undefined;
  return ctx.db.selectFrom("stored_files").selectAll().where("id", "=", id.toLowerCase()).executeTakeFirst();
}

