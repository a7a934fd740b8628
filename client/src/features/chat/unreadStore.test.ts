// The client's side of unread (docs/unread.md): counts loaded from the server stay right as
// messages arrive (others' only, once each, only in counted channels) and as the position moves,
// recounted from the loaded messages when they reach back to it, else left to the server.
import { beforeEach, describe, expect, it } from "vitest";
import { reachesBack, useUnreadStore } from "./unreadStore";
import { chatMessage } from "./testMessage";

const me = "me@example.com";
const msg = (id: number, channel_id = 1, from = "you@example.com") => chatMessage(id, { channel_id, sender_email: from });
const state = () => useUnreadStore.getState();

describe("unread store", () => {
  beforeEach(() => {
    state().reset();
    state().setAll([
      { channel_id: 1, last_read_message_id: 10, unread: 2, mentions: 0 },
      { channel_id: 2, last_read_message_id: 0, unread: 0, mentions: 0 },
    ]);
  });

  it("counts a new message from someone else after the position, once, in counted channels only", () => {
    state().received(msg(20), me);
    state().received(msg(20), me); // pushed, then caught up
    state().received(msg(21, 1, me), me); // one's own
    state().received(msg(9), me); // before the position
    state().received(msg(22, 3), me); // a channel the server does not count
    expect(state().unread).toEqual({ 1: 3, 2: 0 });
  });

  it("recounts from the loaded messages when the position moves, forward or back", () => {
    const loaded = { items: [msg(8), msg(11), msg(12, 1, me), msg(13)], hasOlder: true };
    expect(state().moved(1, 13, loaded, me)).toBe(true);
    expect(state().unread[1]).toBe(0);
    // Marked unread at 11: 11 and 13 count, one's own 12 does not.
    expect(state().moved(1, 10, loaded, me)).toBe(true);
    expect(state().unread[1]).toBe(2);
    expect(state().positions[1]).toBe(10);
  });

  it("asks the server when the loaded messages do not reach back to the position", () => {
    const loaded = { items: [msg(50), msg(51)], hasOlder: true };
    expect(reachesBack(loaded, 10)).toBe(false);
    expect(state().moved(1, 10, loaded, me)).toBe(false);
    expect(state().unread[1]).toBe(2); // unchanged until the server says
    // Past the newest loaded message nothing can be unread.
    expect(state().moved(1, 51, loaded, me)).toBe(true);
    expect(state().unread[1]).toBe(0);
    expect(reachesBack({ items: [msg(50)], hasOlder: false }, 10)).toBe(true);
  });

  it("forgets a deleted channel and holds reading after a mark-unread until released", () => {
    state().hold(1, true);
    expect(state().held).toEqual({ 1: true });
    state().hold(1, false);
    expect(state().held).toEqual({});
    state().forget(1);
    expect(state().unread).toEqual({ 2: 0 });
    expect(state().moved(1, 5, undefined, me)).toBe(true); // not counted: nothing to do
  });
});
