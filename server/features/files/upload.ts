// Getting upload bytes off the request: multipart streamed through multer into storage,
// or the documented JSON/form body with base64 data, parsed with a limit sized for files.
import express, { type Request, type RequestHandler } from "express";
import multer from "multer";
import type { AppContext } from "../../context";
import { authenticate } from "../../auth/middleware";
import { HttpError, badRequest } from "../../errors";
import { storeStream, type StoredBytes } from "./service";
import { resolveMimeType, tooLargeMessage } from "./meta";

/** What req.file carries after the streaming engine stored it. */
export interface UploadedFile extends StoredBytes {
  originalname: string;
  mime_type: string;
}

export function uploadedFile(req: Request): UploadedFile | undefined {
  return req.file as unknown as UploadedFile | undefined;
}

/** A multer engine that never touches memory or a temp dir: bytes go straight to ctx.storage. */
function streamingEngine(ctx: AppContext): multer.StorageEngine {
  return {
    _handleFile(_req, file, cb) {
      const mime = resolveMimeType(file.mimetype, file.originalname);
      storeStream(ctx, file.stream, mime).then(
        (bytes) => cb(null, { ...bytes, mime_type: mime } as Partial<Express.Multer.File>),
        (err: unknown) => cb(err),
      );
    },
    // Multer calls this for files already stored when the request fails later (a second file, a bad field).
    _removeFile(_req, file, cb) {
      const key = (file as unknown as Partial<StoredBytes>).storage_key;
      if (!key) return cb(null);
      ctx.storage.delete(key).then(
        () => cb(null),
        (err: Error) => cb(err),
      );
    },
  };
}

function mapUploadError(err: unknown, req: Request, maxBytes: number): unknown {
  if (err instanceof HttpError) return err;
  if (err instanceof multer.MulterError) {
    if (err.code === "LIMIT_FILE_SIZE") return new HttpError(413, tooLargeMessage(maxBytes));
    if (err.code === "LIMIT_UNEXPECTED_FILE") return badRequest(`Unexpected file field "${err.field ?? ""}": send one file in "file"`);
    return badRequest(`Upload refused: ${err.message}`);
  }
  const e = err as { code?: string; syscall?: string; message?: string };
  if (req.destroyed || /^Request (aborted|closed)/.test(e?.message ?? "")) return badRequest("Upload aborted");
  // Anything with a syscall is a storage fault (disk full, permissions): a real 500.
  if (e?.syscall || e?.code) return err;
  return badRequest(`Malformed multipart body: ${e?.message ?? "unreadable"}`);
}

/** `multipart/form-data` with one file in `file` and text fields; a no-op for other bodies. */
export function multipartUpload(ctx: AppContext): RequestHandler {
  const max = ctx.config.maxUploadBytes;
  const m = multer({
    storage: streamingEngine(ctx),
    limits: { fileSize: max, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 },
    // Browsers send UTF-8 file names without saying so; busboy would read them as latin1.
    defParamCharset: "utf8",
  }).single("file");
  return (req, res, next) => {
    m(req, res, (err?: unknown) => next(err ? mapUploadError(err, req, max) : undefined));
  };
}

/** Runs one middleware inside an async handler, so its failures can be caught there. */
export function runMiddleware(mw: RequestHandler, req: Request, res: express.Response): Promise<void> {
  return new Promise((resolve, reject) => {
    void mw(req, res, (err?: unknown) => (err ? reject(err) : resolve()));
  });
}

const UPLOAD_PATH = /^\/(files|upload)\/?$/;

/**
 * The documented base64 body is about 4/3 of the file, far above the API's 1 MB JSON limit.
 * Mounted before the generic parsers, this parses POST /files bodies with a limit sized from
 * MAX_UPLOAD_MB; the generic parsers then see a consumed body and skip it. Only signed-in
 * callers get the large limit, so nobody anonymous can make the server buffer 100+ MB.
 */
export function filesBodyParser(ctx: AppContext): RequestHandler {
  const limit = Math.ceil(ctx.config.maxUploadBytes * 1.37) + 64 * 1024;
  const json = express.json({ limit });
  const form = express.urlencoded({ extended: false, limit, parameterLimit: 50 });
  const auth = authenticate(ctx);
  return (req, res, next) => {
    if (req.method !== "POST" || !UPLOAD_PATH.test(req.path) || !(req.is("application/json") || req.is("application/x-www-form-urlencoded"))) {
      return next();
    }
    const parse = () => {
      if (!req.user) return next();
      const parser = req.is("application/json") ? json : form;
      parser(req, res, (err?: unknown) => {
        const e = err as { type?: string } | undefined;
        if (e?.type === "entity.too.large") return next(new HttpError(413, tooLargeMessage(ctx.config.maxUploadBytes)));
        next(err);
      });
    };
    if (req.user) return parse();
    void auth(req, res, (err?: unknown) => (err ? next(err) : parse()));
  };
}

const BASE64_RE = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * Decodes `data_base64` (optionally a `data:<type>;base64,` URL). Refuses anything that is not
 * base64, and anything that would decode to more than `maxBytes` before decoding it.
 */
export function decodeBase64(input: string, maxBytes: number): { data: Buffer; mimeFromDataUrl?: string } {
  let text = input;
  let mimeFromDataUrl: string | undefined;
  const dataUrl = /^data:([^;,]*)(;[^,]*)?,/.exec(text);
  if (dataUrl) {
    if (!/;base64/i.test(dataUrl[2] ?? "")) throw badRequest("data_base64: a data URL must be base64-encoded");
    mimeFromDataUrl = dataUrl[1] || undefined;
    text = text.slice(dataUrl[0].length);
  }
  text = text.replace(/\s+/g, "");
  if (!BASE64_RE.test(text) || text.length % 4 === 1) throw badRequest("data_base64 is not valid base64");
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  if (Math.floor((text.length * 3) / 4) - padding > maxBytes) throw new HttpError(413, tooLargeMessage(maxBytes));
  return { data: Buffer.from(text, "base64"), mimeFromDataUrl };
}
