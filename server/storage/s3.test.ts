// No S3 server is reachable here: these tests drive S3Storage against a recording fake client.
import { describe, it, expect } from "vitest";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { S3Storage, fixedChunks, normalisePrefix, rangeHeader, s3ClientConfig, type S3Sender } from "./s3";
import { StorageNotFoundError } from "./types";

const MiB = 1024 * 1024;

class FakeS3 implements S3Sender {
  calls: { name: string; input: any }[] = [];
  failOn?: string;
  reply: Record<string, (input: any) => any> = {};
  async send(command: any) {
    const name = command.constructor.name.replace(/Command$/, "");
    this.calls.push({ name, input: command.input });
    if (this.failOn === name) throw Object.assign(new Error(`${name} failed`), { name: "InternalError" });
    return this.reply[name]?.(command.input) ?? (name === "CreateMultipartUpload" ? { UploadId: "up-1" } : name === "UploadPart" ? { ETag: `"e${command.input.PartNumber}"` } : {});
  }
  names = () => this.calls.map((c) => c.name);
}

const streamOf = (total: number, chunk = 64 * 1024) =>
  Readable.from(
    (function* () {
      for (let sent = 0; sent < total; sent += chunk) yield Buffer.alloc(Math.min(chunk, total - sent), sent % 251);
    })(),
  );

describe("S3Storage", () => {
  it("formats ranges and prefixes, and builds path-style config for custom endpoints", () => {
    expect(rangeHeader({ start: 0, end: 99 })).toBe("bytes=0-99");
    expect(() => rangeHeader({ start: 5, end: 4 })).toThrow(RangeError);
    expect(normalisePrefix("/uploads//")).toBe("uploads/");
    expect(normalisePrefix("")).toBe("");
    const s = new S3Storage({ bucket: "b", region: "r", prefix: "files" }, new FakeS3());
    expect(s.objectKey("2026/11/x")).toBe("files/2026/11/x");
    expect(() => s.objectKey("../x")).toThrow();
    expect(s3ClientConfig({ region: "eu-west-1", endpoint: "http://minio:9000", accessKeyId: "a", secretAccessKey: "b" })).toMatchObject({
      region: "eu-west-1",
      endpoint: "http://minio:9000",
      forcePathStyle: true,
      credentials: { accessKeyId: "a", secretAccessKey: "b" },
    });
    expect(s3ClientConfig({ region: "us-east-1" })).not.toHaveProperty("forcePathStyle");
    expect(() => new S3Storage({ region: "r" })).toThrow(/S3_BUCKET/);
  });

  it("re-chunks a stream into exact part sizes", async () => {
    const parts: number[] = [];
    for await (const p of fixedChunks(streamOf(25, 7), 10)) parts.push(p.length);
    expect(parts).toEqual([10, 10, 5]);
  });

  it("sends a small stream as one PutObject", async () => {
    const fake = new FakeS3();
    await new S3Storage({ bucket: "b", region: "r" }, fake).put("k", streamOf(1000), "video/webm");
    expect(fake.names()).toEqual(["PutObject"]);
    expect(fake.calls[0]!.input).toMatchObject({ Bucket: "b", Key: "k", ContentType: "video/webm" });
    expect(fake.calls[0]!.input.Body.length).toBe(1000);
  });

  it("sends a large stream as a multipart upload with bounded parts", async () => {
    const fake = new FakeS3();
    await new S3Storage({ bucket: "b", region: "r", partSize: 5 * MiB }, fake).put("k", streamOf(12 * MiB + 3));
    expect(fake.names()).toEqual(["CreateMultipartUpload", "UploadPart", "UploadPart", "UploadPart", "CompleteMultipartUpload"]);
    const sizes = fake.calls.filter((c) => c.name === "UploadPart").map((c) => c.input.Body.length);
    expect(sizes).toEqual([5 * MiB, 5 * MiB, 2 * MiB + 3]);
    expect(fake.calls.at(-1)!.input.MultipartUpload.Parts).toEqual([
      { ETag: '"e1"', PartNumber: 1 },
      { ETag: '"e2"', PartNumber: 2 },
      { ETag: '"e3"', PartNumber: 3 },
    ]);
  });

  it("aborts the multipart upload when a part fails", async () => {
    const fake = new FakeS3();
    fake.failOn = "UploadPart";
    await expect(new S3Storage({ bucket: "b", region: "r", partSize: 5 * MiB }, fake).put("k", streamOf(11 * MiB))).rejects.toThrow("UploadPart failed");
    expect(fake.names()).toEqual(["CreateMultipartUpload", "UploadPart", "AbortMultipartUpload"]);
    expect(fake.calls.at(-1)!.input).toEqual({ Bucket: "b", Key: "k", UploadId: "up-1" });
  });

  it("gets with a Range header, maps NoSuchKey to StorageNotFoundError, deletes", async () => {
    const fake = new FakeS3();
    fake.reply.GetObject = () => ({ Body: Readable.from([Buffer.from("slice")]) });
    const s = new S3Storage({ bucket: "b", region: "r", prefix: "p" }, fake);
    expect(await text(await s.get("k", { start: 10, end: 14 }))).toBe("slice");
    expect(fake.calls[0]!.input).toEqual({ Bucket: "b", Key: "p/k", Range: "bytes=10-14" });
    fake.reply.GetObject = () => {
      throw Object.assign(new Error("nope"), { name: "NoSuchKey" });
    };
    await expect(s.get("k")).rejects.toBeInstanceOf(StorageNotFoundError);
    fake.reply.HeadObject = () => {
      throw Object.assign(new Error("nope"), { name: "NotFound", $metadata: { httpStatusCode: 404 } });
    };
    expect(await s.head("k")).toBeNull();
    await s.delete("k");
    expect(fake.calls.at(-1)).toEqual({ name: "DeleteObject", input: { Bucket: "b", Key: "p/k" } });
  });
});
