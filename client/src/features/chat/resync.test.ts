import { beforeEach, describe, expect, it } from "vitest";
import type { ChatMessage } from "@shared/entities";
import { useChatStore } from "./store";
import { resyncSnapshot } from "./actions";
import { ResyncPoints, resyncUntilDone } from "@shared/resync";

const msg = (id: number, channel_id = 1): ChatMessage => ({
  id,
  channel_id,
  content: `m${id}`,
  sender_name: "Someone",
  sender_email: "someone@example.com",
  message_type: "text",
  file_url: null,
  file_name: null,
  created_date: "2026-01-01T00:00:00Z",
  updated_date: "2026-01-01T00:00:00Z",
});
const ids = (channel = 1) => useChatStore.getState().byChannel[channel].items.map((m) => m.id);

/** What the server holds: the messages a REST "after id" query would return. */
const serverHas = (from: number, to: number, channel = 1) => Array.from({ length: to - from + 1 }, (_, i) => msg(from + i, channel));

describe("resync after a reconnect that was not recovered", () => {
  beforeEach(() => useChatStore.getState().reset());

  it("fetches from where the channel stood at the drop, even if a message arrived before session.ready", async () => {
    const store = useChatStore.getState();
    store.setLatest(1, serverHas(1, 5));
    const snapshot = resyncSnapshot(); // the socket drops
    // The server restarts; messages 6..9 are posted; the new socket joins its rooms and 9 is
    // pushed to it before session.ready.
    store.receive(msg(9));
    const points = new ResyncPoints();
    points.add(snapshot);
    const server = serverHas(1, 9);
    await resyncUntilDone(points, async (channel, after) => {
      useChatStore.getState().mergeMessages(channel, server.filter((m) => after === null || m.id > after));
    });
    expect(ids()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("retries a failed fetch with growing waits until it succeeds, without holding up other channels", async () => {
    useChatStore.getState().setLatest(1, serverHas(1, 3));
    useChatStore.getState().setLatest(2, serverHas(1, 3, 2));
    const points = new ResyncPoints();
    points.add(resyncSnapshot());
    let failures = 2;
    const waits: number[] = [];
    const calls: number[] = [];
    await resyncUntilDone(
      points,
      async (channel, after) => {
        calls.push(channel);
        if (channel === 1 && failures-- > 0) throw new Error("503");
        useChatStore.getState().mergeMessages(channel, serverHas((after ?? 0) + 1, 6, channel));
      },
      { sleep: async (ms) => void waits.push(ms), baseMs: 100, maxMs: 1000 },
    );
    expect(points.size).toBe(0);
    expect(ids(1)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids(2)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(calls.filter((c) => c === 2)).toHaveLength(1);
    expect(calls.filter((c) => c === 1)).toHaveLength(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(50);
    expect(waits[0]).toBeLessThanOrEqual(100);
    expect(waits[1]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeLessThanOrEqual(200);
  });

  it("keeps the earlier point when the socket drops again while a resync is in flight", async () => {
    const points = new ResyncPoints();
    points.add(new Map([[1, 5]]));
    const [[id, first]] = points.entries();
    points.add(new Map([[1, 8]])); // a second drop, after 6..8 arrived live
    points.settle(id, first); // the first fetch completes
    expect(points.entries()).toEqual([[1, { after: 5 }]]);
  });
});
