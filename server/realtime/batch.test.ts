import { describe, expect, it } from "vitest";
import { Batcher } from "./batch";

describe("Batcher", () => {
  it("sends a lone lookup at once and coalesces those made while a query runs into one next batch", async () => {
    const calls: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const b = new Batcher<number, string>(async (keys) => {
      calls.push(keys);
      if (calls.length === 1) await gate;
      return new Map(keys.filter((k) => k !== 99).map((k) => [k, `v${k}`]));
    });
    const first = b.get(1);
    await new Promise((r) => setImmediate(r));
    expect(calls).toEqual([[1]]);
    // The first query is still running: these wait and then go out together.
    const later = [2, 3, 2, 99].map((k) => b.get(k));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([[1]]);
    release();
    expect(await first).toBe("v1");
    expect(await Promise.all(later)).toEqual(["v2", "v3", "v2", undefined]);
    expect(calls).toEqual([[1], [2, 3, 99]]);
  });

  it("rejects every waiter of a failed batch and carries on with the next", async () => {
    let fail = true;
    const b = new Batcher<number, number>(async (keys) => {
      if (fail) throw new Error("db down");
      return new Map(keys.map((k) => [k, k * 2]));
    });
    await expect(Promise.all([b.get(1), b.get(2)])).rejects.toThrow("db down");
    fail = false;
    expect(await b.get(3)).toBe(6);
  });
});
