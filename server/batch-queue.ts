// The one batching queue (docs/architecture.md, "The write path"): items arriving together wait
// for the next turn of the event loop and are handed to `run` as one batch, up to `maxBatch` at a
// time and `lanes` batches at once, so under load the queue grows into bigger batches instead of
// more round trips. `minGapMs` spaces the starts of batches besides (a reconnect storm's lookups:
// see server/realtime/batch.ts). The chat group commit (server/features/chat/group-commit.ts) and
// the coalesced lookups (server/realtime/batch.ts) are both this queue with a `run` of their own.
export interface BatchQueueOptions {
  /** Batches running at once. */
  lanes?: number;
  maxBatch?: number;
  /** The least time between the starts of two batches. */
  minGapMs?: number;
}

export class BatchQueue<T> {
  private queue: T[] = [];
  private scheduled = false;
  private busy = 0;
  private lastStart = -Infinity;
  private timer: NodeJS.Timeout | null = null;
  private lanes: number;
  private maxBatch: number;
  private minGapMs: number;

  constructor(
    /** Settles every item of its batch; what it throws is lost, so it must not throw. */
    private run: (batch: T[]) => Promise<void>,
    opts: BatchQueueOptions = {},
  ) {
    this.lanes = opts.lanes ?? 1;
    this.maxBatch = opts.maxBatch ?? 1000;
    this.minGapMs = opts.minGapMs ?? 0;
  }

  push(item: T): void {
    this.queue.push(item);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.drain();
    });
  }

  private drain(): void {
    while (this.queue.length && this.busy < this.lanes && !this.timer) {
      const wait = this.lastStart + this.minGapMs - performance.now();
      if (wait > 0) {
        this.timer = setTimeout(() => {
          this.timer = null;
          this.drain();
        }, wait);
        return;
      }
      this.lastStart = performance.now();
      const batch = this.queue.splice(0, this.maxBatch);
      this.busy++;
      void this.run(batch).finally(() => {
        this.busy--;
        this.drain();
      });
    }
  }
}
