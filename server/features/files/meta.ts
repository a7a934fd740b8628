// Pure helpers about file metadata: names, types, size messages. No I/O here.
import path from "node:path";

const BY_EXTENSION: Record<string, string> = {
  txt: "text/plain",
  csv: "text/csv",
  md: "text/markdown",
  html: "text/html",
  htm: "text/html",
  css: "text/css",
  js: "text/javascript",
  json: "application/json",
  xml: "application/xml",
  pdf: "application/pdf",
  rtf: "application/rtf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  odp: "application/vnd.oasis.opendocument.presentation",
  zip: "application/zip",
  gz: "application/gzip",
  tgz: "application/gzip",
  tar: "application/x-tar",
  "7z": "application/x-7z-compressed",
  rar: "application/vnd.rar",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  bmp: "image/bmp",
  ico: "image/x-icon",
  svg: "image/svg+xml",
  heic: "image/heic",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  m4a: "audio/mp4",
  aac: "audio/aac",
  flac: "audio/flac",
  weba: "audio/webm",
  mp4: "video/mp4",
  m4v: "video/mp4",
  webm: "video/webm",
  ogv: "video/ogg",
  mov: "video/quicktime",
  avi: "video/x-msvideo",
  mkv: "video/x-matroska",
};

export const OCTET_STREAM = "application/octet-stream";
const MIME_RE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

export function mimeFromExtension(filename: string): string {
  const ext = path.extname(filename).slice(1).toLowerCase();
  return BY_EXTENSION[ext] ?? OCTET_STREAM;
}

/**
 * The client's type when it is a real one (browsers send what they know), else the documented rule:
 * from the extension, else application/octet-stream. Parameters (`; charset=`) are dropped.
 */
export function resolveMimeType(declared: string | undefined | null, filename: string): string {
  const base = (declared ?? "").split(";")[0]!.trim().toLowerCase();
  if (base && base !== OCTET_STREAM && MIME_RE.test(base)) return base;
  return mimeFromExtension(filename);
}

/** A display name without directories or control characters, at most 255 characters. */
export function sanitizeFilename(name: string | undefined | null, fallback = "file"): string {
  const base = String(name ?? "")
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim();
  const clean = base === "." || base === ".." ? "" : base;
  return (clean || fallback).slice(0, 255);
}

// Shown inline by the browser; everything else (HTML, SVG, scripts) is a download, so an
// uploaded page can never run in our origin.
const INLINE = /^(image\/(png|jpeg|gif|webp|avif|bmp|x-icon|heic)|video\/[a-z0-9.+-]+|audio\/[a-z0-9.+-]+|application\/pdf)$/;

export function isInlineType(mime: string): boolean {
  return INLINE.test(mime);
}

/** RFC 6266: an ASCII fallback plus the exact name as UTF-8 in filename*. */
export function contentDisposition(kind: "inline" | "attachment", filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_") || "file";
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function formatLimit(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : +mb.toFixed(1)} MB`;
  const kb = bytes / 1024;
  return kb >= 1 ? `${+kb.toFixed(1)} KB` : `${bytes} bytes`;
}

export const tooLargeMessage = (maxBytes: number) => `File too large (max ${formatLimit(maxBytes)})`;
