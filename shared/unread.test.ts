import { describe, it, expect } from "vitest";
import { countUnread, firstUnread, isUnread, readPosition, unreadPosition } from "./unread";
import { inChannelList } from "./channelList";

const me = "me@example.test";
const msg = (id: number, from = "you@example.test") => ({ id, sender_email: from });

describe("read positions", () => {
  const channel = [msg(10), msg(11, me), msg(12), msg(13), msg(14, "ME@example.test"), msg(15)];

  it("counts messages after the position that others sent", () => {
    expect(countUnread(channel, 0, me)).toBe(4);
    expect(countUnread(channel, 12, me)).toBe(2);
    expect(countUnread(channel, 15, me)).toBe(0);
    expect(firstUnread(channel, 10, me)?.id).toBe(12);
  });

  it("never counts one's own messages, whatever the case of the address", () => {
    expect(countUnread([msg(1, me), msg(2, "Me@Example.test")], 0, me)).toBe(0);
    expect(isUnread(msg(3, me), 0, me)).toBe(false);
    expect(firstUnread([msg(1, me), msg(2)], 0, me)?.id).toBe(2);
  });

  it("counts across deletes: only the messages that still exist", () => {
    const afterDelete = channel.filter((m) => m.id !== 13 && m.id !== 15);
    expect(countUnread(afterDelete, 10, me)).toBe(1);
    // Every unread message deleted: nothing is left to count, so no badge can stay.
    expect(countUnread(channel.filter((m) => m.id <= 10), 10, me)).toBe(0);
  });

  it("works with a position at a deleted message (it is only compared)", () => {
    const without12 = channel.filter((m) => m.id !== 12);
    expect(countUnread(without12, 12, me)).toBe(2);
    expect(firstUnread(without12, 12, me)?.id).toBe(13);
  });

  it("moves forward only when reading, and never past the newest message", () => {
    expect(readPosition(12, 15, 15)).toBe(15);
    expect(readPosition(15, 12, 15)).toBe(15);
    expect(readPosition(0, 99, 15)).toBe(15);
    expect(readPosition(3, 99, 0)).toBe(3);
  });

  it("marks a message unread by putting the position just before it, back or forth", () => {
    expect(unreadPosition(13)).toBe(12);
    expect(countUnread(channel, unreadPosition(13), me)).toBe(2);
    expect(firstUnread(channel, unreadPosition(13), me)?.id).toBe(13);
    expect(unreadPosition(1)).toBe(0);
    // Reading again moves it forward from there.
    expect(readPosition(unreadPosition(13), 15, 15)).toBe(15);
  });
});

// Threads (docs/threads.md): a thread's position is a message id too, so the same arithmetic
// counts its replies; the channel's position counts only what its main list shows.
describe("thread read positions", () => {
  const reply = (id: number, from = "you@example.test", also = false) => ({ id, sender_email: from, thread_root_id: 10, also_to_channel: also });
  const root = { id: 10, sender_email: me, thread_root_id: null, also_to_channel: false };
  const all = [root, reply(11), reply(12, me), reply(13, "you@example.test", true), { id: 14, sender_email: "you@example.test", thread_root_id: null, also_to_channel: false }, reply(15)];

  it("counts a thread's replies after the thread's position, never one's own", () => {
    const replies = all.filter((m) => m.thread_root_id === 10);
    expect(countUnread(replies, 0, me)).toBe(3);
    expect(countUnread(replies, 12, me)).toBe(2);
    expect(firstUnread(replies, 11, me)?.id).toBe(13);
  });

  it("leaves replies only in the thread out of the channel's count", () => {
    const channelList = all.filter(inChannelList);
    expect(channelList.map((m) => m.id)).toEqual([10, 13, 14]);
    expect(countUnread(channelList, 10, me)).toBe(2);
  });

  it("reads a thread forward only, never past its newest reply", () => {
    expect(readPosition(0, 2_000_000_000, 15)).toBe(15);
    expect(readPosition(13, 11, 15)).toBe(13);
  });
});
