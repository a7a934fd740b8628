import { describe, it, expect } from "vitest";
import { contentDisposition, formatLimit, isInlineType, resolveMimeType, sanitizeFilename } from "./meta";
import { parseRange } from "./serve";
import { decodeBase64 } from "./upload";

describe("file metadata helpers", () => {
  it("takes a real declared type, else the extension, else octet-stream", () => {
    expect(resolveMimeType("image/PNG; charset=x", "a.bin")).toBe("image/png");
    expect(resolveMimeType("application/octet-stream", "a.docx")).toMatch(/wordprocessingml/);
    expect(resolveMimeType("", "song.MP3")).toBe("audio/mpeg");
    expect(resolveMimeType("not a type", "x")).toBe("application/octet-stream");
  });

  it("shows only media and PDF inline", () => {
    expect(isInlineType("image/jpeg")).toBe(true);
    expect(isInlineType("video/webm")).toBe(true);
    expect(isInlineType("application/pdf")).toBe(true);
    expect(isInlineType("image/svg+xml")).toBe(false);
    expect(isInlineType("text/html")).toBe(false);
  });

  it("cleans names and encodes them for Content-Disposition", () => {
    expect(sanitizeFilename("C:\\Users\\me\\x.txt")).toBe("x.txt");
    expect(sanitizeFilename("a\u0000b\nc.txt")).toBe("abc.txt");
    expect(sanitizeFilename("..")).toBe("file");
    expect(sanitizeFilename(undefined, "rec.webm")).toBe("rec.webm");
    expect(contentDisposition("attachment", "naïve 100%.txt")).toBe(`attachment; filename="na_ve 100_.txt"; filename*=UTF-8''na%C3%AFve%20100%25.txt`);
    expect(contentDisposition("inline", "it's (1).png")).toContain("filename*=UTF-8''it%27s%20%281%29.png");
  });

  it("formats limits for messages", () => {
    expect(formatLimit(100 * 1024 * 1024)).toBe("100 MB");
    expect(formatLimit(1024)).toBe("1 KB");
    expect(formatLimit(1.5 * 1024 * 1024)).toBe("1.5 MB");
  });
});

describe("parseRange", () => {
  it("handles a-b, a-, -n, clipping and the unsatisfiable cases", () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: "full" });
    expect(parseRange("bytes=0-9", 100)).toEqual({ kind: "partial", range: { start: 0, end: 9 } });
    expect(parseRange("bytes=90-", 100)).toEqual({ kind: "partial", range: { start: 90, end: 99 } });
    expect(parseRange("bytes=-10", 100)).toEqual({ kind: "partial", range: { start: 90, end: 99 } });
    expect(parseRange("bytes=-500", 100)).toEqual({ kind: "partial", range: { start: 0, end: 99 } });
    expect(parseRange("bytes=50-5000", 100)).toEqual({ kind: "partial", range: { start: 50, end: 99 } });
    expect(parseRange("bytes=100-", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-0", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
  });

  it("ignores what it does not understand and answers several ranges in full", () => {
    for (const h of ["items=0-5", "bytes=abc", "bytes=9-1", "bytes=-", "bytes=0-1,4-5"]) expect(parseRange(h, 100)).toEqual({ kind: "full" });
  });
});

describe("decodeBase64", () => {
  it("decodes plain, unpadded, url-safe, wrapped and data-URL input", () => {
    expect(decodeBase64("aGVsbG8=", 100).data.toString()).toBe("hello");
    expect(decodeBase64("aGVsbG8", 100).data.toString()).toBe("hello");
    expect(decodeBase64("aGVs\nbG8=", 100).data.toString()).toBe("hello");
    expect(decodeBase64("_-8", 100).data).toEqual(Buffer.from([0xff, 0xef]));
    expect(decodeBase64("data:text/plain;base64,aGk=", 100)).toEqual({ data: Buffer.from("hi"), mimeFromDataUrl: "text/plain" });
  });

  it("refuses non-base64 (400) and oversized data before decoding (413)", () => {
    for (const bad of ["a", "aGk=!", "a=b=", "data:text/plain,hi"]) expect(() => decodeBase64(bad, 100)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => decodeBase64(Buffer.alloc(101).toString("base64"), 100)).toThrow(expect.objectContaining({ status: 413 }));
    expect(decodeBase64(Buffer.alloc(100).toString("base64"), 100).data.length).toBe(100);
  });
});
