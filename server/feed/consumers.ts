// Durable consumers of the change feed (docs/architecture.md, "Side effects"). A side effect
// (queuing notifications, mail digests, outgoing webhooks, asynchronous indexing) is decided from
// committed change records, read after a cursor the consumer keeps in the database, never from
// in-process events: a process that dies right after a commit loses nothing, because the next
// owner of the consumer reads the same records again.
//
// - Order: records are read in (tx, seq) order and only those of transactions older than every
//   transaction still running (`pg_snapshot_xmin`), so a transaction that drew smaller sequence
//   numbers but committed later is never passed over.
// - Exactly once inside the database: a batch's handler runs in the transaction that moves the
//   cursor, so what it writes commits with the new position or not at all. Effects outside the
//   database (a push, a mail) are written as jobs with idempotency keys and sent by their worker.
// - One owner across nodes: the consumer's row is locked `for update skip locked` for the batch;
//   a node that finds it locked leaves the batch to the node holding it.
// - Failures: a failing batch is retried with backoff, then one record at a time; a record that
//   keeps failing is put in feed_dead_letters (an admin sees and retries it: GET /api/admin/feed)
//   and the consumer moves on.
import type { AppContext, FeedConsumerHost } from "../context";
import type { DbLike } from "../entities/repository";
import {
  advanceConsumer,
  claimConsumer,
  deadLetter,
  ensureConsumer,
  splitConsumer,
  findDeadLetter,
  markDeadLetterRetried,
  pendingUpTo,
  noteConsumerFailure,
  recordsAfter,
  type FeedRecord,
} from "./consumers.repository";
import { headSeq } from "./repository";

export type { FeedRecord };

export interface FeedConsumer {
  /** The cursor's key; renaming a consumer starts it anew at the head of the feed. */
  name: string;
  /** Records of these tables reach the handler; the cursor passes over the others. */
  tables: readonly string[];
  /** Runs in the transaction that moves the cursor. Must be idempotent: a record can come twice only if this transaction never committed, but a retried dead letter comes again. */
  handle(trx: DbLike, records: FeedRecord[]): Promise<void>;
  /** Records a batch at most (default 200). */
  batch?: number;
  /** After a batch's transaction committed (say, to wake a worker for the jobs it wrote). */
  committed?(): void;
}

/** Failures of one batch before its records are handled one at a time. */
export const SPLIT_AFTER = 3;
/** Failures of a single record before it becomes a dead letter. */
export const DEAD_AFTER = 5;
/** 1 s, 2 s, 4 s ... at most a minute. */
export const consumerBackoffMs = (failures: number) => Math.min(1000 * 2 ** Math.max(0, failures - 1), 60_000);

export type StepResult = { state: "moved"; records: number } | { state: "idle" | "owned-elsewhere" | "waiting" | "failed" };

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

/** Reads and handles one batch after the consumer's cursor. */
export async function stepConsumer(ctx: Pick<AppContext, "db" | "log">, c: FeedConsumer): Promise<StepResult> {
  const wanted = new Set(c.tables);
  let failures = 0;
  let batch = 0;
  let single = false;
  try {
    const result = await ctx.db.transaction().execute(async (trx) => {
      const cur = await claimConsumer(trx, c.name);
      if (!cur) return { state: "owned-elsewhere" } as const;
      failures = cur.failures;
      single = cur.split !== null;
      if (cur.retry_at && cur.retry_at.getTime() > Date.now()) return { state: "waiting" } as const;
      batch = single ? 1 : (c.batch ?? 200);
      const records = await recordsAfter(trx, cur, batch);
      if (!records.length) return { state: "idle" } as const;
      const mine = records.filter((r) => wanted.has(r.tbl));
      if (mine.length) await c.handle(trx, mine);
      await advanceConsumer(trx, c.name, records[records.length - 1]);
      return { state: "moved", records: records.length } as const;
    });
    if (result.state === "moved") c.committed?.();
    return result;
  } catch (err) {
    await recordFailure(ctx, c, err, { failures: failures + 1, single, batch }).catch((e) => ctx.log.warn({ err: e, consumer: c.name }, "recording a feed consumer's failure failed"));
    return { state: "failed" };
  }
}

/**
 * After a failed batch: back off and retry; after SPLIT_AFTER failures handle the batch's records
 * one at a time, and give a single record that failed DEAD_AFTER times up as a dead letter.
 */
async function recordFailure(ctx: Pick<AppContext, "db" | "log">, c: FeedConsumer, err: unknown, f: { failures: number; single: boolean; batch: number }) {
  const message = errorText(err);
  await ctx.db.transaction().execute(async (trx) => {
    const cur = await claimConsumer(trx, c.name);
    if (!cur) return;
    if (!f.single && f.failures >= SPLIT_AFTER) {
      const records = await recordsAfter(trx, cur, f.batch);
      const end = records[records.length - 1];
      if (end) {
        await splitConsumer(trx, c.name, end);
        ctx.log.warn({ consumer: c.name, records: records.length, err: message }, "a feed consumer's batch keeps failing; its records are handled one at a time");
        return;
      }
    }
    if (f.single && f.failures >= DEAD_AFTER) {
      const [record] = await recordsAfter(trx, cur, 1);
      if (record) {
        await deadLetter(trx, c.name, record, message, f.failures);
        await advanceConsumer(trx, c.name, record);
        ctx.log.error({ consumer: c.name, seq: record.seq, table: record.tbl, op: record.op, id: record.row_id, err: message }, "a change record became a dead letter");
        return;
      }
    }
    await noteConsumerFailure(trx, c.name, f.failures, new Date(Date.now() + consumerBackoffMs(f.failures)), message);
    ctx.log.warn({ consumer: c.name, failures: f.failures, err: message }, "a feed consumer's batch failed; it will be retried");
  });
}

export interface ConsumerRunner {
  /** Looks at the feed now (after a local commit) instead of at the next poll. */
  wake(): void;
  /**
   * Runs the consumers until each has read every record committed before the call (tests), or
   * `timeoutMs` passed. A record becomes readable only once every older transaction of the
   * database server has ended (the horizon), so this waits for those too.
   */
  drain(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** The pause after a wake before reading, and before reading again when commits woke the consumers while they were reading. */
const WAKE_COALESCE_MS = 100;

/**
 * Runs the consumers on this node: each reads the feed whenever woken and at least every
 * `everyMs`, batch after batch while there are records. Every node may run them; the row lock
 * makes one node the owner of each batch.
 */
export async function startConsumers(ctx: Pick<AppContext, "db" | "log">, consumers: readonly FeedConsumer[], everyMs: number): Promise<ConsumerRunner> {
  for (const c of consumers) await ensureConsumer(ctx.db, c.name);
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const runAll = async () => {
    for (const c of consumers) {
      for (let i = 0; i < 1000 && !stopped; i++) {
        const r = await stepConsumer(ctx, c);
        if (r.state !== "moved") break;
      }
    }
  };
  const kick = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = runAll()
      .catch((err) => ctx.log.warn({ err }, "feed consumers failed"))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          // Under load every commit wakes the consumers: a short pause lets the records of many
          // commits gather into one batch (one cursor write, one handler call) instead of a read
          // and a cursor update per commit (docs/architecture.md, "Side effects").
          setTimeout(() => void kick(), WAKE_COALESCE_MS).unref();
        }
      });
    return running;
  };
  // A local commit's wake waits a moment for the commits after it, so the consumers read once per
  // WAKE_COALESCE_MS however many commits came (at a few hundred messages a second each commit
  // would otherwise cost a read and a cursor write of its own); side effects are not in a hurry.
  let waking: ReturnType<typeof setTimeout> | null = null;
  const wake = () => {
    if (waking || stopped) return;
    waking = setTimeout(() => {
      waking = null;
      void kick();
    }, WAKE_COALESCE_MS);
    waking.unref();
  };
  const timer = setInterval(() => void kick(), everyMs);
  timer.unref();
  void kick();
  return {
    wake,
    drain: async (timeoutMs = 20_000) => {
      const head = await headSeq(ctx.db);
      const names = consumers.map((c) => c.name);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await kick();
        if (!(await pendingUpTo(ctx.db, names, head)) || Date.now() > deadline) return;
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      if (waking) clearTimeout(waking);
      await running;
    },
  };
}

type RetryResult = { ok: true } | { ok: false; error: string };

export const DEAD_LETTER_NOT_FOUND = "Dead letter not found";

/** An admin's retry of a dead letter: the record through its consumer's handler once more. */
export async function retryDeadLetter(ctx: Pick<AppContext, "db">, consumers: readonly FeedConsumer[], id: number): Promise<RetryResult> {
  const refused = (error: string): RetryResult => ({ ok: false, error });
  const dl = await findDeadLetter(ctx.db, id);
  if (!dl) return refused(DEAD_LETTER_NOT_FOUND);
  const c = consumers.find((x) => x.name === dl.consumer);
  if (!c) return refused(`No consumer named ${dl.consumer} runs in this version`);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await c.handle(trx, [{ seq: Number(dl.seq), tx: "0", tbl: dl.tbl, op: dl.op as FeedRecord["op"], row_id: Number(dl.row_id) }]);
      await markDeadLetterRetried(trx, id);
    });
  } catch (err) {
    return refused(errorText(err));
  }
  c.committed?.();
  return { ok: true };
}

/**
 * This node's consumers for the app context (ctx.consumers): started once, however many times the
 * routes are built, woken by publishChanges after every local commit (./changelog.ts) and polling
 * every FEED_CONSUMER_POLL_MS for what other nodes committed. Stopped when the app closes.
 */
export function hostConsumers(ctx: AppContext, consumers: readonly FeedConsumer[], everyMs = ctx.config.feedConsumerPollMs): FeedConsumerHost {
  if (ctx.consumers) return ctx.consumers;
  let stopped = false;
  const start = async (): Promise<ConsumerRunner> => {
    for (;;) {
      try {
        return await startConsumers(ctx, consumers, everyMs);
      } catch (err) {
        // The database away at start: the consumers' rows are registered once it answers.
        if (stopped) throw err;
        ctx.log.warn({ err }, "starting the feed consumers failed; trying again");
        await new Promise((r) => setTimeout(r, Math.max(everyMs, 1000)));
      }
    }
  };
  const started = start();
  started.catch(() => {});
  const host: FeedConsumerHost = {
    wake: () => void started.then((r) => r.wake(), () => {}),
    drain: async () => (await started).drain(),
    retry: (id) => retryDeadLetter(ctx, consumers, id),
    stop: async () => {
      stopped = true;
      if (ctx.consumers === host) ctx.consumers = undefined;
      await (await started.catch(() => null))?.stop();
    },
  };
  ctx.consumers = host;
  return host;
}
