// The choice of how a message search is served (plan.ts), from estimates shaped like the
// bench's organisation: 1,000,000 messages, a reader who may read 85% of them.
import { describe, it, expect } from "vitest";
import { choosePlan, nextChunk, WALK_SLACK, type SearchEstimates } from "./plan";

const base: SearchEstimates = { limit: 20, total: 1_000_000, all: 0, text: null, senders: null, channels: null, files: null, inTime: 1_000_000 };
const readable = 0.85;

describe("choosePlan", () => {
  it("finds a rare word through the text index, a middling one by walking", () => {
    expect(choosePlan({ ...base, text: 40, all: 40 * readable }).strategy).toBe("text index");
    expect(choosePlan({ ...base, text: 500, all: 500 * readable }).strategy).toBe("text index");
    // 2,000 matches: fetching each costs more than reading about 12,000 rows in order.
    expect(choosePlan({ ...base, text: 2_000, all: 2_000 * readable }).strategy).toBe("time walk");
  });

  it("walks newest first for a common word, its first chunk a few times its estimate", () => {
    const plan = choosePlan({ ...base, text: 300_000, all: 300_000 * readable });
    expect(plan.strategy).toBe("time walk");
    expect(plan.costs["time walk"]).toBeLessThan(100);
    expect(plan.chunk).toBe(Math.max(100, Math.ceil(plan.costs["time walk"]! * WALK_SLACK)));
    const middling = choosePlan({ ...base, text: 30_000, all: 30_000 * readable });
    expect(middling.strategy).toBe("time walk");
    expect(middling.chunk).toBe(Math.ceil(middling.costs["time walk"]! * WALK_SLACK));
  });

  it("bounds a walk that guessed wrong: a word common only where the reader cannot read hands over to the text index", () => {
    // The estimate assumes the reader may read 85% of the word's 30,000 matches; in truth none.
    const plan = choosePlan({ ...base, total: 10_000_000, inTime: 10_000_000, text: 30_000, all: 30_000 * readable });
    expect(plan.strategy).toBe("time walk");
    const textCost = plan.costs["text index"]!;
    expect(nextChunk({ limit: 20, found: 0, walked: plan.chunk, chunk: plan.chunk, textCost })).toBe("text index");
    // Rows read at worst: the first chunk, then the text index: under twice the text index alone.
    expect(plan.chunk + textCost).toBeLessThan(2 * textCost);
  });

  it("walks on, in growing chunks, while what it finds says it is nearly there", () => {
    // 19 of 20 found in 882 rows: about 46 more to read, far fewer than the text index's 80,000.
    expect(nextChunk({ limit: 20, found: 19, walked: 882, chunk: 882, textCost: 80_000 })).toBe(1_764);
    // 2 found in 1,000 rows: 6,000 more, read as one chunk of at most 8 times the last.
    expect(nextChunk({ limit: 20, found: 2, walked: 1_000, chunk: 1_000, textCost: 80_000 })).toBe(8_000);
    // Nothing to hand over to (filters only): the walk goes on, growing.
    expect(nextChunk({ limit: 20, found: 0, walked: 100_000, chunk: 100_000, textCost: null })).toBe(800_000);
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
