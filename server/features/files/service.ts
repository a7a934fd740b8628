// Storing file bytes and their metadata row. Bytes go to ctx.storage as they arrive,
// hashed on the way; the row is written only once the bytes are safely stored.
import crypto from "node:crypto";
import { Transform, type Readable, type TransformCallback } from "node:stream";
import type { AppContext } from "../../context";
import { HttpError } from "../../errors";
import { storageKey, type FileStorage } from "../../storage/types";
import { storageFromSettings } from "../../storage/org";
import { tooLargeMessage } from "./meta";
import { deleteStoredFileRow, findStorageConfigById, insertStoredFileRow, type StoredFile } from "./repository";

export type { StoredFile } from "./repository";

export const UPLOAD_TYPES = ["file_library", "messages", "profile_photo", "recording"] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** Bytes as stored, before a row exists. */
export interface StoredBytes {
  id: string;
  storage_key: string;
  size_bytes: number;
  checksum_sha256: string;
}

// Timestamps arrive as Date from pg and PGlite; typed loosely so schema typing changes do not matter here.
export const asDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

export const fileUrl = (id: string) => `/api/files/${id}`;

export function presentStoredFile(f: StoredFile) {
  return {
    id: f.id,
    file_url: fileUrl(f.id),
    original_filename: f.original_filename,
    mime_type: f.mime_type,
    size_bytes: Number(f.size_bytes),
    checksum_sha256: f.checksum_sha256,
    upload_type: f.upload_type,
    item_id: f.item_id,
    created_date: asDate(f.created_at).toISOString(),
  };
}

/** Counts and hashes what flows through; fails with 413 the moment the limit is passed. */
class HashingLimiter extends Transform {
  readonly hash = crypto.createHash("sha256");
  size = 0;
  constructor(private maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return cb(new HttpError(413, tooLargeMessage(this.maxBytes)));
    this.hash.update(chunk);
    cb(null, chunk);
  }
}

/**
 * Streams `source` into storage under a fresh `yyyy/mm/<uuid>` key. On any failure (too large,
 * client gone, storage error) nothing is left behind and the error is rethrown.
 */
export async function storeStream(
  ctx: AppContext,
  source: Readable,
  mimeType: string,
  opts: { storage?: FileStorage; maxBytes?: number; key?: string } = {},
): Promise<StoredBytes> {
  const storage = opts.storage ?? ctx.storage;
  const id = crypto.randomUUID();
  const key = opts.key ?? storageKey(id);
  const meter = new HashingLimiter(opts.maxBytes ?? ctx.config.maxUploadBytes);
  // Errors of the source reach the meter; when the meter fails first, the source is drained
  // rather than destroyed so a multipart parser behind it can still finish the request.
  source.on("error", (err) => meter.destroy(err));
  meter.on("error", () => {
    source.unpipe(meter);
    source.resume();
  });
  source.pipe(meter);
  try {
    await storage.put(key, meter, mimeType);
  } catch (err) {
    await storage.delete(key).catch(() => {});
    throw err;
  }
  return { id, storage_key: key, size_bytes: meter.size, checksum_sha256: meter.hash.digest("hex") };
}

export async function storeBuffer(ctx: AppContext, data: Buffer, mimeType: string): Promise<StoredBytes> {
  if (data.length > ctx.config.maxUploadBytes) throw new HttpError(413, tooLargeMessage(ctx.config.maxUploadBytes));
  const id = crypto.randomUUID();
  const key = storageKey(id);
  await ctx.storage.put(key, data, mimeType);
  return { id, storage_key: key, size_bytes: data.length, checksum_sha256: crypto.createHash("sha256").update(data).digest("hex") };
}

export interface FileMeta {
  upload_type: UploadType;
  item_id: string | null;
  original_filename: string;
  mime_type: string;
  owner_id: number;
  /** Where the bytes are when not in ctx.storage: `org:<org_storage_config id>` (recordings). */
  storage_backend?: string;
  storage?: FileStorage;
}

/** Writes the row for bytes already stored; if that fails the bytes are removed too. */
export async function insertStoredFile(ctx: AppContext, bytes: StoredBytes, meta: FileMeta): Promise<StoredFile> {
  try {
    return await insertStoredFileRow(ctx.db, {
      // Picked one by one: `bytes` may be a multer file object carrying more than columns.
      id: bytes.id,
      storage_key: bytes.storage_key,
      size_bytes: bytes.size_bytes,
      checksum_sha256: bytes.checksum_sha256,
      upload_type: meta.upload_type,
      item_id: meta.item_id,
      original_filename: meta.original_filename,
      mime_type: meta.mime_type,
      owner_id: meta.owner_id,
      storage_backend: meta.storage_backend ?? ctx.storage.backend,
    });
  } catch (err) {
    await (meta.storage ?? ctx.storage).delete(bytes.storage_key).catch(() => {});
    throw err;
  }
}

/** Removes the row, then the bytes (a row without bytes would be a broken link; the reverse is only waste). */
export async function deleteStoredFile(ctx: AppContext, file: Pick<StoredFile, "id" | "storage_key" | "storage_backend">): Promise<void> {
  await deleteStoredFileRow(ctx.db, file.id);
  const storage = await storageOf(ctx, file).catch(() => ctx.storage);
  await storage.delete(file.storage_key).catch((err) => ctx.log.warn({ err, key: file.storage_key }, "could not delete file bytes"));
}

/** The storage holding a file's bytes: ctx.storage, or the org storage a recording went to. */
export async function storageOf(ctx: AppContext, file: Pick<StoredFile, "storage_backend">): Promise<FileStorage> {
  const m = /^org:(\d+)$/.exec(file.storage_backend);
  if (!m) return ctx.storage;
  const cfg = await findStorageConfigById(ctx.db, Number(m[1]));
  if (!cfg) throw new Error(`storage configuration ${m[1]} is gone`);
  return storageFromSettings(cfg);
}
