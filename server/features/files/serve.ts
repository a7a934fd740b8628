// Sending stored bytes over HTTP: one range or the whole file, with headers that keep
// uploaded content from ever running as a page of our origin.
import type { Request, Response } from "express";
import { pipeline } from "node:stream/promises";
import type { AppContext } from "../../context";
import type { ByteRange } from "../../storage/types";
import { StorageNotFoundError } from "../../storage/types";
import { HttpError, notFound } from "../../errors";
import { asDate, storageOf, type StoredFile } from "./service";
import { contentDisposition, isInlineType } from "./meta";

export type RangeResult = { kind: "full" } | { kind: "partial"; range: ByteRange } | { kind: "unsatisfiable" };

/**
 * RFC 9110 byte ranges for one representation of `size` bytes. Malformed headers and other
 * units are ignored (full body); several ranges are answered with the full body, which the
 * RFC allows and which saves us multipart/byteranges.
 */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return { kind: "full" };
  const m = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!m) return { kind: "full" };
  const specs = m[1]!.split(",").map((s) => s.trim());
  if (specs.length !== 1) return { kind: "full" };
  const r = /^(\d*)-(\d*)$/.exec(specs[0]!);
  if (!r || (r[1] === "" && r[2] === "")) return { kind: "full" };
  if (r[1] === "") {
    // bytes=-n: the last n bytes.
    const n = Number(r[2]);
    if (!Number.isSafeInteger(n)) return { kind: "full" };
    if (n === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", range: { start: Math.max(0, size - n), end: size - 1 } };
  }
  const start = Number(r[1]);
  const end = r[2] === "" ? size - 1 : Number(r[2]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return { kind: "full" };
  if (r[2] !== "" && end < start) return { kind: "full" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "partial", range: { start, end: Math.min(end, size - 1) } };
}

export interface ServeOptions {
  /** Overrides the stored name, e.g. `{call_id}.mp4` for recordings. */
  filename?: string;
  /** Forces a download even for types a browser would show. */
  attachment?: boolean;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((t) => {
    const v = t.trim().replace(/^W\//, "");
    return v === "*" || v === etag;
  });
}

export async function sendStoredFile(ctx: AppContext, req: Request, res: Response, file: StoredFile, opts: ServeOptions = {}): Promise<void> {
  const size = Number(file.size_bytes);
  const etag = `"${file.checksum_sha256}"`;
  const inline = !opts.attachment && isInlineType(file.mime_type);

  if (etagMatches(req.headers["if-none-match"], etag)) {
    res.setHeader("ETag", etag);
    res.setHeader("Cache-Control", "private, no-cache");
    res.status(304).end();
    return;
  }
  // If-Range with a stale validator means "send everything"; ours never changes, but be exact.
  const ifRange = req.get("if-range");
  const r = parseRange(ifRange && ifRange.trim() !== etag ? undefined : req.get("range"), size);
  if (r.kind === "unsatisfiable") {
    res.setHeader("Accept-Ranges", "bytes");
    res.setHeader("Content-Range", `bytes */${size}`);
    throw new HttpError(416, "Range not satisfiable");
  }

  res.setHeader("Content-Type", file.mime_type);
  res.setHeader("Content-Disposition", contentDisposition(inline ? "inline" : "attachment", opts.filename ?? file.original_filename));
  res.setHeader("Accept-Ranges", "bytes");
  res.setHeader("ETag", etag);
  res.setHeader("Last-Modified", asDate(file.created_at).toUTCString());
  res.setHeader("X-Content-Type-Options", "nosniff");
  // Private: access is per user. no-cache: revalidate each time, so revoked sharing takes effect.
  res.setHeader("Cache-Control", "private, no-cache");
  // Even a file opened directly can run nothing. PDFs are left out: Chrome's viewer refuses sandboxed documents.
  if (file.mime_type !== "application/pdf") {
    res.setHeader("Content-Security-Policy", "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox");
  }
  const range = r.kind === "partial" ? r.range : undefined;
  const length = range ? range.end - range.start + 1 : size;
  if (range) res.setHeader("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
  res.setHeader("Content-Length", String(length));
  res.status(range ? 206 : 200);

  if (req.method === "HEAD" || length === 0) {
    res.end();
    return;
  }
  let body;
  try {
    body = await (await storageOf(ctx, file)).get(file.storage_key, range);
  } catch (err) {
    if (err instanceof StorageNotFoundError) {
      ctx.log.warn({ fileId: file.id, key: file.storage_key }, "file row without stored bytes");
      for (const h of ["Content-Range", "Content-Length", "Content-Disposition", "ETag", "Last-Modified", "Content-Type"]) res.removeHeader(h);
      throw notFound("File not found");
    }
    throw err;
  }
  try {
    await pipeline(body, res);
  } catch (err) {
    // A client that goes away mid-download is normal (seeking video does it constantly).
    if (!res.writableEnded && !req.destroyed) ctx.log.warn({ err, fileId: file.id }, "download interrupted");
  }
}
