// The storage an admin configured in Admin > Storage (org_storage_config), as a FileStorage:
// Amazon S3 or any S3-compatible server, Google Cloud Storage through its S3-compatible XML API
// (HMAC keys, https://storage.googleapis.com), or a directory on this server.
import path from "node:path";
import type { FileStorage } from "./types";
import { LocalStorage } from "./local";
import { S3Storage } from "./s3";

export const GCS_S3_ENDPOINT = "https://storage.googleapis.com";

export interface OrgStorageSettings {
  id: number;
  storage_provider: "aws_s3" | "google_cloud" | "local" | null;
  storage_config: unknown;
}

const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/** The inner settings of the chosen provider (storage_config is keyed by provider). */
export function providerConfig(s: Pick<OrgStorageSettings, "storage_provider" | "storage_config">): Record<string, unknown> {
  const all = (s.storage_config && typeof s.storage_config === "object" ? s.storage_config : {}) as Record<string, unknown>;
  const inner = s.storage_provider ? all[s.storage_provider] : undefined;
  return inner && typeof inner === "object" && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {};
}

/** Keyed by the settings themselves: a changed config gets a fresh client, an unchanged one is reused. */
const cache = new Map<string, FileStorage>();

export function storageFromSettings(s: OrgStorageSettings): FileStorage {
  const c = providerConfig(s);
  const key = JSON.stringify([s.storage_provider, c]);
  const hit = cache.get(key);
  if (hit) return hit;
  let storage: FileStorage;
  if (s.storage_provider === "aws_s3") {
    storage = new S3Storage({
      bucket: str(c.bucket_name),
      region: str(c.region) || "us-east-1",
      endpoint: str(c.endpoint) || undefined,
      accessKeyId: str(c.access_key_id) || undefined,
      secretAccessKey: str(c.secret_access_key) || undefined,
      prefix: str(c.folder_prefix) || "call-recordings/",
    });
  } else if (s.storage_provider === "google_cloud") {
    storage = new S3Storage({
      bucket: str(c.bucket_name),
      region: "auto",
      endpoint: str(c.endpoint) || GCS_S3_ENDPOINT,
      accessKeyId: str(c.hmac_access_id) || undefined,
      secretAccessKey: str(c.hmac_secret) || undefined,
      prefix: str(c.folder_prefix) || "call-recordings/",
    });
  } else if (s.storage_provider === "local") {
    const base = str(c.base_path) || "/var/recordings/";
    if (!path.isAbsolute(base)) throw new Error("base_path must be an absolute path");
    storage = new LocalStorage(base);
  } else {
    throw new Error("No storage provider is configured");
  }
  if (cache.size > 20) cache.clear();
  cache.set(key, storage);
  return storage;
}
