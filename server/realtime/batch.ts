// Coalesces lookups into one query: those made in the same turn of the event loop, and those made
// while the previous query is still running or within `minGapMs` of its start. A lone lookup goes
// out at once; in a reconnect storm (thousands of handshakes within a second after a restart)
// batches grow with the load, so the storm costs a few dozen round trips instead of several per
// socket, and each costs a handshake at most `minGapMs` of waiting.
import { BatchQueue, type BatchQueueOptions } from "../batch-queue";

/** lanes: queries running at once (1); maxBatch (1000); minGapMs: the least time between the starts of two batches (STORM_GAP_MS). */
export type BatcherOptions = BatchQueueOptions;

/**
 * What a handshake may wait for its batch in a storm: 100 ms, so however many sockets arrive, each
 * lookup costs at most 10 queries/s. Measured on a 5,000-socket restart (time until all were back):
 * 20 ms gave 2.8-3.4 s, 50 ms 1.9-3.0 s, 100 ms 2.3-2.9 s (twelve restarts each at 50 and 100).
 */
export const STORM_GAP_MS = 100;

/** Lookups by key over the one batching queue (server/batch-queue.ts): a key asked for twice while it waits is looked up once. */
export class Batcher<K, V> {
  private waiting = new Map<K, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[]>();
  private queue: BatchQueue<K>;

  constructor(
    /** Answers for every key it can; keys missing from the map resolve to undefined. */
    private load: (keys: K[]) => Promise<Map<K, V>>,
    opts: BatcherOptions = {},
  ) {
    this.queue = new BatchQueue((keys) => this.run(keys), { lanes: opts.lanes ?? 1, maxBatch: opts.maxBatch ?? 1000, minGapMs: opts.minGapMs ?? STORM_GAP_MS });
  }

  get(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(key);
      if (list) return list.push({ resolve, reject });
      this.waiting.set(key, [{ resolve, reject }]);
      this.queue.push(key);
    });
  }

  private async run(keys: K[]): Promise<void> {
    // Taken off the list now: a key asked for again while this query runs is looked up again.
    const batch = keys.map((k) => [k, this.waiting.get(k) ?? []] as const);
    for (const k of keys) this.waiting.delete(k);
    try {
      const found = await this.load(keys);
      for (const [k, list] of batch) for (const w of list) w.resolve(found.get(k));
    } catch (err) {
      for (const [, list] of batch) for (const w of list) w.reject(err);
    }
  }
}
