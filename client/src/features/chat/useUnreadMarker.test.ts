// The divider and "Jump to first unread" follow the channel's unread count (docs/unread.md):
// offered exactly while unread messages from others are off screen, and never for one's own.
import { describe, expect, it } from "vitest";
import { LIMITS } from "@shared/constants";
import { chatMessage } from "./testMessage";
import { dividerOffscreen, holdsAllUnread, placeDivider } from "./useUnreadMarker";

const ME = "me@example.com";
/** Messages `from`..`to` (ids), sent by `sender`. */
const run = (from: number, to: number, sender: string) =>
  Array.from({ length: to - from + 1 }, (_, i) => chatMessage(from + i, { sender_email: sender }));

describe("placeDivider", () => {
  it("places none for 57 of one's own messages after the position, the newest 50 loaded", () => {
    const loaded = run(8, 57, ME);
    expect(placeDivider(loaded, true, 0, 0, ME)).toEqual({ since: null, known: { count: 0, upTo: 57 } });
  });

  it("places it for 57 unread messages from others and knows the first is older than the 50 loaded", () => {
    const placed = placeDivider(run(8, 57, "ann@example.com"), true, 0, 57, ME);
    expect(placed.since).toBe(0);
    expect(holdsAllUnread(run(8, 57, "ann@example.com"), true, 0, placed.known, ME)).toBe(false);
    // The older page reaches back to the first unread message.
    expect(holdsAllUnread(run(1, 57, "ann@example.com"), false, 0, placed.known, ME)).toBe(true);
  });

  it("places it in the loaded messages when all the unread ones are loaded, whoever wrote the older ones", () => {
    // My messages 1..10 (not loaded), then 50 from Ann: the count says 50, all of them loaded.
    const loaded = run(11, 60, "ann@example.com");
    const placed = placeDivider(loaded, true, 0, 50, ME);
    expect(placed.since).toBe(0);
    expect(holdsAllUnread(loaded, true, 0, placed.known, ME)).toBe(true);
  });

  it("without a count, goes by ids as before: unread may be older when the loaded ones do not reach the position", () => {
    expect(placeDivider(run(8, 57, ME), true, 0, undefined, ME).since).toBe(0);
    expect(placeDivider(run(8, 57, ME), true, 7, undefined, ME).since).toBeNull();
    expect(placeDivider(run(1, 20, ME), false, 0, undefined, ME).since).toBeNull();
  });
});

describe("holdsAllUnread", () => {
  const ann = "ann@example.com";
  it("holds everything when there is nothing older, or the loaded messages reach back to the position", () => {
    expect(holdsAllUnread(run(5, 10, ann), false, 0, null, ME)).toBe(true);
    expect(holdsAllUnread(run(5, 10, ann), true, 4, null, ME)).toBe(true);
    expect(holdsAllUnread([], true, 0, { count: 3, upTo: 0 }, ME)).toBe(true);
  });
  it("counts only the messages that were there when the count was taken: later ones do not make up for older unread", () => {
    const known = { count: 57, upTo: 57 };
    const loaded = [...run(8, 57, ann), ...run(58, 70, ann)];
    expect(holdsAllUnread(loaded, true, 0, known, ME)).toBe(false);
  });
  it("trusts no count at the server's cap", () => {
    const known = { count: LIMITS.unreadCountMax, upTo: 300 };
    expect(holdsAllUnread(run(101, 300, ann), true, 0, known, ME)).toBe(false);
    expect(holdsAllUnread(run(101, 300, ann), true, 0, { count: 99, upTo: 300 }, ME)).toBe(true);
  });
});

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
