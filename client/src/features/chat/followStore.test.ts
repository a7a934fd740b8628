import { beforeEach, describe, expect, it } from "vitest";
import type { FollowedThread, ThreadFollow } from "@shared/entities";
import { sortThreads, unreadReplies, useFollowStore } from "./followStore";
import { chatMessage } from "./testMessage";

const me = "me@example.com";
const msg = chatMessage;
const thread = (rootId: number, unread: number, lastReplyAt: string | null = null, position = 0): FollowedThread => ({
  thread_root_id: rootId,
  channel_id: 1,
  last_read_message_id: position,
  unread,
  root: msg(rootId, { reply_count: unread, last_reply_at: lastReplyAt }),
});
const follow = (rootId: number, fields: Partial<ThreadFollow> = {}): ThreadFollow => ({
  id: 1,
  thread_root_id: rootId,
  channel_id: 1,
  user_id: 7,
  following: true,
  last_read_message_id: 0,
  created_date: "2026-01-01T00:00:00Z",
  updated_date: "2026-01-01T00:00:00Z",
  ...fields,
});
const state = () => useFollowStore.getState();

describe("followed threads", () => {
  beforeEach(() => state().reset());

  it("counts a new reply from someone else in a followed thread once, and never one's own", () => {
    state().setAll([thread(10, 0, null, 11)]);
    state().received(msg(12, { thread_root_id: 10 }), me);
    state().received(msg(12, { thread_root_id: 10 }), me);
    state().received(msg(13, { thread_root_id: 10, sender_email: "ME@example.com" }), me);
    state().received(msg(9, { thread_root_id: 10 }), me); // before the position
    state().received(msg(14, { thread_root_id: 99 }), me); // a thread not followed
    state().received(msg(15), me); // not a reply
    expect(state().threads[10].unread).toBe(1);
    expect(state().threads[99]).toBeUndefined();
  });

  it("recounts from the loaded replies when the position moves, and asks the server when it cannot", () => {
    state().setAll([thread(10, 3)]);
    const replies = [msg(11, { thread_root_id: 10 }), msg(12, { thread_root_id: 10 }), msg(13, { thread_root_id: 10 })];
    expect(state().followChanged(follow(10, { last_read_message_id: 12 }), replies, me)).toBe(true);
    expect(state().threads[10]).toMatchObject({ last_read_message_id: 12, unread: 1 });
    expect(state().followChanged(follow(10, { last_read_message_id: 13 }), undefined, me)).toBe(false);
    // A thread newly followed is not in the list yet: the server says its count.
    expect(state().followChanged(follow(20), undefined, me)).toBe(false);
  });

  it("drops an unfollowed or deleted thread, and follows a root's changes", () => {
    state().setAll([thread(10, 1), thread(20, 2)]);
    expect(state().followChanged(follow(10, { following: false }), undefined, me)).toBe(true);
    expect(state().threads[10]).toBeUndefined();
    state().rootChanged(msg(20, { reply_count: 5 }));
    expect(state().threads[20].root.reply_count).toBe(5);
    state().rootDeleted(20);
    expect(state().threads).toEqual({});
  });

  it("lists unread threads first, then by the newest reply", () => {
    const list = [thread(1, 0, "2026-01-03T00:00:00Z"), thread(2, 2, "2026-01-01T00:00:00Z"), thread(3, 0, "2026-01-04T00:00:00Z"), thread(4, 1, "2026-01-02T00:00:00Z")];
    expect(sortThreads(list).map((t) => t.thread_root_id)).toEqual([4, 2, 3, 1]);
    state().setAll(list);
    expect(unreadReplies(state().threads)).toBe(3);
  });
});
