import { afterEach, describe, expect, it, vi } from "vitest";
import { mentionTotal, registerAppBadge } from "./appBadge";
import { useUnreadStore } from "./unreadStore";

describe("the app badge", () => {
  afterEach(() => useUnreadStore.getState().reset());

  it("counts the unread mentions of every channel", () => {
    expect(mentionTotal({ 1: 2, 7: 0, 9: 3 })).toBe(5);
    expect(mentionTotal({})).toBe(0);
  });

  it("follows the unread store: set while there are mentions, cleared at zero, not told twice the same", () => {
    const setAppBadge = vi.fn(async () => {});
    const clearAppBadge = vi.fn(async () => {});
    const stop = registerAppBadge({ setAppBadge, clearAppBadge });
    expect(clearAppBadge).toHaveBeenCalledTimes(1);
    useUnreadStore.setState({ mentions: { 4: 2 } });
    useUnreadStore.setState({ mentions: { 4: 2, 5: 1 } });
    useUnreadStore.setState({ unread: { 4: 9 } }); // the same mentions: no call
    expect(setAppBadge.mock.calls).toEqual([[2], [3]]);
    useUnreadStore.setState({ mentions: { 4: 0, 5: 0 } });
    expect(clearAppBadge).toHaveBeenCalledTimes(2);
    stop();
    useUnreadStore.setState({ mentions: { 4: 1 } });
    expect(setAppBadge).toHaveBeenCalledTimes(2);
  });

  it("does nothing where the browser has no badge", () => {
    expect(() => registerAppBadge({})()).not.toThrow();
  });
});
