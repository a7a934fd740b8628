import { beforeEach, describe, expect, it } from "vitest";
import { useThreadStore } from "./threadStore";
import { useChatStore } from "./store";
import { chatMessage } from "./testMessage";
import { MESSAGE_PAGE_SIZE } from "./api";

const msg = chatMessage;
const reply = (id: number, also = false) => msg(id, { thread_root_id: 10, also_to_channel: also });
const replyIds = () => useThreadStore.getState().byRoot[10].replies.map((m) => m.id);

describe("thread store", () => {
  beforeEach(() => {
    useThreadStore.getState().reset();
    useChatStore.getState().reset();
  });

  it("keeps a loaded thread's replies in order, with replies that arrived while it loaded", () => {
    const s = useThreadStore.getState();
    s.startLoading(10);
    s.upsert(reply(14));
    s.loaded(10, msg(10), [reply(11), reply(12)]);
    s.upsert(reply(13));
    s.upsert(reply(12));
    s.upsert(msg(20, { thread_root_id: 99 })); // another thread, not loaded
    expect(replyIds()).toEqual([11, 12, 13, 14]);
    expect(useThreadStore.getState().byRoot[99]).toBeUndefined();
  });

  it("takes a root's new counters and a reply's edit, and forgets what was deleted", () => {
    const s = useThreadStore.getState();
    s.loaded(10, msg(10), [reply(11), reply(12)]);
    s.upsert(msg(10, { reply_count: 2 }));
    s.upsert({ ...reply(11), content: "edited" });
    expect(useThreadStore.getState().byRoot[10].root?.reply_count).toBe(2);
    expect(useThreadStore.getState().byRoot[10].replies[0].content).toBe("edited");
    s.remove(12);
    expect(replyIds()).toEqual([11]);
    s.remove(10);
    expect(useThreadStore.getState().byRoot[10]).toBeUndefined();
  });

  it("keeps replies only in a thread out of the channel's list; replies also sent there go in", () => {
    const chat = useChatStore.getState();
    chat.setLatest(1, [msg(10)]);
    chat.receive(reply(11));
    chat.receive(reply(12, true));
    chat.mergeMessages(1, [reply(13)]);
    expect(useChatStore.getState().byChannel[1].items.map((m) => m.id)).toEqual([10, 12]);
  });

  it("pages a thread as a channel: a full newest page has older ones, a short older page is the beginning", () => {
    const s = useThreadStore.getState();
    const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
    s.startLoading(10);
    s.loaded(10, msg(10), ids(100, MESSAGE_PAGE_SIZE).map((id) => reply(id)));
    expect(useThreadStore.getState().byRoot[10]).toMatchObject({ hasOlder: true, loadingOlder: false });
    s.setLoadingOlder(10, true);
    // A reply that arrived live meanwhile and a repeat of the oldest held stay once, in order.
    s.upsert(reply(100 + MESSAGE_PAGE_SIZE));
    s.prependOlder(10, [...ids(80, 20), 100].map((id) => reply(id)));
    expect(replyIds()).toEqual(ids(80, MESSAGE_PAGE_SIZE + 21));
    expect(useThreadStore.getState().byRoot[10]).toMatchObject({ hasOlder: false, loadingOlder: false });
  });
});
