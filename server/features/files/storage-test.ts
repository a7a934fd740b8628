// POST /test-storage-connection: tries the storage an admin is about to save in
// org_storage_config and says in words what went wrong, for the Admin > Storage tab.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { z } from "zod";
import { S3Client, HeadBucketCommand } from "@aws-sdk/client-s3";
import { s3ClientConfig, type S3Sender } from "../../storage/s3";
import { badRequest, zodMessage } from "../../errors";
import { GCS_S3_ENDPOINT } from "../../storage/org";
import { unmaskStorageConfig } from "@shared/entities/org_storage_config";

export interface ConnectionResult {
  success: boolean;
  message: string;
}

const OK: ConnectionResult = { success: true, message: "Connection successful" };
const fail = (message: string): ConnectionResult => ({ success: false, message });

const text = z.string().trim().max(2000);

const requestSchema = z.object({
  storage_provider: z.enum(["aws_s3", "google_cloud", "local"], { error: "storage_provider must be aws_s3, google_cloud or local" }),
  config: z.record(z.string(), z.unknown()).optional().default({}),
});

const localSchema = z.object({ base_path: text.optional(), public_url: text.optional().nullable(), max_size_gb: z.unknown().optional() });

const s3Schema = z.object({
  bucket_name: text.min(1, "bucket_name is required"),
  region: text.optional(),
  access_key_id: text.min(1, "access_key_id is required"),
  secret_access_key: text.min(1, "secret_access_key is required"),
  // Not in the documented form, but needed for S3-compatible servers (MinIO and the like).
  endpoint: text.url("endpoint must be a URL").optional().or(z.literal("")),
  folder_prefix: text.optional().nullable(),
  cdn_url: text.optional().nullable(),
});

/** The body as the Admin page sends it; `config` may be JSON text (form bodies) or keyed by provider. */
export function parseTestRequest(body: unknown): { provider: "aws_s3" | "google_cloud" | "local"; config: Record<string, unknown> } {
  const raw = { ...((body ?? {}) as Record<string, unknown>) };
  if (typeof raw.config === "string") {
    try {
      raw.config = raw.config.trim() ? JSON.parse(raw.config) : {};
    } catch {
      throw badRequest("config must be a JSON object");
    }
  }
  const parsed = requestSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(zodMessage(parsed.error));
  const { storage_provider: provider, config } = parsed.data;
  // storage_config is stored keyed by provider; accept either that object or the inner one.
  const inner = config[provider];
  return { provider, config: inner && typeof inner === "object" && !Array.isArray(inner) ? (inner as Record<string, unknown>) : config };
}

export async function testLocal(config: Record<string, unknown>): Promise<ConnectionResult> {
  const parsed = localSchema.safeParse(config);
  if (!parsed.success) throw badRequest(zodMessage(parsed.error));
  const base = parsed.data.base_path || "/var/recordings/";
  if (!path.isAbsolute(base)) return fail("base_path must be an absolute path");
  let st: fs.Stats;
  try {
    st = await fs.promises.stat(base);
  } catch {
    return fail(`Directory does not exist: ${base}`);
  }
  if (!st.isDirectory()) return fail(`Not a directory: ${base}`);
  const probe = path.join(base, `.write-test-${crypto.randomBytes(6).toString("hex")}`);
  try {
    await fs.promises.writeFile(probe, "ok", { flag: "wx" });
  } catch (err) {
    return fail(`Directory is not writable: ${base} (${(err as NodeJS.ErrnoException).code ?? "error"})`);
  } finally {
    await fs.promises.rm(probe, { force: true });
  }
  return OK;
}

function describeS3Error(err: unknown, bucket: string): string {
  const e = err as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = e?.$metadata?.httpStatusCode;
  if (e?.name === "TimeoutError" || e?.name === "AbortError" || e?.code === "ETIMEDOUT") return "Connection timed out";
  if (status === 404 || e?.name === "NotFound" || e?.name === "NoSuchBucket") return `Bucket not found: ${bucket}`;
  if (status === 403 || e?.name === "Forbidden") return "Access denied: check the access key, secret and bucket permissions";
  if (status === 301 || e?.name === "PermanentRedirect") return "The bucket is in a different region";
  if (e?.code === "ENOTFOUND" || e?.code === "EAI_AGAIN") return "Could not reach the storage endpoint (DNS lookup failed)";
  if (e?.code === "ECONNREFUSED") return "Could not reach the storage endpoint (connection refused)";
  return `Connection failed: ${(e?.message || e?.name || "unknown error").slice(0, 200)}`;
}

/** HeadBucket with the given keys: the cheapest call that proves endpoint, credentials and bucket. */
export async function testS3(config: Record<string, unknown>, timeoutMs = 5000, client?: S3Sender): Promise<ConnectionResult> {
  const parsed = s3Schema.safeParse(config);
  if (!parsed.success) throw badRequest(zodMessage(parsed.error));
  const c = parsed.data;
  const s3 =
    client ??
    new S3Client(
      s3ClientConfig({
        region: c.region || "us-east-1",
        endpoint: c.endpoint || undefined,
        accessKeyId: c.access_key_id,
        secretAccessKey: c.secret_access_key,
        maxAttempts: 1,
        connectionTimeoutMs: timeoutMs,
        requestTimeoutMs: timeoutMs,
      }),
    );
  try {
    await s3.send(new HeadBucketCommand({ Bucket: c.bucket_name }), { abortSignal: AbortSignal.timeout(timeoutMs) });
    return OK;
  } catch (err) {
    return fail(describeS3Error(err, c.bucket_name));
  } finally {
    if (!client) (s3 as S3Client).destroy();
  }
}

/** Google Cloud Storage through its S3-compatible XML API, with HMAC keys of a service account. */
export async function testGcs(config: Record<string, unknown>, timeoutMs = 5000): Promise<ConnectionResult> {
  const id = typeof config.hmac_access_id === "string" ? config.hmac_access_id.trim() : "";
  const secret = typeof config.hmac_secret === "string" ? config.hmac_secret.trim() : "";
  if (!id || !secret) return fail("HMAC access key and secret are required (Cloud Storage > Settings > Interoperability)");
  return testS3(
    { ...config, access_key_id: id, secret_access_key: secret, region: "auto", endpoint: (config.endpoint as string) || GCS_S3_ENDPOINT },
    timeoutMs,
  );
}

/** `stored` is the saved storage_config: secrets the form sent back masked are taken from it. */
export async function testStorageConnection(body: unknown, stored?: unknown): Promise<ConnectionResult> {
  const { provider, config: raw } = parseTestRequest(body);
  const config = (unmaskStorageConfig({ [provider]: raw }, stored)[provider] ?? {}) as Record<string, unknown>;
  if (provider === "local") return testLocal(config);
  if (provider === "aws_s3") return testS3(config);
  return testGcs(config);
}
