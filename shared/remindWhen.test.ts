import { describe, it, expect } from "vitest";
import { parseWhen, presetTime, splitWhenWhat } from "./remindWhen";

// Saturday 28 November 2026, 14:30 UTC = 15:30 in Berlin.
const now = new Date("2026-11-28T14:30:00Z");
const at = (words: string, zone: string | null = "Europe/Berlin") => parseWhen(words, zone, now)?.toISOString() ?? null;

describe("parseWhen", () => {
  it("reads durations from now", () => {
    expect(at("in 20 minutes")).toBe("2026-11-28T14:50:00.000Z");
    expect(at("1h")).toBe("2026-11-28T15:30:00.000Z");
    expect(at("in 3 hours")).toBe("2026-11-28T17:30:00.000Z");
    expect(at("in 1h30m")).toBe("2026-11-28T16:00:00.000Z");
    expect(at("90 min")).toBe("2026-11-28T16:00:00.000Z");
    expect(at("in 2 days")).toBe("2026-11-30T14:30:00.000Z");
  });
  it("reads days and times in the person's zone", () => {
    expect(at("tomorrow")).toBe("2026-11-29T08:00:00.000Z");
    expect(at("tomorrow 9am")).toBe("2026-11-29T08:00:00.000Z");
    expect(at("tomorrow at 15:00")).toBe("2026-11-29T14:00:00.000Z");
    expect(at("today at 17:30")).toBe("2026-11-28T16:30:00.000Z");
    // 16:00 Berlin is still ahead today; 15:00 has passed, so tomorrow.
    expect(at("at 16:00")).toBe("2026-11-28T15:00:00.000Z");
    expect(at("at 15:00")).toBe("2026-11-29T14:00:00.000Z");
    expect(at("3pm")).toBe("2026-11-29T14:00:00.000Z");
    expect(at("tomorrow 9am", null)).toBe("2026-11-29T09:00:00.000Z");
  });
  it("reads weekdays and dates", () => {
    expect(at("on Monday")).toBe("2026-11-30T08:00:00.000Z");
    expect(at("monday 2pm")).toBe("2026-11-30T13:00:00.000Z");
    expect(at("next fri at 8:15")).toBe("2026-12-04T07:15:00.000Z");
    // Said on a Saturday, Saturday is the next one.
    expect(at("on saturday")).toBe("2026-12-05T08:00:00.000Z");
    expect(at("on 2026-12-01 at 10:00")).toBe("2026-12-01T09:00:00.000Z");
    expect(at("2026-12-01")).toBe("2026-12-01T08:00:00.000Z");
  });
  it("answers null for what it does not read", () => {
    for (const w of ["", "someday", "in 0 minutes", "at 25:00", "13pm", "2026-02-31", "in 5 parsecs", "tomorrow at 9:75", "x".repeat(100)]) expect(at(w)).toBeNull();
  });
  it("presets: tomorrow and Monday at 9:00", () => {
    expect(presetTime("tomorrow", "Europe/Berlin", now).toISOString()).toBe("2026-11-29T08:00:00.000Z");
    expect(presetTime("monday", "Europe/Berlin", now).toISOString()).toBe("2026-11-30T08:00:00.000Z");
    expect(presetTime("20m", null, now).toISOString()).toBe("2026-11-28T14:50:00.000Z");
  });
});

describe("splitWhenWhat", () => {
  it("takes the longest time first, or a time at the end", () => {
    expect(splitWhenWhat("tomorrow 9am stand-up notes", "Europe/Berlin", now)).toEqual({ at: new Date("2026-11-29T08:00:00Z"), what: "stand-up notes" });
    expect(splitWhenWhat("in 20 minutes to call Sam", null, now)).toEqual({ at: new Date("2026-11-28T14:50:00Z"), what: "call Sam" });
    expect(splitWhenWhat("call Sam on Monday", null, now)).toEqual({ at: new Date("2026-11-30T09:00:00Z"), what: "call Sam" });
    expect(splitWhenWhat("call Sam", null, now)).toBeNull();
  });
});
