// The choice of how a message search is served (plan.ts), from estimates shaped like the
// bench's organisation: 1,000,000 messages, a reader who may read 85% of them.
import { describe, it, expect } from "vitest";
import { choosePlan, WALK_SLACK, type SearchEstimates } from "./plan";

const base: SearchEstimates = { limit: 20, total: 1_000_000, all: 0, text: null, senders: null, channels: null, files: null, inTime: 1_000_000 };
const readable = 0.85;

describe("choosePlan", () => {
  it("finds a rare or middling word through the text index", () => {
    expect(choosePlan({ ...base, text: 40, all: 40 * readable }).strategy).toBe("text index");
    expect(choosePlan({ ...base, text: 2_000, all: 2_000 * readable }).strategy).toBe("text index");
  });

  it("walks newest first for a common word, capped at what the text index would have cost", () => {
    const plan = choosePlan({ ...base, text: 300_000, all: 300_000 * readable });
    expect(plan.strategy).toBe("time walk");
    expect(plan.costs["time walk"]).toBeLessThan(100);
    expect(plan.cap).toBeLessThanOrEqual(Math.ceil(plan.costs["time walk"]! * WALK_SLACK));
    expect(plan.cap).toBeGreaterThanOrEqual(20);
  });

  it("bounds a walk that guessed wrong: a word common only where the reader cannot read reads at most a few times its estimate", () => {
    // The estimate assumes the reader may read 85% of the word's 30,000 matches; in truth none.
    const plan = choosePlan({ ...base, total: 10_000_000, inTime: 10_000_000, text: 30_000, all: 30_000 * readable });
    expect(plan.strategy).toBe("time walk");
    // Rows read at worst: the walk's cap, then the text index's 30,000: under twice the text index alone.
    expect(plan.cap).toBeLessThanOrEqual(Math.ceil(plan.costs["time walk"]! * WALK_SLACK));
    expect(plan.cap! + 30_000).toBeLessThan(2 * 30_000);
  });

  it("serves a filter alone through its own index", () => {
    expect(choosePlan({ ...base, all: 20_000, senders: { rows: 20_000, count: 1 } }).strategy).toBe("sender walk");
    expect(choosePlan({ ...base, all: 5_000, channels: { rows: 5_000, count: 1 } }).strategy).toBe("channel walk");
    expect(choosePlan({ ...base, all: 17_000, files: 20_000 }).strategy).toBe("file walk");
    // after: a recent day: the walk starts at the newest message and the day bounds it.
    expect(choosePlan({ ...base, all: 850, inTime: 1_000 }).strategy).toBe("time walk");
  });

  it("walks few channels one by one but not hundreds", () => {
    expect(choosePlan({ ...base, text: 50_000, all: 500, channels: { rows: 5_000, count: 3 } }).strategy).toBe("channel walk");
    expect(choosePlan({ ...base, all: 500_000, channels: { rows: 850_000, count: 850 } }).costs["channel walk"]).toBeUndefined();
  });
});
