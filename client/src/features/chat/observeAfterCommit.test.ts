import { describe, expect, it } from "vitest";
import type { Virtualizer } from "@tanstack/react-virtual";
import { reportsAfterSetup } from "./observeAfterCommit";

describe("reportsAfterSetup", () => {
  it("drops what the observer reports while it is set up and passes every later report", () => {
    let later: ((n: number) => void) | null = null;
    let stopped = false;
    const observe = (_: Virtualizer<HTMLDivElement, Element>, cb: (n: number) => void) => {
      cb(1); // read at once, as the virtualizer's own observers do
      later = cb;
      return () => (stopped = true);
    };
    const got: number[] = [];
    const stop = reportsAfterSetup(observe)({} as Virtualizer<HTMLDivElement, Element>, (n) => got.push(n));
    expect(got).toEqual([]);
    later!(2);
    later!(3);
    expect(got).toEqual([2, 3]);
    (stop as () => void)();
    expect(stopped).toBe(true);
  });
});
