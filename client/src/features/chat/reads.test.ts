// Server rows of read positions reach a tab out of order (the command's answer and the feed's
// change of the same move, moves from other tabs): the newest row wins, so an older one never
// puts a read badge back, while a newer mark-unread does.
import { beforeEach, describe, expect, it } from "vitest";
import { applyRead } from "./reads";
import { useChatStore } from "./store";
import { useUnreadStore } from "./unreadStore";
import { chatMessage } from "./testMessage";

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
const row = (position: number, second: number) => ({ channel_id: 7, last_read_message_id: position, updated_date: at(second) });
const message = (id: number) => chatMessage(id, { channel_id: 7, created_date: at(0), updated_date: at(0) });

describe("applying read positions from the server", () => {
  beforeEach(() => {
    useChatStore.getState().reset();
    useUnreadStore.getState().reset();
    useChatStore.getState().setLatest(7, [message(1), message(2), message(3)]);
    useUnreadStore.getState().setAll([{ channel_id: 7, last_read_message_id: 0, unread: 3, mentions: 0 }]);
  });

  it("keeps the newest row and recounts from the loaded messages", () => {
    applyRead(row(3, 2));
    expect(useUnreadStore.getState().unread[7]).toBe(0);
    applyRead(row(1, 1)); // an older move arriving late
    expect(useUnreadStore.getState().positions[7]).toBe(3);
    applyRead(row(1, 3)); // marked unread later, on another device
    expect(useUnreadStore.getState().positions[7]).toBe(1);
    expect(useUnreadStore.getState().unread[7]).toBe(2);
  });
});
