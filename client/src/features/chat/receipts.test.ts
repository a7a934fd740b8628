// "Seen by" on the client (docs/messages.md, "Mentions and read receipts"): loaded positions, live moves,
// and which of my messages carries the line.
import { beforeEach, describe, expect, it } from "vitest";
import { seenBy, seenTarget, useReceiptsStore } from "./receipts";

describe("read receipts", () => {
  beforeEach(() => useReceiptsStore.getState().reset());

  it("applies live moves to a loaded channel only", () => {
    const s = useReceiptsStore.getState();
    s.apply({ channel_id: 1, user_id: 2, user_email: "ann@x.io", last_read_message_id: 5 });
    expect(useReceiptsStore.getState().byChannel[1]).toBeUndefined();
    s.set({ channel_id: 1, enabled: true, receipts: [{ channel_id: 1, user_id: 2, user_email: "ann@x.io", last_read_message_id: 3 }] });
    s.apply({ channel_id: 1, user_id: 3, user_email: "ben@x.io", last_read_message_id: 7 });
    expect(useReceiptsStore.getState().byChannel[1]).toEqual({ enabled: true, positions: { "ann@x.io": 3, "ben@x.io": 7 } });
  });

  it("puts the line under my newest message someone has read, naming those who read it", () => {
    const positions = { "ann@x.io": 4, "ben@x.io": 9 };
    expect(seenTarget([2, 6, 12], positions)).toBe(6);
    expect(seenBy(6, positions)).toEqual(["ben@x.io"]);
    expect(seenBy(2, positions)).toEqual(["ann@x.io", "ben@x.io"]);
    expect(seenTarget([12], positions)).toBeUndefined();
    expect(seenTarget([1], {})).toBeUndefined();
  });
});
