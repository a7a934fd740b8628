import { describe, expect, it } from "vitest";
import { Batcher } from "./batch";

describe("Batcher", () => {
  it("sends a lone lookup at once and coalesces those made while a query runs into one next batch", async () => {
    const calls: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const b = new Batcher<number, string>(
      async (keys) => {
        calls.push(keys);
        if (calls.length === 1) await gate;
        return new Map(keys.filter((k) => k !== 99).map((k) => [k, `v${k}`]));
      },
      { minGapMs: 0 },
    );
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

  it("in a storm, starts batches at least minGapMs apart so they grow instead of multiplying", async () => {
    const calls: { at: number; keys: number[] }[] = [];
    const b = new Batcher<number, number>(async (keys) => {
      calls.push({ at: performance.now(), keys });
      return new Map(keys.map((k) => [k, k]));
    }, { minGapMs: 30 });
    const t0 = performance.now();
    // A lone lookup on an idle batcher goes out at once.
    expect(await b.get(0)).toBe(0);
    expect(calls[0].at - t0).toBeLessThan(25);
    // Lookups arriving every 2 ms for 100 ms: a query per lookup without the gap.
    const all: Promise<number | undefined>[] = [];
    for (let i = 1; i <= 50; i++) {
      all.push(b.get(i));
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(await Promise.all(all)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    for (let i = 1; i < calls.length; i++) expect(calls[i].at - calls[i - 1].at).toBeGreaterThanOrEqual(29);
    expect(calls.length).toBeLessThanOrEqual(8);
    expect(calls.flatMap((c) => c.keys).sort((x, y) => x - y)).toEqual(Array.from({ length: 51 }, (_, i) => i));
  });
});
