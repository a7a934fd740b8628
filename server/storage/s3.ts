import type { ByteRange, FileStorage } from "./types";
import type { Readable } from "node:stream";

// Placeholder: S3-compatible storage is filled in by the files feature.
export class S3Storage implements FileStorage {
  readonly backend = "s3" as const;
  constructor(_opts: unknown) {
    void _opts;
  }
  put(): Promise<void> {
    throw new Error("S3 storage not available");
  }
  get(_key: string, _range?: ByteRange): Promise<Readable> {
    void _key;
    void _range;
    throw new Error("S3 storage not available");
  }
  delete(): Promise<void> {
    throw new Error("S3 storage not available");
  }
}
