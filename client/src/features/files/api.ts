import { request } from "../../lib/http";

export type UploadType = "messages" | "file_library" | "profile_photo";

/** What the upload endpoint answers: the stored file, not yet a shared_files row. */
export interface UploadedFile {
  id: string | number;
  file_url: string;
  original_filename: string;
  mime_type: string;
  size_bytes: number;
  checksum_sha256: string;
}

export function uploadFile(file: File, uploadType: UploadType, itemId?: number | string): Promise<UploadedFile> {
  const form = new FormData();
  form.append("file", file, file.name);
  form.append("upload_type", uploadType);
  if (itemId !== undefined) form.append("item_id", String(itemId));
  return request<UploadedFile>("/files", { method: "POST", body: form });
}
