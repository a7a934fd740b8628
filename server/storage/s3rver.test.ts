// S3Storage and the connection test against a real S3-compatible server (s3rver), through the
// same @aws-sdk/client-s3 calls the product makes: no fake client.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { S3Storage } from "./s3";
import { StorageNotFoundError } from "./types";
import { startS3rver, S3RVER_KEY, S3RVER_SECRET, type RunningS3 } from "../test/s3rver";
import { storageFromSettings } from "./org";
import { testS3 } from "../features/files/storage-test";

let s3: RunningS3;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => {
  await s3?.close();
});

const MiB = 1024 * 1024;
const opts = () => ({ bucket: s3.bucket, region: "us-east-1", endpoint: s3.endpoint, accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_SECRET, prefix: "t/" });

describe("S3Storage on s3rver", () => {
  it("stores a small buffer and reads it back whole and by range", async () => {
    const st = new S3Storage(opts());
    await st.put("a/small", Buffer.from("hello world"), "text/plain");
    expect((await st.head("a/small"))?.size).toBe(11);
    expect((await buffer(await st.get("a/small"))).toString()).toBe("hello world");
    expect((await buffer(await st.get("a/small", { start: 6, end: 10 }))).toString()).toBe("world");
  });

  it("streams a multi-part upload (3 parts) and gets every byte back", async () => {
    const st = new S3Storage({ ...opts(), partSize: 5 * MiB });
    const total = 12 * MiB + 123;
    const source = Readable.from(
      (function* () {
        for (let sent = 0; sent < total; sent += 64 * 1024) yield Buffer.alloc(Math.min(64 * 1024, total - sent), (sent / 65536) % 251);
      })(),
    );
    await st.put("a/big", source, "application/octet-stream");
    expect((await st.head("a/big"))?.size).toBe(total);
    const tail = await buffer(await st.get("a/big", { start: total - 10, end: total - 1 }));
    expect(tail.length).toBe(10);
  });

  it("answers StorageNotFoundError / null for a missing key and deletes", async () => {
    const st = new S3Storage(opts());
    await expect(st.get("nope")).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await st.head("nope")).toBeNull();
    await st.put("a/gone", Buffer.from("x"));
    await st.delete("a/gone");
    expect(await st.head("a/gone")).toBeNull();
  });

  it("builds the admin-configured aws_s3 storage with its folder prefix", async () => {
    const st = storageFromSettings({
      id: 1,
      storage_provider: "aws_s3",
      storage_config: { aws_s3: { bucket_name: s3.bucket, endpoint: s3.endpoint, access_key_id: S3RVER_KEY, secret_access_key: S3RVER_SECRET } },
    });
    await st.put("rec/1", Buffer.from("mp4"));
    const direct = new S3Storage({ ...opts(), prefix: "call-recordings/" });
    expect((await direct.head("rec/1"))?.size).toBe(3);
  });
});

describe("test-storage-connection on s3rver", () => {
  const config = () => ({ bucket_name: s3.bucket, endpoint: s3.endpoint, access_key_id: S3RVER_KEY, secret_access_key: S3RVER_SECRET });
  it("succeeds with the right keys", async () => {
    expect(await testS3(config())).toEqual({ success: true, message: "Connection successful" });
  });
  // s3rver checks the access key id but does not verify SigV4 signatures, so the wrong key is the id.
  it("fails with a wrong access key, saying why", async () => {
    const r = await testS3({ ...config(), access_key_id: "WRONGKEY" });
    expect(r.success).toBe(false);
    expect(r.message).toMatch(/Access denied/);
  });
  it("fails for a bucket that does not exist", async () => {
    const r = await testS3({ ...config(), bucket_name: "missing-bucket" });
    expect(r).toEqual({ success: false, message: "Bucket not found: missing-bucket" });
  });
});
