// The fields of each storage provider (docs/operations.md, "Storage") with their defaults.
export interface StorageField {
  key: string;
  label: string;
  placeholder?: string;
  defaultValue?: string;
  secret?: boolean;
  multiline?: boolean;
  hint?: string;
}

export const PROVIDERS = [
  { value: "none", label: "Not configured (recording disabled)" },
  { value: "aws_s3", label: "Amazon S3 / S3-compatible" },
  { value: "google_cloud", label: "Google Cloud Storage" },
  { value: "local", label: "Local server storage" },
] as const;

export const FIELDS: Record<string, StorageField[]> = {
  aws_s3: [
    { key: "bucket_name", label: "Bucket name", placeholder: "my-recordings" },
    { key: "region", label: "Region", defaultValue: "us-east-1" },
    { key: "access_key_id", label: "Access key ID" },
    { key: "secret_access_key", label: "Secret access key", secret: true },
    { key: "folder_prefix", label: "Folder prefix", defaultValue: "call-recordings/" },
    { key: "cdn_url", label: "CDN URL", placeholder: "https://cdn.example.com" },
    { key: "endpoint", label: "Endpoint (S3-compatible servers only)", placeholder: "https://minio.example.com", hint: "Leave empty for Amazon S3." },
  ],
  google_cloud: [
    { key: "bucket_name", label: "Bucket name" },
    { key: "project_id", label: "Project ID" },
    { key: "service_account_key", label: "Service account key (JSON)", secret: true, multiline: true },
    { key: "folder_prefix", label: "Folder prefix", defaultValue: "call-recordings/" },
    {
      key: "hmac_access_id",
      label: "HMAC access ID",
      hint: "Uploads use Cloud Storage's S3-compatible API: create an HMAC key for the service account under Settings > Interoperability.",
    },
    { key: "hmac_secret", label: "HMAC secret", secret: true },
  ],
  local: [
    { key: "base_path", label: "Base path", defaultValue: "/var/recordings/" },
    { key: "public_url", label: "Public URL", placeholder: "https://files.example.com/recordings" },
    { key: "max_size_gb", label: "Maximum size (GB)", defaultValue: "100" },
  ],
};

export type ProviderValues = Record<string, Record<string, string>>;

/** The stored config with every provider's defaults filled in where nothing is stored. */
export function withDefaults(stored: Record<string, unknown> | undefined): ProviderValues {
  const out: ProviderValues = {};
  for (const [provider, fields] of Object.entries(FIELDS)) {
    const saved = (stored?.[provider] ?? {}) as Record<string, unknown>;
    out[provider] = Object.fromEntries(fields.map((f) => [f.key, saved[f.key] == null ? (f.defaultValue ?? "") : String(saved[f.key])]));
  }
  return out;
}

/** What is stored: trimmed text, empty fields left out, the size as a number. */
export function toStored(values: ProviderValues): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [provider, fields] of Object.entries(values)) {
    const clean: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(fields)) {
      const t = v.trim();
      if (t) clean[k] = k === "max_size_gb" && Number.isFinite(Number(t)) ? Number(t) : t;
    }
    out[provider] = clean;
  }
  return out;
}
