import type { Readable } from "node:stream";

export interface ByteRange {
  start: number;
  end: number; // inclusive
}

/** Where file bytes live: local disk under DATA_DIR, or an S3-compatible bucket. */
export interface FileStorage {
  readonly backend: "local" | "s3";
  put(key: string, body: Buffer | Readable, contentType?: string): Promise<void>;
  get(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
}
