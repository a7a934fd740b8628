// The outbox store (./outbox.ts): kept per person in storage, in the order written, each item
// under a UUID of its own; what a closed page left on its first try waits; garbage is dropped.
import { describe, expect, it } from "vitest";
import { createOutboxStore, loadOutbox, newClientId, shownIn, type OutboxItem } from "./outbox";
import { memoryStorage } from "../../lib/memoryStorage";


const text = (channel_id: number, content: string) => ({ channel_id, content, message_type: "text" as const });

describe("the outbox", () => {
  it("makes a fresh v4 UUID for every message", () => {
    const ids = Array.from({ length: 200 }, newClientId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(200);
  });

  it("keeps each person's items in the order written, across a reload, and forgets them once sent", () => {
    const storage = memoryStorage();
    const store = createOutboxStore(storage);
    store.getState().open(7);
    const a = store.getState().add(text(1, "first"));
    const b = store.getState().add({ ...text(1, "a reply"), thread_root_id: 9 });
    store.getState().mark(a.client_id, "waiting");
    store.getState().mark(b.client_id, "failed", "Channel not found");
    expect(store.getState().items.map((i) => [i.content, i.state, i.error])).toEqual([
      ["first", "waiting", undefined],
      ["a reply", "failed", "Channel not found"],
    ]);

    // A reload: the same person finds them; another person signing in on this browser does not.
    const again = createOutboxStore(storage);
    again.getState().open(8);
    expect(again.getState().items).toEqual([]);
    again.getState().open(7);
    expect(again.getState().items.map((i) => i.client_id)).toEqual([a.client_id, b.client_id]);

    again.getState().remove(a.client_id);
    again.getState().remove(b.client_id);
    expect(storage.map.size).toBe(0);
  });

  it("lets an item a closed page was sending wait, and drops what it did not write", () => {
    const storage = memoryStorage();
    const store = createOutboxStore(storage);
    store.getState().open(3);
    const sending = store.getState().add(text(2, "in flight"));
    expect(loadOutbox(3, storage).map((i) => [i.client_id, i.state])).toEqual([[sending.client_id, "waiting"]]);
    storage.setItem("teamspace:outbox:3", JSON.stringify([{ client_id: "x" }, 5, { ...sending, state: "lost" }, { ...sending, state: "waiting" }]));
    expect(loadOutbox(3, storage).map((i) => i.content)).toEqual(["in flight"]);
    storage.setItem("teamspace:outbox:3", "{not json");
    expect(loadOutbox(3, storage)).toEqual([]);
    expect(loadOutbox(3, null)).toEqual([]);
  });

  it("shows in a channel its waiting messages (and replies also sent there), in a thread its replies, never a first try", () => {
    const item = (content: string, state: OutboxItem["state"], thread_root_id: number | null = null, also_to_channel = false): OutboxItem => ({
      client_id: content,
      channel_id: 1,
      thread_root_id,
      also_to_channel,
      content,
      message_type: "text",
      written_at: 0,
      state,
    });
    const items = [item("root", "waiting"), item("trying", "sending"), item("reply", "failed", 5), item("also", "waiting", 5, true), { ...item("other", "waiting"), channel_id: 2 }];
    expect(shownIn(items, { channelId: 1 }).map((i) => i.content)).toEqual(["root", "also"]);
    expect(shownIn(items, { threadRootId: 5 }).map((i) => i.content)).toEqual(["reply", "also"]);
    expect(shownIn(items, { channelId: 2 }).map((i) => i.content)).toEqual(["other"]);
  });
});
