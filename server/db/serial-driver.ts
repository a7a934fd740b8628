// PGlite is one database session. kysely-pglite hands every query and every transaction that same
// session at once, so two requests' transactions would interleave on it: the second BEGIN is
// ignored, one request's COMMIT commits the other's half-done work and its ROLLBACK undoes it.
// This driver lends the session to one user at a time, in arrival order: a transaction holds it
// from BEGIN to COMMIT, a lone query for its duration. (PGlite runs one statement at a time
// anyway, so the queue costs no throughput.) Code inside a transaction must query through the
// transaction, never through the outer `db`: that would wait for itself.
//
// Such a wait never ends, and every request after it waits too: the whole server stops answering.
// So a query that has waited `stallMs` for the session is reported with the stack of the code
// holding it (where it acquired the session), which names the transaction that waits for itself.
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

/** Deep enough to reach the application's code under Kysely's own frames. */
function stackNow(what: string): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  const stack = new Error(what).stack ?? "";
  Error.stackTraceLimit = limit;
  return stack;
}

/** The application's frames of a stack (the driver's and the libraries' left out). */
const ownFrames = (stack: string) =>
  stack
    .split("\n")
    .filter((line, i) => i === 0 || !/node_modules|serial-driver\.[jt]s:|node:internal/.test(line))
    .join("\n");

class SerialDriver implements Driver {
  private tail: Promise<void> = Promise.resolve();
  private held = new Map<DatabaseConnection, () => void>();
  /** With `onStall`: the connection lent out for each one handed to its user (see `watched`). */
  private inners = new WeakMap<DatabaseConnection, DatabaseConnection>();
  /** Where the session's current user last queried it (or acquired it), and since when it holds it. */
  private holder: { at: string; since: number } | null = null;

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
    if (!this.opts.onStall) {
      await before;
    } else {
      const at = stackNow("waiting for the session");
      const asked = Date.now();
      const watch = setInterval(() => this.reportStall(asked, at), this.opts.stallMs ?? 10_000);
      watch.unref();
      await before.finally(() => clearInterval(watch));
    }
    const conn = await this.inner.acquireConnection();
    this.held.set(conn, release);
    if (!this.opts.onStall) return conn;
    this.holder = { at: stackNow("holding the session"), since: Date.now() };
    return this.watched(conn);
  }

  /**
   * The connection, noting the code of each query made on it: a transaction acquires the session
   * where its caller is no longer on the stack, but its queries are made from the caller's code.
   */
  private watched(conn: DatabaseConnection): DatabaseConnection {
    const note = () => {
      if (this.holder) this.holder.at = stackNow("holding the session, last query");
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

  private reportStall(asked: number, waiter: string): void {
    const now = Date.now();
    const { holder } = this;
    this.opts.onStall?.({ waitedMs: now - asked, heldMs: holder ? now - holder.since : 0, holder: holder ? ownFrames(holder.at) : "(between users)", waiter: ownFrames(waiter) });
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
