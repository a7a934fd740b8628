// A client's place in the change feed (docs/architecture.md, "Catching up"), shared by the web
// client and the load tester so the bench measures what real clients do. The client applies
// every change it receives (pushed or caught up) and remembers the highest `seq`; when its socket
// drops, that is the point to catch up from. After a reconnect the server could not recover, it
// asks once for what changed since then (`changes.since`, paged), retrying with backoff until it
// succeeds. Applying a change twice is harmless: changes carry whole rows, merged by id.
import type { ChangesPage, EntityChange } from "./realtime";

export type FetchChanges = (since: number) => Promise<ChangesPage>;

export interface CatchUpOptions {
  sleep?: (ms: number) => Promise<void>;
  baseMs?: number;
  maxMs?: number;
  onError?: (err: unknown) => void;
}

/** Jittered exponential backoff: about base, 2 base, 4 base ... up to max. */
export function retryDelay(attempt: number, baseMs: number, maxMs: number): number {
  const ms = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return ms / 2 + Math.random() * (ms / 2);
}

export type CatchUpResult = "none" | "done" | "reset";

export class FeedCursor {
  private last: number | null = null;
  /** Where a pending catch-up starts (set when the socket drops). */
  private from: number | null = null;
  private running: Promise<CatchUpResult> | null = null;

  /** The highest sequence number applied (null before the first session.ready). */
  get position(): number | null {
    return this.last;
  }

  /** Whether a catch-up is waiting to run or running. */
  get behind(): boolean {
    return this.from !== null;
  }

  /** A fresh client's first session.ready: nothing before the feed's head is owed to it. */
  start(head: number): void {
    this.last ??= head;
  }

  /** A change was applied (pushed or caught up). */
  advance(seq: number): void {
    if (this.last === null || seq > this.last) this.last = seq;
  }

  /**
   * The socket dropped: catch up from here. Pushes that arrive after the reconnect must not move
   * the point past the gap, and a second drop before the catch-up finished keeps the first point.
   */
  dropped(): void {
    if (this.from === null && this.last !== null) this.from = this.last;
  }

  /**
   * Pushes after `seq` may have been lost although the socket stayed up (a node lost its link to
   * the others): catch up from there, or from the pending point if that is earlier.
   */
  rewind(seq: number): void {
    this.from = Math.min(this.from ?? this.last ?? seq, seq);
    this.rewound++;
  }

  private rewound = 0;

  /** Connection state recovery replayed what was missed: nothing to catch up (unless one already runs). */
  recovered(): void {
    if (!this.running) this.from = null;
  }

  /**
   * Fetches and applies every page from the pending point; "reset" when the feed no longer reaches
   * back that far (reload everything). Calls while one runs share it.
   */
  catchUp(fetch: FetchChanges, apply: (c: EntityChange) => void, opts: CatchUpOptions = {}): Promise<CatchUpResult> {
    if (this.running) return this.running;
    if (this.from === null) return Promise.resolve("none");
    const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
    this.running = (async (): Promise<CatchUpResult> => {
      for (let attempt = 0; ; attempt++) {
        if (attempt > 0) await sleep(retryDelay(attempt, opts.baseMs ?? 500, opts.maxMs ?? 15_000));
        try {
          for (;;) {
            const generation = this.rewound;
            const page = await fetch(this.from!);
            if (page.reset) {
              this.from = null;
              this.last = page.next;
              return "reset";
            }
            for (const c of page.changes) {
              apply(c);
              this.advance(c.seq);
            }
            // A rewind while the page was on its way moved the point back: go on from there.
            if (generation !== this.rewound) continue;
            this.from = Math.max(this.from!, page.next);
            if (!page.more) {
              this.advance(this.from);
              this.from = null;
              return "done";
            }
          }
        } catch (err) {
          opts.onError?.(err);
        }
      }
    })().finally(() => (this.running = null));
    return this.running;
  }
}
