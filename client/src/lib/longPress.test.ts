import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LONG_PRESS_MS, LONG_PRESS_SLOP, LongPressTracker } from "./longPress";

const touch = (x = 100, y = 100, pointerId = 1) => ({ pointerType: "touch", pointerId, clientX: x, clientY: y });

describe("LongPressTracker", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("fires once when a finger is held still long enough, and marks the touch as used", () => {
    const press = vi.fn();
    const t = new LongPressTracker(press);
    t.down(touch());
    vi.advanceTimersByTime(LONG_PRESS_MS - 1);
    expect(press).not.toHaveBeenCalled();
    t.move(touch(100 + LONG_PRESS_SLOP - 1, 100));
    vi.advanceTimersByTime(1);
    expect(press).toHaveBeenCalledTimes(1);
    expect(t.fired).toBe(true);
    t.up();
    vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    expect(press).toHaveBeenCalledTimes(1);
  });

  it("is no press when the finger lifts early, scrolls away, or is a mouse", () => {
    const press = vi.fn();
    const t = new LongPressTracker(press);
    t.down(touch());
    vi.advanceTimersByTime(LONG_PRESS_MS / 2);
    t.up();
    t.down(touch());
    t.move(touch(100, 100 + LONG_PRESS_SLOP + 1));
    t.down({ ...touch(), pointerType: "mouse" });
    vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    expect(press).not.toHaveBeenCalled();
    expect(t.fired).toBe(false);
  });

  it("follows only the finger that began the press", () => {
    const press = vi.fn();
    const t = new LongPressTracker(press);
    t.down(touch(100, 100, 1));
    t.move(touch(400, 400, 2));
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(press).toHaveBeenCalledTimes(1);
  });
});
