import {
  S3Client,
  PutObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  DeleteObjectCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
  CompleteMultipartUploadCommand,
  AbortMultipartUploadCommand,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { Readable } from "node:stream";
import { StorageNotFoundError, type ByteRange, type FileStorage } from "./types";

export interface S3Options {
  bucket?: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Prepended to every key, e.g. `uploads/`. */
  prefix?: string;
  /** Size of one multipart part; S3 wants at least 5 MiB for every part but the last. */
  partSize?: number;
  /** Timeouts of one HTTP request, in ms. */
  connectionTimeoutMs?: number;
  requestTimeoutMs?: number;
  maxAttempts?: number;
}

/** The one method of S3Client we use; tests pass a fake. */
export interface S3Sender {
  send(command: unknown, options?: { abortSignal?: AbortSignal }): Promise<any>;
}

export const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const MIN_PART_SIZE = 5 * 1024 * 1024;

export function s3ClientConfig(o: S3Options): S3ClientConfig {
  return {
    region: o.region || "us-east-1",
    // MinIO, Ceph and friends serve buckets as paths, not as sub-domains.
    ...(o.endpoint ? { endpoint: o.endpoint, forcePathStyle: true } : {}),
    // Explicit keys when given; otherwise the SDK's chain (env, profile, instance role).
    ...(o.accessKeyId && o.secretAccessKey ? { credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } } : {}),
    maxAttempts: o.maxAttempts ?? 3,
    requestHandler: { connectionTimeout: o.connectionTimeoutMs ?? 5000, requestTimeout: o.requestTimeoutMs ?? 60_000 },
    // Newer SDKs add CRC checksums by default, which several S3-compatible servers reject.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
}

/** `bytes=a-b` as S3 (and HTTP) expect it; `end` is inclusive. */
export function rangeHeader(range: ByteRange): string {
  if (!Number.isSafeInteger(range.start) || !Number.isSafeInteger(range.end) || range.start < 0 || range.end < range.start) {
    throw new RangeError(`Invalid byte range ${range.start}-${range.end}`);
  }
  return `bytes=${range.start}-${range.end}`;
}

/** Normalises a prefix to `a/b/` (or empty) so keys never start with or double a slash. */
export function normalisePrefix(prefix: string | undefined): string {
  const p = (prefix ?? "").replace(/^\/+|\/+$/g, "");
  return p ? `${p}/` : "";
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

/** Re-chunks a stream into buffers of exactly `size` bytes (the last may be shorter). */
export async function* fixedChunks(stream: AsyncIterable<Buffer | string>, size: number): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let held = 0;
  for await (const raw of stream) {
    let chunk = typeof raw === "string" ? Buffer.from(raw) : raw;
    while (held + chunk.length >= size) {
      const take = size - held;
      parts.push(chunk.subarray(0, take));
      yield Buffer.concat(parts);
      parts = [];
      held = 0;
      chunk = chunk.subarray(take);
    }
    if (chunk.length) {
      parts.push(chunk);
      held += chunk.length;
    }
  }
  if (held) yield Buffer.concat(parts);
}

export class S3Storage implements FileStorage {
  readonly backend = "s3" as const;
  private client: S3Sender;
  private bucket: string;
  private prefix: string;
  private partSize: number;

  constructor(opts: S3Options, client?: S3Sender) {
    if (!opts.bucket) throw new Error("Invalid configuration: S3_BUCKET is required when FILE_STORAGE=s3");
    this.bucket = opts.bucket;
    this.prefix = normalisePrefix(opts.prefix);
    this.partSize = Math.max(MIN_PART_SIZE, opts.partSize ?? DEFAULT_PART_SIZE);
    this.client = client ?? new S3Client(s3ClientConfig(opts));
  }

  objectKey(key: string): string {
    if (!key || key.startsWith("/") || key.split("/").some((s) => s === "." || s === "..")) throw new Error("Invalid storage key");
    return this.prefix + key;
  }

  /**
   * A stream of unknown length cannot go to PutObject without buffering it whole, so anything
   * larger than one part goes up as a multipart upload: memory stays at about one part.
   */
  async put(key: string, body: Buffer | Readable, contentType?: string): Promise<void> {
    const Key = this.objectKey(key);
    const ContentType = contentType || "application/octet-stream";
    if (Buffer.isBuffer(body)) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: body, ContentType }));
      return;
    }
    const chunks = fixedChunks(body, this.partSize);
    const first = await chunks.next();
    const second = first.done ? first : await chunks.next();
    if (second.done) {
      const Body = first.done ? Buffer.alloc(0) : first.value;
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body, ContentType }));
      return;
    }
    const created = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key, ContentType }));
    const UploadId: string = created.UploadId;
    const done: { ETag: string; PartNumber: number }[] = [];
    try {
      const upload = async (Body: Buffer) => {
        const PartNumber = done.length + 1;
        const out = await this.client.send(new UploadPartCommand({ Bucket: this.bucket, Key, UploadId, PartNumber, Body, ContentLength: Body.length }));
        done.push({ ETag: out.ETag, PartNumber });
      };
      await upload(first.value as Buffer);
      await upload(second.value);
      for await (const part of chunks) await upload(part);
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId, MultipartUpload: { Parts: done } }));
    } catch (err) {
      // An unfinished multipart upload is billed storage that no listing shows: always abort it.
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId })).catch(() => {});
      if (!body.destroyed) body.destroy();
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), ...(range ? { Range: rangeHeader(range) } : {}) }),
      );
      const body = out.Body as Readable | undefined;
      if (!body) return Readable.from([]);
      return body instanceof Readable ? body : Readable.from(body as AsyncIterable<Buffer>);
    } catch (err) {
      if (isNotFound(err)) throw new StorageNotFoundError(key);
      throw err;
    }
  }

  async head(key: string): Promise<{ size: number } | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return { size: Number(out.ContentLength ?? 0) };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }
}
