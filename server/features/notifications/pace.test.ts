// The push pacer (./pace.ts): a burst leaves at once, the rest evenly spaced at the rate.
import { describe, it, expect } from "vitest";
import { createPacer } from "./pace";

describe("createPacer", () => {
  /** When each of `n` pushes asked for at instant 0 may leave, on a clock that follows the waits. */
  async function departures(rate: number, burst: number, n: number): Promise<number[]> {
    const t0 = performance.now();
    const pacer = createPacer(rate, burst);
    return Promise.all(Array.from({ length: n }, () => pacer.take().then(() => performance.now() - t0)));
  }

  it("lets a burst leave at once, then spaces the rest 1000 / rate apart", async () => {
    const at = (await departures(100, 5, 25)).sort((a, b) => a - b);
    // The first five without waiting.
    expect(at[4]).toBeLessThan(8);
    // Twenty more at 100 a second: the last near 200 ms, never before.
    expect(at[24]).toBeGreaterThanOrEqual(195);
    expect(at[24]).toBeLessThan(600);
  });

  it("books departures a gap apart after the burst, and refills after a quiet spell", () => {
    let clock = 0;
    const pacer = createPacer(10, 2, () => clock);
    // Two (the burst) at once, then one every 100 ms.
    expect([pacer.reserve(), pacer.reserve(), pacer.reserve(), pacer.reserve()]).toEqual([0, 0, 100, 200]);
    // 50 ms on, the booked ones still stand.
    clock = 50;
    expect(pacer.reserve()).toBe(250);
    // After a quiet second the burst is back, no more.
    clock = 1500;
    expect([pacer.reserve(), pacer.reserve(), pacer.reserve()]).toEqual([0, 0, 100]);
  });

  it("does not pace at a rate of 0", async () => {
    const at = await departures(0, 1, 200);
    expect(Math.max(...at)).toBeLessThan(50);
  });
});
