// PGlite is one database session. kysely-pglite hands every query and every transaction that same
// session at once, so two requests' transactions would interleave on it: the second BEGIN is
// ignored, one request's COMMIT commits the other's half-done work and its ROLLBACK undoes it.
// This driver lends the session to one user at a time, in arrival order: a transaction holds it
// from BEGIN to COMMIT, a lone query for its duration. (PGlite runs one statement at a time
// anyway, so the queue costs no throughput.) Code inside a transaction must query through the
// transaction, never through the outer `db`: that would wait for itself.
//
// Such a wait never ends, and every request after it waits too: the whole server stops answering.
// So a query that has waited `stallMs` for the session is reported with the code that waits
// (called from inside the transaction, when one waits for itself) and the holder's last query.
import type { DatabaseConnection, Dialect, Driver, TransactionSettings } from "kysely";

/** The code at `waiter` has waited `waitedMs` for the session, held for `heldMs` by the code at `holder`. */
export interface SessionStall {
  waitedMs: number;
  heldMs: number;
  holder: string;
  waiter: string;
}

export interface SerialOptions {
  onStall?: (stall: SessionStall) => void;
  stallMs?: number;
}

/**
 * Where the code is now, deep enough to reach the application's code under Kysely's own frames.
 * V8 records the frames at once but writes the text only when `.stack` is read: only a report
 * reads it, so noting a place costs a few microseconds.
 */
function here(what: string): Error {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 25;
  const place = new Error(what);
  Error.stackTraceLimit = limit;
  return place;
}

/** The application's frames of a stack (the driver's and the libraries' left out). */
const ownFrames = (place: Error) =>
  (place.stack ?? "")
    .split("\n")
    .filter((line, i) => i === 0 || !/node_modules|serial-driver\.[jt]s:|node:internal/.test(line))
    .join("\n");

class SerialDriver implements Driver {
  private tail: Promise<void> = Promise.resolve();
  private held = new Map<DatabaseConnection, () => void>();
  /** With `onStall`: the connection lent out for each one handed to its user (see `watched`). */
  private inners = new WeakMap<DatabaseConnection, DatabaseConnection>();
  /** Users that have asked for the session and not given it back (the holder and the queue). */
  private users = 0;
  /** Of those, the ones still waiting for it, in the order they will get it (with onStall). */
  private waiters: { asked: number; at: Error }[] = [];
  /** Looks at the longest waiter every `stallMs` while anyone waits. */
  private stallTimer: ReturnType<typeof setInterval> | null = null;
  /**
   * Since when the current user holds the session, and where it last queried it while others
   * waited (null before that): a session nobody waits for needs no places noted.
   */
  private holder: { at: Error | null; since: number } | null = null;

  constructor(
    private inner: Driver,
    private opts: SerialOptions,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const before = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((r) => (release = r));
    const contended = this.users++ > 0;
    try {
      if (!this.opts.onStall || !contended) {
        await before;
      } else {
        this.waiters.push({ asked: Date.now(), at: here("waiting for the session") });
        this.stallTimer ??= setInterval(() => this.checkStall(), this.opts.stallMs ?? 10_000);
        this.stallTimer.unref();
        // The session is handed on in arrival order: this waiter is the first of the list.
        await before.finally(() => {
          this.waiters.shift();
          if (this.waiters.length === 0 && this.stallTimer) {
            clearInterval(this.stallTimer);
            this.stallTimer = null;
          }
        });
      }
      const conn = await this.inner.acquireConnection();
      this.held.set(conn, release);
      if (!this.opts.onStall) return conn;
      this.holder = { at: null, since: Date.now() };
      return this.watched(conn);
    } catch (err) {
      this.users--;
      release();
      throw err;
    }
  }

  /**
   * The connection, noting the code of a query made on it while others wait: a transaction
   * acquires the session where its caller is no longer on the stack, but its queries are made
   * from the caller's code.
   */
  private watched(conn: DatabaseConnection): DatabaseConnection {
    const note = () => {
      if (this.holder && this.waiters.length > 0) this.holder.at = here("holding the session, last query");
    };
    const outer: DatabaseConnection = {
      executeQuery: (q) => (note(), conn.executeQuery(q)),
      streamQuery: (q, chunkSize) => (note(), conn.streamQuery(q, chunkSize)),
    };
    this.inners.set(outer, conn);
    return outer;
  }

  private unwrap(conn: DatabaseConnection): DatabaseConnection {
    return this.inners.get(conn) ?? conn;
  }

  private checkStall(): void {
    const longest = this.waiters[0];
    const now = Date.now();
    if (!longest || now - longest.asked < (this.opts.stallMs ?? 10_000)) return;
    const { holder } = this;
    this.opts.onStall?.({
      waitedMs: now - longest.asked,
      heldMs: holder ? now - holder.since : 0,
      holder: !holder ? "(between users)" : holder.at ? ownFrames(holder.at) : "(no query since the wait began)",
      waiter: ownFrames(longest.at),
    });
  }

  beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(this.unwrap(conn), settings);
  }

  commitTransaction(conn: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(this.unwrap(conn));
  }

  rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(this.unwrap(conn));
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    const inner = this.unwrap(conn);
    try {
      await this.inner.releaseConnection(inner);
    } finally {
      this.holder = null;
      this.users--;
      this.held.get(inner)?.();
      this.held.delete(inner);
    }
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** The same dialect, with its driver lending the one session to one user at a time. */
export function serialized(dialect: Dialect, opts: SerialOptions = {}): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new SerialDriver(dialect.createDriver(), opts),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
