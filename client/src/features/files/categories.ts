import { FILE_CATEGORIES } from "@shared/entities/shared_files";

export type FileCategory = (typeof FILE_CATEGORIES)[number];
export const FILTER_CATEGORIES = ["all", "document", "image", "video", "audio", "archive", "other"] as const;
export const UPLOAD_CATEGORIES = FILE_CATEGORIES;

/** The category a file most likely belongs to, from its type and name. */
export function guessCategory(mime: string, name: string): FileCategory {
  if (mime.startsWith("image/")) return "image";
  if (mime.startsWith("video/")) return "video";
  if (mime.startsWith("audio/")) return "audio";
  if (/\.(zip|tar|gz|tgz|7z|rar|bz2|xz)$/i.test(name)) return "archive";
  if (mime === "application/pdf" || mime.startsWith("text/") || /\.(docx?|xlsx?|pptx?|odt|ods|odp|md|csv|rtf)$/i.test(name)) return "document";
  return "other";
}

export type PreviewKind = "image" | "pdf" | "audio" | "video" | null;

export function previewKind(mime: string | null | undefined): PreviewKind {
  const m = mime ?? "";
  if (m.startsWith("image/")) return "image";
  if (m === "application/pdf") return "pdf";
  if (m.startsWith("audio/")) return "audio";
  if (m.startsWith("video/")) return "video";
  return null;
}

/** Tags from "a, b, ,c": trimmed, empties dropped. */
export function parseTags(text: string): string[] {
  return text
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
}
