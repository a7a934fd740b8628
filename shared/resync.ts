// Catching up after a reconnect the server could not recover (a restart): fetch, per channel, the
// messages after the last one held when the socket dropped. The point is taken at the drop, not at
// session.ready: messages pushed between the new socket joining its rooms and session.ready would
// otherwise move it past the gap. A failed fetch is retried with backoff until it succeeds.
// No store or HTTP here: the caller passes both in, and the load tester uses this as is.

/** Last message id held per loaded channel (null: nothing loaded, open it afresh). */
export type ResyncSnapshot = Map<number, number | null>;

interface Point {
  after: number | null;
}

/** Channels still to catch up, each from the earliest point a drop left it at. */
export class ResyncPoints {
  private points = new Map<number, Point>();

  get size(): number {
    return this.points.size;
  }

  /** Adds a drop's snapshot; a channel already waiting keeps the earlier of the two points. */
  add(snapshot: ResyncSnapshot): void {
    for (const [id, last] of snapshot) {
      const cur = this.points.get(id);
      const after = !cur ? last : cur.after === null || last === null ? null : Math.min(cur.after, last);
      // A new object even when unchanged: a fetch in flight for the old one must not settle it.
      this.points.set(id, { after });
    }
  }

  entries(): [number, Point][] {
    return [...this.points];
  }

  /** The fetch from `point` succeeded; done unless a later drop replaced the point meanwhile. */
  settle(id: number, point: Point): void {
    if (this.points.get(id) === point) this.points.delete(id);
  }
}

export interface ResyncOptions {
  sleep?: (ms: number) => Promise<void>;
  baseMs?: number;
  maxMs?: number;
  onError?: (channelId: number, err: unknown) => void;
}

/** Jittered exponential backoff: about base, 2 base, 4 base ... up to max. */
export function retryDelay(attempt: number, baseMs: number, maxMs: number): number {
  const ms = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return ms / 2 + Math.random() * (ms / 2);
}

/** Catches every channel up, retrying the failed ones with backoff until none is left. */
export async function resyncUntilDone(
  points: ResyncPoints,
  syncChannel: (channelId: number, afterId: number | null) => Promise<void>,
  opts: ResyncOptions = {},
): Promise<void> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 0; points.size > 0; attempt++) {
    if (attempt > 0) await sleep(retryDelay(attempt, opts.baseMs ?? 500, opts.maxMs ?? 15_000));
    await Promise.all(
      points.entries().map(async ([id, point]) => {
        try {
          await syncChannel(id, point.after);
          points.settle(id, point);
        } catch (err) {
          opts.onError?.(id, err);
        }
      }),
    );
  }
}
