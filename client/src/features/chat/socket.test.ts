// Chat's feed handlers: changes of channels and messages, live or caught up, land in the chat
// store and the channel list in place; a new message moves its channel's last_activity, so every
// reader's channel list stays sorted by it without a channel push of its own.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Channel } from "@shared/entities";
import { applyChange } from "../../realtime/feed";
import { queryClient } from "../../app/queryClient";
import { channelKeys, sortChannels } from "./api";
import { registerChatSocket } from "./socket";
import { useChatStore } from "./store";
import { chatMessage } from "./testMessage";

const channel = (id: number, last_activity: string): Channel =>
  ({ id, name: `c${id}`, description: null, type: "public", is_system: false, members: [], last_activity, created_by: null, link_previews: true, created_date: last_activity, updated_date: last_activity }) as Channel;
const message = (id: number, channel_id: number, at: string) => chatMessage(id, { channel_id, created_date: at, updated_date: at });
const order = () => sortChannels(queryClient.getQueryData<Channel[]>(channelKeys.all) ?? []).map((c) => c.id);

describe("chat's feed handlers", () => {
  beforeAll(() => registerChatSocket());
  beforeEach(() => {
    useChatStore.getState().reset();
    queryClient.setQueryData(channelKeys.all, [channel(1, "2026-11-24T10:00:00.000Z"), channel(2, "2026-11-24T09:00:00.000Z")]);
  });

  it("moves a channel up the list when a message arrives in it, never back for an older one", () => {
    expect(order()).toEqual([1, 2]);
    applyChange({ seq: 10, table: "messages", op: "create", id: 5, row: message(5, 2, "2026-11-24T11:00:00.000Z") });
    expect(order()).toEqual([2, 1]);
    applyChange({ seq: 11, table: "messages", op: "create", id: 3, row: message(3, 2, "2026-11-24T08:00:00.000Z") });
    expect(queryClient.getQueryData<Channel[]>(channelKeys.all)!.find((c) => c.id === 2)!.last_activity).toBe("2026-11-24T11:00:00.000Z");
  });

  it("adds, edits and removes messages of a loaded channel, once each", () => {
    useChatStore.getState().setLatest(1, [message(1, 1, "2026-11-24T10:00:00.000Z")]);
    const m2 = message(2, 1, "2026-11-24T10:01:00.000Z");
    applyChange({ seq: 20, table: "messages", op: "create", id: 2, row: m2 });
    applyChange({ seq: 20, table: "messages", op: "create", id: 2, row: m2 }); // pushed, then caught up
    applyChange({ seq: 21, table: "messages", op: "update", id: 2, row: { ...m2, content: "edited" } });
    expect(useChatStore.getState().byChannel[1].items.map((m) => [m.id, m.content])).toEqual([
      [1, "m1"],
      [2, "edited"],
    ]);
    applyChange({ seq: 22, table: "messages", op: "delete", id: 1, row: null });
    expect(useChatStore.getState().byChannel[1].items.map((m) => m.id)).toEqual([2]);
  });

  it("keeps the channel list current: a new or renamed channel in place, a removed one gone with its messages", () => {
    useChatStore.getState().setLatest(2, [message(1, 2, "2026-11-24T10:00:00.000Z")]);
    applyChange({ seq: 30, table: "channels", op: "create", id: 3, row: channel(3, "2026-11-24T12:00:00.000Z") });
    applyChange({ seq: 31, table: "channels", op: "update", id: 1, row: { ...channel(1, "2026-11-24T10:00:00.000Z"), name: "renamed" } });
    applyChange({ seq: 32, table: "channels", op: "delete", id: 2, row: null });
    expect(order()).toEqual([3, 1]);
    expect(queryClient.getQueryData<Channel[]>(channelKeys.all)!.find((c) => c.id === 1)!.name).toBe("renamed");
    expect(useChatStore.getState().byChannel[2]).toBeUndefined();
  });
});
