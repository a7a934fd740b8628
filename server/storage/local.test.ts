import { describe, it, expect, beforeEach, afterEach } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { LocalStorage } from "./local";
import { StorageNotFoundError, storageKey } from "./types";

describe("LocalStorage", () => {
  let root: string;
  let store: LocalStorage;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "local-storage-"));
    store = new LocalStorage(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const allFiles = () => (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile());

  it("puts from a buffer and from a stream, gets whole or a range, reports the size", async () => {
    await store.put("2026/11/a", Buffer.from("hello world"));
    await store.put("2026/11/b", Readable.from([Buffer.from("abc"), Buffer.from("def")]));
    expect(await text(await store.get("2026/11/a"))).toBe("hello world");
    expect(await text(await store.get("2026/11/a", { start: 6, end: 10 }))).toBe("world");
    expect(await text(await store.get("2026/11/b"))).toBe("abcdef");
    expect(await store.head("2026/11/b")).toEqual({ size: 6 });
    expect(await store.head("2026/11/none")).toBeNull();
  });

  it("leaves nothing behind when the source stream fails", async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1000));
        this.destroy(new Error("client went away"));
      },
    });
    await expect(store.put("2026/11/c", failing)).rejects.toThrow("client went away");
    expect(allFiles()).toEqual([]);
  });

  it("rejects a missing key with StorageNotFoundError; delete is idempotent", async () => {
    await expect(store.get("2026/11/none")).rejects.toBeInstanceOf(StorageNotFoundError);
    await store.put("x", Buffer.from("1"));
    await store.delete("x");
    await store.delete("x");
    expect(allFiles()).toEqual([]);
  });

  it("refuses keys that could leave the root", async () => {
    for (const key of ["../x", "a/../../x", "/etc/passwd", "a//b", "a\\b", ""]) {
      await expect(store.put(key, Buffer.from("x"))).rejects.toThrow("Invalid storage key");
    }
  });

  it("builds yyyy/mm/<id> keys in UTC", () => {
    expect(storageKey("abc", new Date("2026-01-31T23:30:00-05:00"))).toBe("2026/02/abc");
    expect(storageKey("abc", new Date("2026-11-21T10:00:00Z"))).toBe("2026/11/abc");
  });
});
