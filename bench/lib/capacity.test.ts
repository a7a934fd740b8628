import { describe, expect, it } from "vitest";
import { settle } from "./capacity";

describe("settle", () => {
  it("backs off to within `close` people of where the thresholds trip", async () => {
    const tried: number[] = [];
    const supported = await settle(1000, 2000, 50, async (n) => {
      tried.push(n);
      return n <= 1370;
    });
    expect(tried).toEqual([1500, 1250, 1375, 1313, 1344]);
    expect(supported).toBe(1344);
    expect(1370 - supported).toBeLessThanOrEqual(50);
  });

  it("keeps the last crowd that held when everything between trips", async () => {
    expect(await settle(250, 500, 10, async () => false)).toBe(250);
  });

  it("does not measure again when the two are already close", async () => {
    let runs = 0;
    expect(await settle(490, 500, 10, async () => (runs++, true))).toBe(490);
    expect(runs).toBe(0);
  });
});
