import type { Readable } from "node:stream";

export interface ByteRange {
  start: number;
  end: number; // inclusive
}

/** Where file bytes live: local disk under DATA_DIR, or an S3-compatible bucket. */
export interface FileStorage {
  readonly backend: "local" | "s3";
  /**
   * Stores the bytes under `key`. A stream is consumed as it arrives (never buffered whole);
   * when it errors, nothing is left under `key` and the promise rejects with that error.
   */
  put(key: string, body: Buffer | Readable, contentType?: string): Promise<void>;
  /** Rejects with StorageNotFoundError when nothing is stored under `key`. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** The stored size, or null when nothing is stored under `key`. */
  head(key: string): Promise<{ size: number } | null>;
  /** Removing a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
}

/** Bytes missing behind a metadata row: callers answer 404 rather than 500. */
export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object for key ${key}`);
    this.name = "StorageNotFoundError";
  }
}

/** `yyyy/mm/<id>`: months keep directories (and S3 listings) small without a lookup table. */
export function storageKey(id: string, at: Date = new Date()): string {
  const yyyy = at.getUTCFullYear().toString().padStart(4, "0");
  const mm = (at.getUTCMonth() + 1).toString().padStart(2, "0");
  return `${yyyy}/${mm}/${id}`;
}
