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

// Deleting one's own message (docs/threads.md): a root with replies stays as the server's
// placeholder for the deleter as for everyone, whichever of the feed's change and the answer comes first.
describe("chat store, a delete this client sent", () => {
  beforeEach(() => useChatStore.getState().reset());
  const root = chatMessage(2, { channel_id: 1, reply_count: 2 });
  const placeholder = { ...root, content: "", deleted_at: "2026-01-01T00:01:00Z" };

  it("keeps the placeholder the feed brought before the answer", () => {
    useChatStore.getState().setLatest(1, [msg(1), root, msg(3)]);
    useChatStore.getState().mergeMessages(1, [placeholder]);
    expect(useChatStore.getState().settleDelete(2)).toBe("kept");
    expect(useChatStore.getState().byChannel[1].items.find((m) => m.id === 2)).toEqual(placeholder);
  });

  it("keeps a root with replies whose placeholder has not come, to be asked for", () => {
    useChatStore.getState().setLatest(1, [msg(1), root, msg(3)]);
    expect(useChatStore.getState().settleDelete(2)).toBe("ask");
    expect(ids()).toEqual([1, 2, 3]);
    // The feed's change arriving after the answer replaces it.
    useChatStore.getState().mergeMessages(1, [placeholder]);
    expect(useChatStore.getState().byChannel[1].items[1].deleted_at).not.toBeNull();
  });

  it("removes any other message at once", () => {
    useChatStore.getState().setLatest(1, [msg(1), msg(2), chatMessage(3, { channel_id: 1, thread_root_id: 2 })]);
    expect(useChatStore.getState().settleDelete(2)).toBe("removed");
    expect(useChatStore.getState().settleDelete(3)).toBe("removed");
    expect(ids()).toEqual([1]);
    expect(useChatStore.getState().settleDelete(99)).toBe("removed");
  });
});
