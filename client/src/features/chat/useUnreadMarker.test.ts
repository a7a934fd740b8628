// "Jump to first unread" is offered exactly while the first unread message is off screen.
import { describe, expect, it } from "vitest";
import { dividerOffscreen } from "./useUnreadMarker";

describe("dividerOffscreen", () => {
  const loaded = { beforeLoaded: false };
  it("offers the jump while the first unread is older than the loaded messages, whatever is on screen", () => {
    expect(dividerOffscreen({ beforeLoaded: true }, -1, { startIndex: 0, endIndex: 10 })).toBe(true);
    expect(dividerOffscreen({ beforeLoaded: true }, -1, null)).toBe(true);
  });
  it("offers it while the divider's row is above or below the visible rows", () => {
    expect(dividerOffscreen(loaded, 3, { startIndex: 10, endIndex: 20 })).toBe(true);
    expect(dividerOffscreen(loaded, 25, { startIndex: 10, endIndex: 20 })).toBe(true);
  });
  it("hides it once the divider's row is on screen, at either edge too", () => {
    expect(dividerOffscreen(loaded, 10, { startIndex: 10, endIndex: 20 })).toBe(false);
    expect(dividerOffscreen(loaded, 15, { startIndex: 10, endIndex: 20 })).toBe(false);
    expect(dividerOffscreen(loaded, 20, { startIndex: 10, endIndex: 20 })).toBe(false);
  });
  it("offers nothing without a divider or before the list is laid out", () => {
    expect(dividerOffscreen(loaded, -1, { startIndex: 0, endIndex: 10 })).toBe(false);
    expect(dividerOffscreen(loaded, 5, null)).toBe(false);
  });
});
