import { Router, type Request } from "express";
import { z } from "zod";
import type { AppContext } from "../../context";
import { currentUser, requireAuth } from "../../auth/middleware";
import { isAdmin } from "../../auth/roles";
import { HttpError, badRequest, forbidden, notFound, zodMessage } from "../../errors";
import { MESSAGES } from "@shared/constants";
import type { User } from "../../db/schema";
import {
  UPLOAD_TYPES,
  deleteStoredFile,
  insertStoredFile,
  presentStoredFile,
  storeBuffer,
  type StoredBytes,
  type UploadType,
} from "./service";
import { resolveMimeType, sanitizeFilename } from "./meta";
import { canReadChannelById, canReadStoredFile, isCallParticipant } from "./access";
import { sendStoredFile } from "./serve";
import { decodeBase64, multipartUpload, runMiddleware, uploadedFile } from "./upload";
import { testStorageConnection } from "./storage-test";
import { NOT_CONFIGURED, findCall, loadFile, recordingConfigured, setRecording, startProcessing } from "./recording-state";
import { recordingRoutes } from "./recording";
import { findFirstStorageSettings } from "./repository";


const itemId = z
  .union([z.string().trim().max(200), z.number().int()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? null : String(v)));

export const fieldsSchema = z.object({
  upload_type: z
    .enum(UPLOAD_TYPES, { error: `upload_type must be one of ${UPLOAD_TYPES.join(", ")}` })
    .or(z.literal("").transform(() => undefined))
    .optional(),
  item_id: itemId,
  original_filename: z.string().max(1000).optional(),
  mime_type: z.string().max(255).optional(),
  data_base64: z.string().optional(),
});

export const recordingStatusSchema = z.object({
  status: z.enum(["recording", "failed"], { error: "status must be recording or failed" }),
  error_message: z.string().trim().max(500).optional(),
});

const isTrue = (v: unknown) => v === "1" || v === "true" || v === "yes";

/** The upload may only point at things its uploader can see; otherwise it could appear in them. */
async function checkTarget(ctx: AppContext, user: User, type: UploadType, item: string | null, mime: string): Promise<void> {
  if (type === "messages" && item !== null) {
    if (!/^\d+$/.test(item) || !(await canReadChannelById(ctx.db, user, Number(item)))) throw notFound("Channel not found");
  }
  if (type === "recording") {
    if (item === null) throw badRequest("item_id (the call_id) is required for recordings");
    if (!(await isCallParticipant(ctx.db, user.id, item))) throw notFound("Call not found");
  }
  if (type === "profile_photo" && !mime.startsWith("image/")) throw badRequest("Please select an image file");
}

function param(req: Request, name: string): string {
  return String(req.params[name] ?? "");
}

export function fileRoutes(ctx: AppContext): Router {
  const r = Router();
  const upload = multipartUpload(ctx);

  // Multipart (field `file`) or the documented body { upload_type, item_id, original_filename, mime_type, data_base64 }.
  r.post("/files", requireAuth, upload, async (req, res) => {
    const user = currentUser(req);
    const stored = uploadedFile(req);
    let bytes: StoredBytes | undefined = stored;
    try {
      const parsed = fieldsSchema.safeParse(req.body ?? {});
      if (!parsed.success) throw badRequest(zodMessage(parsed.error));
      const fields = parsed.data;
      const type: UploadType = fields.upload_type ?? "file_library";
      let name: string;
      let mime: string;
      let data: Buffer | undefined;
      if (stored) {
        name = sanitizeFilename(stored.originalname);
        mime = stored.mime_type;
      } else if (fields.data_base64) {
        const decoded = decodeBase64(fields.data_base64, ctx.config.maxUploadBytes);
        data = decoded.data;
        name = sanitizeFilename(fields.original_filename);
        mime = resolveMimeType(fields.mime_type || decoded.mimeFromDataUrl, name);
      } else {
        throw badRequest(MESSAGES.fileRequired);
      }
      await checkTarget(ctx, user, type, fields.item_id, mime);
      if (data) bytes = await storeBuffer(ctx, data, mime);
      const row = await insertStoredFile(ctx, bytes!, { upload_type: type, item_id: fields.item_id, original_filename: name, mime_type: mime, owner_id: user.id });
      res.status(201).json(presentStoredFile(row));
    } catch (err) {
      // Bytes that never got their row are removed (insertStoredFile already does so itself).
      if (stored) await ctx.storage.delete(stored.storage_key).catch(() => {});
      throw err;
    }
  });

  // GET and HEAD (Express answers HEAD with this route). 404 for "absent" and "not yours" alike.
  r.get("/files/:id", requireAuth, async (req, res) => {
    const user = currentUser(req);
    const file = await loadFile(ctx, param(req, "id"));
    if (!file || !(await canReadStoredFile(ctx.db, user, file))) throw notFound("File not found");
    await sendStoredFile(ctx, req, res, file, { attachment: isTrue(req.query.download) });
  });

  r.get("/download-recording/:id", requireAuth, async (req, res) => {
    const user = currentUser(req);
    const call = await findCall(ctx, user, param(req, "id")).catch((e: unknown) => {
      if (e instanceof HttpError) return null;
      throw e;
    });
    const file = call?.recording_file_id ? await loadFile(ctx, call.recording_file_id) : undefined;
    if (!call || !file) throw notFound("Recording not found");
    await sendStoredFile(ctx, req, res, file, { filename: `${call.call_id}.mp4`, attachment: true });
  });

  // The participant's browser reports that it started recording (or that recording failed).
  r.post("/recordings/:call_id/status", requireAuth, async (req, res) => {
    const user = currentUser(req);
    const parsed = recordingStatusSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest(zodMessage(parsed.error));
    const call = await findCall(ctx, user, param(req, "call_id"));
    let status: "recording" | "failed" | "not_configured" = parsed.data.status;
    let error: string | null = status === "failed" ? parsed.data.error_message || "Unknown error" : null;
    if (status === "recording" && !(await recordingConfigured(ctx))) {
      status = "not_configured";
      error = NOT_CONFIGURED;
    }
    await setRecording(ctx, call.call_id, { recording_status: status, recording_error: error });
    res.json({ call_id: call.call_id, recording_status: status, error_message: error });
  });

  // The recording itself: processing while it arrives, then completed (or failed).
  r.post("/recordings/:call_id", requireAuth, async (req, res) => {
    const user = currentUser(req);
    const call = await findCall(ctx, user, param(req, "call_id"));
    if (!(await recordingConfigured(ctx))) {
      await setRecording(ctx, call.call_id, { recording_status: "not_configured", recording_error: NOT_CONFIGURED });
      throw new HttpError(409, NOT_CONFIGURED);
    }
    const stopBeating = await startProcessing(ctx, call.call_id);
    try {
      await runMiddleware(upload, req, res);
      const f = uploadedFile(req);
      if (!f) throw badRequest(MESSAGES.fileRequired);
      const row = await insertStoredFile(ctx, f, {
        upload_type: "recording",
        item_id: call.call_id,
        original_filename: sanitizeFilename(f.originalname, `${call.call_id}.webm`),
        mime_type: f.mime_type,
        owner_id: user.id,
      });
      await setRecording(ctx, call.call_id, { recording_status: "completed", recording_error: null, recording_file_id: row.id });
      // One recording per call: a later upload (another participant) replaces the earlier one.
      if (call.recording_file_id && call.recording_file_id !== row.id) {
        const old = await loadFile(ctx, call.recording_file_id);
        if (old) await deleteStoredFile(ctx, old);
      }
      res.status(201).json({ call_id: call.call_id, recording_status: "completed", error_message: null, file: presentStoredFile(row) });
    } catch (err) {
      const message = err instanceof HttpError ? err.message : "Upload failed";
      // A failed second upload must not hide a recording that is still there.
      const keep = call.recording_file_id && call.recording_status === "completed";
      await setRecording(ctx, call.call_id, keep ? { recording_status: "completed", recording_error: null } : { recording_status: "failed", recording_error: message }).catch(
        (e) => ctx.log.warn({ err: e }, "could not record the recording failure"),
      );
      throw err;
    } finally {
      stopBeating();
    }
  });

  recordingRoutes(ctx, r, upload);

  r.post("/test-storage-connection", requireAuth, async (req, res) => {
    if (!isAdmin(currentUser(req))) throw forbidden();
    const saved = await findFirstStorageSettings(ctx.db);
    res.json(await testStorageConnection(req.body, saved?.storage_config));
  });

  return r;
}
