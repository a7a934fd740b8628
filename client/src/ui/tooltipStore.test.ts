import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LIMITS } from "@shared/constants";
import { tooltips, useTooltipStore } from "./tooltipStore";

// Tests run without a document: a trigger is anything with isConnected (all the store reads of it).
const trigger = (connected = true) => ({ isConnected: connected }) as unknown as Element;
const shown = () => useTooltipStore.getState().trigger;

describe("the page's one tooltip", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    tooltips.close();
    // Past the skip delay of the close above: the next hover waits its delay.
    vi.advanceTimersByTime(LIMITS.tooltipSkipDelayMs + 1);
  });
  afterEach(() => vi.useRealTimers());

  it("shows a hovered trigger's label after the delay, not before", () => {
    const a = trigger();
    tooltips.register(a, { label: "Edit message", side: "top" });
    tooltips.hover(a);
    vi.advanceTimersByTime(LIMITS.tooltipDelayMs - 1);
    expect(shown()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(shown()).toBe(a);
    expect(useTooltipStore.getState().entry?.label).toBe("Edit message");
  });

  it("never shows a trigger the pointer left before the delay", () => {
    const a = trigger();
    tooltips.register(a, { label: "A", side: "top" });
    tooltips.hover(a);
    tooltips.leave(a);
    vi.advanceTimersByTime(LIMITS.tooltipDelayMs * 2);
    expect(shown()).toBeNull();
  });

  it("moves to the next trigger at once while one shows, and just after one closed", () => {
    const [a, b, c] = [trigger(), trigger(), trigger()];
    for (const el of [a, b, c]) tooltips.register(el, { label: "x", side: "top" });
    tooltips.focus(a);
    expect(shown()).toBe(a);
    tooltips.hover(b);
    expect(shown()).toBe(b);
    tooltips.leave(b);
    expect(shown()).toBeNull();
    vi.advanceTimersByTime(LIMITS.tooltipSkipDelayMs - 10);
    tooltips.hover(c);
    expect(shown()).toBe(c);
  });

  it("waits the full delay again once the skip delay has passed", () => {
    const [a, b] = [trigger(), trigger()];
    for (const el of [a, b]) tooltips.register(el, { label: "x", side: "top" });
    tooltips.focus(a);
    tooltips.close();
    vi.advanceTimersByTime(LIMITS.tooltipSkipDelayMs + 1);
    tooltips.hover(b);
    expect(shown()).toBeNull();
    vi.advanceTimersByTime(LIMITS.tooltipDelayMs);
    expect(shown()).toBe(b);
  });

  it("follows a label that changes while it shows, and closes when it becomes hidden", () => {
    const a = trigger();
    tooltips.register(a, { label: "You reacted", side: "top" });
    tooltips.focus(a);
    tooltips.register(a, { label: "You and Sam reacted", side: "top" });
    expect(useTooltipStore.getState().entry?.label).toBe("You and Sam reacted");
    tooltips.register(a, { label: "You and Sam reacted", side: "top", hidden: true });
    expect(shown()).toBeNull();
  });

  it("shows nothing for a hidden, unknown or removed trigger, and closes when its trigger goes", () => {
    const [hidden, unknown, gone, a] = [trigger(), trigger(), trigger(false), trigger()];
    tooltips.register(hidden, { label: "x", side: "right", hidden: true });
    tooltips.register(gone, { label: "x", side: "top" });
    for (const el of [hidden, unknown, gone]) tooltips.focus(el);
    expect(shown()).toBeNull();
    tooltips.register(a, { label: "x", side: "top" });
    tooltips.hover(a);
    tooltips.unregister(a);
    vi.advanceTimersByTime(LIMITS.tooltipDelayMs);
    expect(shown()).toBeNull();
    tooltips.register(a, { label: "x", side: "top" });
    tooltips.focus(a);
    tooltips.unregister(a);
    expect(shown()).toBeNull();
  });
});
