import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SharedFile } from "@shared/entities";
import { createEntity, deleteEntity, listEntities, updateEntity } from "../../lib/entityApi";
import { request } from "../../lib/http";
import { getToken } from "../../lib/tokenStorage";

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

/**
 * The same upload through XMLHttpRequest: fetch cannot report upload progress. The body is the
 * File itself, so the browser streams it from disk; `signal` cancels it.
 */
export function uploadFileWithProgress(file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/files");
    const token = getToken();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let data: { error?: string } | null = null;
      try {
        data = JSON.parse(xhr.responseText) as { error?: string };
      } catch {
        // not JSON
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as unknown as UploadedFile);
      else reject(new Error(data?.error ?? `Request failed: ${xhr.status}`));
    };
    xhr.onerror = () => reject(new Error("Network error"));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal.addEventListener("abort", () => xhr.abort());
    const form = new FormData();
    form.append("upload_type", "file_library");
    form.append("file", file, file.name);
    xhr.send(form);
  });
}

export const fileKeys = { all: ["shared_files"] as const };

/** The server lists only files the user owns or that are shared with them. */
export function useSharedFiles() {
  return useQuery({
    queryKey: fileKeys.all,
    queryFn: ({ signal }) => listEntities<SharedFile>("shared_files", { sort: "-id", limit: 1000 }, signal),
  });
}

export function createSharedFile(body: Record<string, unknown>): Promise<SharedFile> {
  return createEntity<SharedFile>("shared_files", body);
}

export function useUpdateSharing() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, emails }: { id: number; emails: string[] }) => updateEntity<SharedFile>("shared_files", id, { shared_with_emails: emails }),
    onSuccess: () => qc.invalidateQueries({ queryKey: fileKeys.all }),
  });
}

export function useDeleteSharedFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteEntity("shared_files", id),
    onSuccess: () => qc.invalidateQueries({ queryKey: fileKeys.all }),
  });
}
