import { beforeEach, describe, expect, it } from "vitest";
import { useChatStore } from "./store";
import { chatMessage } from "./testMessage";

const msg = (id: number, channel_id = 1) => chatMessage(id, { channel_id });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => msg(from + i));
const ids = () => useChatStore.getState().byChannel[1].items.map((m) => m.id);

describe("chat store paging", () => {
  beforeEach(() => useChatStore.getState().reset());

  it("keeps a full latest page and offers older ones", () => {
    useChatStore.getState().setLatest(1, range(71, 120));
    expect(ids()).toHaveLength(50);
    expect(useChatStore.getState().byChannel[1].hasOlder).toBe(true);
  });

  it("prepends older pages without duplicates and stops after a short page", () => {
    const s = useChatStore.getState();
    s.setLatest(1, range(71, 120));
    s.prependOlder(1, range(21, 71)); // overlaps 71
    expect(ids()).toEqual(range(21, 120).map((m) => m.id));
    expect(useChatStore.getState().byChannel[1].hasOlder).toBe(true);
    s.prependOlder(1, range(1, 20));
    expect(ids()).toEqual(range(1, 120).map((m) => m.id));
    expect(useChatStore.getState().byChannel[1].hasOlder).toBe(false);
  });

  it("ignores a message it already holds and inserts in id order", () => {
    const s = useChatStore.getState();
    s.setLatest(1, [msg(1), msg(3)]);
    s.receive(msg(3));
    s.receive(msg(2));
    s.receive(msg(4));
    expect(ids()).toEqual([1, 2, 3, 4]);
  });
});
