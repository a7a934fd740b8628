// PGlite is one database session. kysely-pglite hands every query and every transaction that same
// session at once, so two requests' transactions would interleave on it: the second BEGIN is
// ignored, one request's COMMIT commits the other's half-done work and its ROLLBACK undoes it.
// This driver lends the session to one user at a time, in arrival order: a transaction holds it
// from BEGIN to COMMIT, a lone query for its duration. (PGlite runs one statement at a time
// anyway, so the queue costs no throughput.) Code inside a transaction must query through the
// transaction, never through the outer `db`: that would wait for itself.
import type { DatabaseConnection, Dialect, Driver, TransactionSettings } from "kysely";

class SerialDriver implements Driver {
  private tail: Promise<void> = Promise.resolve();
  private held = new Map<DatabaseConnection, () => void>();

  constructor(private inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const before = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((r) => (release = r));
    await before;
    const conn = await this.inner.acquireConnection();
    this.held.set(conn, release);
    return conn;
  }

  beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(conn, settings);
  }

  commitTransaction(conn: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(conn);
  }

  rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(conn);
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection(conn);
    } finally {
      this.held.get(conn)?.();
      this.held.delete(conn);
    }
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** The same dialect, with its driver lending the one session to one user at a time. */
export function serialized(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new SerialDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
