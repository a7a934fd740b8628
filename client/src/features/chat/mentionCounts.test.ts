// Mention badges on the client (docs/messages.md, "Mentions and read receipts"): loaded with the unread
// counts, one more for each new unread message mentioning me or everyone, recounted when the
// position moves, and moved by one when an edit adds or removes a mention of me.
import { beforeEach, describe, expect, it } from "vitest";
import { countMentions, useUnreadStore } from "./unreadStore";
import { chatMessage } from "./testMessage";

const me = "me@example.com";
const msg = (id: number, mentions: string[] = [], all = false, from = "you@example.com") => chatMessage(id, { mentions, mentions_all: all, sender_email: from });
const state = () => useUnreadStore.getState();

describe("mention counts", () => {
  beforeEach(() => {
    state().reset();
    state().setAll([{ channel_id: 1, last_read_message_id: 10, unread: 1, mentions: 1 }]);
  });

  it("counts new messages that mention me or everyone, not others' mentions nor my own messages", () => {
    state().received(msg(11, [me]), me);
    state().received(msg(12, [], true), me);
    state().received(msg(13, ["else@example.com"]), me);
    state().received(msg(14, [me], false, me), me);
    expect(state().mentions[1]).toBe(3);
    expect(state().unread[1]).toBe(4);
  });

  it("recounts on a move and follows edits", () => {
    const items = [msg(11, [me]), msg(12), msg(13, [], true)];
    expect(countMentions(items, 10, me)).toBe(2);
    expect(state().moved(1, 11, { items, hasOlder: false }, me)).toBe(true);
    expect(state().mentions[1]).toBe(1);
    // The @here message edited into a plain one: one less; back again: one more.
    expect(state().edited(msg(13, [], true), msg(13), me)).toBe(true);
    expect(state().mentions[1]).toBe(0);
    expect(state().edited(msg(13), msg(13, [me]), me)).toBe(true);
    expect(state().mentions[1]).toBe(1);
    // Already read: nothing to count. Unknown earlier version: ask the server.
    expect(state().edited(msg(5), msg(5, [me]), me)).toBe(true);
    expect(state().mentions[1]).toBe(1);
    expect(state().edited(undefined, msg(20, [me]), me)).toBe(false);
  });
});
