import { describe, it, expect } from "vitest";
import { FeedCursor, type FetchChanges } from "./feed";
import type { ChangesPage, EntityChange } from "./realtime";

const change = (seq: number, id = seq): EntityChange => ({ seq, table: "tasks", op: "delete", id, row: null });
const page = (changes: EntityChange[], next: number, more = false): ChangesPage => ({ reset: false, changes, next, more });
const noWait = { sleep: async () => {} };

describe("FeedCursor", () => {
  it("starts a fresh client at the feed's head and follows what it applies", () => {
    const c = new FeedCursor();
    c.start(40);
    c.start(99); // a later session.ready does not move an applied point
    expect(c.position).toBe(40);
    c.advance(42);
    c.advance(41); // a late change from another transaction does not move it back
    expect(c.position).toBe(42);
  });

  it("catches up from where the socket dropped, not from pushes that came after the reconnect", async () => {
    const c = new FeedCursor();
    c.start(10);
    c.advance(12);
    c.dropped();
    c.advance(20); // pushed after reconnecting, before session.ready
    const asked: number[] = [];
    const applied: number[] = [];
    const fetch: FetchChanges = async (since) => {
      asked.push(since);
      return since === 12 ? page([change(13), change(15)], 15, true) : page([change(18)], 20);
    };
    expect(await c.catchUp(fetch, (x) => applied.push(x.seq), noWait)).toBe("done");
    expect(asked).toEqual([12, 15]);
    expect(applied).toEqual([13, 15, 18]);
    expect(c.position).toBe(20);
    expect(c.behind).toBe(false);
    expect(await c.catchUp(fetch, () => {}, noWait)).toBe("none");
  });

  it("keeps the first point when the socket drops again before the catch-up ran", async () => {
    const c = new FeedCursor();
    c.start(5);
    c.dropped();
    c.advance(9);
    c.dropped();
    const asked: number[] = [];
    await c.catchUp(async (since) => (asked.push(since), page([], 9)), () => {}, noWait);
    expect(asked).toEqual([5]);
  });

  it("retries a failed page with backoff until it succeeds, from the same point", async () => {
    const c = new FeedCursor();
    c.start(3);
    c.dropped();
    let calls = 0;
    const waits: number[] = [];
    const result = await c.catchUp(
      async (since) => {
        calls++;
        if (calls < 3) throw new Error("down");
        expect(since).toBe(3);
        return page([change(4)], 4);
      },
      () => {},
      { sleep: async (ms) => void waits.push(ms), baseMs: 100, maxMs: 1000 },
    );
    expect(result).toBe("done");
    expect(calls).toBe(3);
    expect(waits).toHaveLength(2);
    expect(waits[1]).toBeGreaterThanOrEqual(100);
  });

  it("reports a reset when the feed no longer reaches back, and starts again at its head", async () => {
    const c = new FeedCursor();
    c.start(1);
    c.dropped();
    expect(await c.catchUp(async () => ({ reset: true, changes: [], next: 500, more: false }), () => {}, noWait)).toBe("reset");
    expect(c.position).toBe(500);
  });

  it("has nothing to catch up after a recovered session", async () => {
    const c = new FeedCursor();
    c.start(7);
    c.dropped();
    c.recovered();
    expect(await c.catchUp(async () => page([change(8)], 8), () => {}, noWait)).toBe("none");
  });

  it("rewinds to an earlier point when told pushes after it may be lost, also mid catch-up", async () => {
    const c = new FeedCursor();
    c.start(10);
    c.advance(30);
    c.rewind(25);
    const asked: number[] = [];
    let rewound = false;
    await c.catchUp(
      async (since) => {
        asked.push(since);
        if (!rewound) {
          rewound = true;
          c.rewind(20); // sync.required arrives while the first page is on its way
          return page([change(26)], 30);
        }
        return page([], 30);
      },
      () => {},
      noWait,
    );
    expect(asked).toEqual([25, 20]);
  });
});
