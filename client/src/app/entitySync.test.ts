import { beforeEach, describe, expect, it, vi } from "vitest";
import type { EntityChange } from "@shared/realtime";

const feed = vi.hoisted(() => ({ change: undefined as ((c: EntityChange) => void) | undefined, reset: undefined as (() => void) | undefined }));
const refetchAfterChange = vi.hoisted(() => vi.fn(async (_filters: unknown) => undefined));

vi.mock("../realtime/feed", () => ({
  onAnyChange: (h: (c: EntityChange) => void) => ((feed.change = h), () => (feed.change = undefined)),
  onFeedReset: (h: () => void) => ((feed.reset = h), () => (feed.reset = undefined)),
}));
vi.mock("./queryClient", () => ({ refetchAfterChange }));

const { keptInPlace, registerEntitySync } = await import("./entitySync");

const change = (table: EntityChange["table"], id: number) => ({ seq: id, table, op: "update", id, row: {} }) as unknown as EntityChange;

describe("entitySync", () => {
  beforeEach(() => refetchAfterChange.mockClear());

  it("leaves chat's tables to the chat store and refetches every other table's queries", () => {
    for (const t of ["channels", "messages", "message_reactions"] as const) expect(keptInPlace(t), t).toBe(true);
    expect(keptInPlace("tasks")).toBe(false);
    expect(keptInPlace("users")).toBe(false);
    expect(keptInPlace("message_edits")).toBe(false);
  });

  it("refetches a changed table once per turn, and never a table kept in place", async () => {
    const off = registerEntitySync();
    feed.change!(change("messages", 1));
    feed.change!(change("tasks", 2));
    feed.change!(change("tasks", 3));
    feed.change!(change("channels", 4));
    await Promise.resolve();
    expect(refetchAfterChange.mock.calls).toEqual([[{ queryKey: ["tasks"] }]]);
    off();
  });

  it("after a feed reset refetches every query but those of tables kept in place", () => {
    const off = registerEntitySync();
    feed.reset!();
    const { predicate } = refetchAfterChange.mock.calls[0][0] as { predicate: (q: { queryKey: unknown[] }) => boolean };
    expect(predicate({ queryKey: ["messages", 1] })).toBe(false);
    expect(predicate({ queryKey: ["tasks"] })).toBe(true);
    expect(predicate({ queryKey: ["call-history"] })).toBe(true);
    off();
  });
});
