import type { SharedFile } from "@shared/entities";

/** The server names the download after the stored file (Content-Disposition). */
export function downloadUrl(file: Pick<SharedFile, "file_url">): string {
  if (!file.file_url) return "#";
  return `${file.file_url}${file.file_url.includes("?") ? "&" : "?"}download=1`;
}
