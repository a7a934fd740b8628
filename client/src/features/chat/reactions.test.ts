import { beforeEach, describe, expect, it } from "vitest";
import type { MessageReaction } from "@shared/entities";
import { groupReactions, ownReaction, useReactionsStore } from "./reactions";

const reaction = (id: number, message_id: number, emoji: string, user_email: string): MessageReaction => ({
  id,
  message_id,
  channel_id: 1,
  emoji,
  user_email,
  created_date: "2026-01-01T00:00:00Z",
  updated_date: "2026-01-01T00:00:00Z",
});

describe("groupReactions", () => {
  it("counts each emoji once per person, in the order the emoji was first used, and finds mine", () => {
    const rows = [reaction(3, 1, "🎉", "bob@x.test"), reaction(1, 1, "👍", "ann@x.test"), reaction(2, 1, "👍", "Me@x.test")];
    const groups = groupReactions(rows, "me@x.test");
    expect(groups.map((g) => [g.emoji, g.count, g.emails])).toEqual([
      ["👍", 2, ["ann@x.test", "Me@x.test"]],
      ["🎉", 1, ["bob@x.test"]],
    ]);
    expect(groups[0].mine?.id).toBe(2);
    expect(groups[1].mine).toBeNull();
    expect(ownReaction(rows, "👍", "ME@x.test")?.id).toBe(2);
    expect(ownReaction(rows, "🎉", "me@x.test")).toBeUndefined();
  });
});

describe("reactions store", () => {
  beforeEach(() => useReactionsStore.getState().reset());

  it("applies creates idempotently and deletes by reaction id alone", () => {
    const s = useReactionsStore.getState();
    s.upsert([reaction(1, 10, "👍", "a@x.test"), reaction(2, 10, "👀", "b@x.test")]);
    s.upsert([reaction(1, 10, "👍", "a@x.test")]);
    expect(useReactionsStore.getState().byMessage[10].map((r) => r.id)).toEqual([1, 2]);
    s.remove(1);
    expect(useReactionsStore.getState().byMessage[10].map((r) => r.id)).toEqual([2]);
    s.remove(2);
    s.remove(99);
    expect(useReactionsStore.getState().byMessage[10]).toBeUndefined();
  });

  it("does not bring back a reaction deleted before a list fetched earlier arrives", () => {
    const s = useReactionsStore.getState();
    s.remove(7);
    s.upsert([reaction(7, 10, "👍", "a@x.test"), reaction(8, 10, "👀", "b@x.test")]);
    expect(useReactionsStore.getState().byMessage[10].map((r) => r.id)).toEqual([8]);
  });

  it("remembers the earliest message loaded per channel", () => {
    const s = useReactionsStore.getState();
    s.markLoaded(1, 50);
    s.markLoaded(1, 80);
    s.markLoaded(1, 20);
    expect(useReactionsStore.getState().loadedFrom[1]).toBe(20);
  });
});
