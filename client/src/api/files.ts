import { request } from "./http";
import type { UploadedFile } from "./types";

export type UploadType = "messages" | "file_library" | "profile_photo";

export function uploadFile(file: File, uploadType: UploadType, itemId?: number | string): Promise<UploadedFile> {
  const form = new FormData();
  form.append("file", file, file.name);
  form.append("upload_type", uploadType);
  if (itemId !== undefined) form.append("item_id", String(itemId));
  return request<UploadedFile>("/files", { method: "POST", body: form });
}
