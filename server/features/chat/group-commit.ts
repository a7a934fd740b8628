// Group commit for chat's hot writes (docs/architecture.md, "The write path"): writes arriving
// together queue for the next turn of the event loop and are committed as one batch; up to `lanes`
// batches run at once, so under load the queue grows into bigger batches instead of more round
// trips. Used by new messages (./post.ts), replies (./replies.ts) and reactions (./reactions.ts).

export interface Job<I, O> {
  input: I;
  resolve: (out: O) => void;
  reject: (err: unknown) => void;
}

/**
 * `commit` settles every job of its batch (a job refused by a rule is rejected, the others resolve
 * once their transaction committed). When it throws (the database refused the batch), each job is
 * committed again on its own, so one bad write does not fail its neighbours.
 */
export class GroupCommit<I, O> {
  private queue: Job<I, O>[] = [];
  private busy = 0;
  private scheduled = false;

  constructor(
    private commit: (jobs: Job<I, O>[]) => Promise<void>,
    private lanes = 4,
    private maxBatch = 200,
  ) {}

  submit(input: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.drain();
        });
      }
    });
  }

  private drain(): void {
    while (this.queue.length && this.busy < this.lanes) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.busy++;
      void this.run(batch).finally(() => {
        this.busy--;
        this.drain();
      });
    }
  }

  private async run(batch: Job<I, O>[]): Promise<void> {
    try {
      await this.commit(batch);
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      await Promise.all(batch.map((j) => this.commit([j]).catch(j.reject)));
    }
  }
}
