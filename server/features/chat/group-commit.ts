// Group commit for chat's hot writes (docs/architecture.md, "The write path"): writes arriving
// together are committed as one batch through the one batching queue (server/batch-queue.ts), up
// to four batches at once. Used by new messages (./post.ts), replies (./replies.ts) and reactions
// (./reactions.ts).
import { BatchQueue } from "../../batch-queue";

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
  private queue: BatchQueue<Job<I, O>>;

  constructor(
    private commit: (jobs: Job<I, O>[]) => Promise<void>,
    lanes = 4,
    maxBatch = 200,
  ) {
    this.queue = new BatchQueue((batch) => this.run(batch), { lanes, maxBatch });
  }

  submit(input: I): Promise<O> {
    return new Promise((resolve, reject) => this.queue.push({ input, resolve, reject }));
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
