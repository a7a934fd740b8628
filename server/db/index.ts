import { Kysely, Migrator, PostgresDialect, type LogEvent, type Migration, type MigrationProvider } from "kysely";
import pg from "pg";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Database } from "./schema";
import { serialized, type SessionStall } from "./serial-driver";
import { addPoolSource, metrics } from "../ops/metrics";
import { prepareHotStatements } from "./prepared";

export type Db = Kysely<Database>;

// int8 (count(*), bigint ids and sizes) as numbers: our values stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export interface DbHandle {
  db: Db;
  engine: "postgres" | "pglite";
  close: () => Promise<void>;
  /** The embedded engine's whole data directory as a tar (what `pgliteDump` takes back). */
  dump?: () => Promise<Blob>;
}

/** A statement that took longer than this is reported to `onSlowQuery` (its SQL, never its values). */
const SLOW_QUERY_MS = 1000;
export interface SlowQuery {
  ms: number;
  sql: string;
}

// Every statement's time by operation, for teamspace_db_query_duration_seconds; a slow one is
// reported too (on the embedded engine a statement holds the event loop while it runs).
const queryLogger = (onSlowQuery?: (slow: SlowQuery) => void) => (e: LogEvent) => {
  metrics.query(e.query.sql, e.queryDurationMillis / 1000, e.level === "error");
  if (onSlowQuery && e.queryDurationMillis >= SLOW_QUERY_MS) onSlowQuery({ ms: Math.round(e.queryDurationMillis), sql: e.query.sql.slice(0, 2000) });
};

/** Postgres when a URL is given, else embedded PGlite in `dir` (or in memory when dir is undefined). */
export async function openDb(opts: {
  databaseUrl?: string;
  pgliteDir?: string | null;
  /** An in-memory PGlite starts from this dump of a data directory (`dumpDataDir`) instead of an empty one. */
  pgliteDump?: Blob;
  poolSize?: number;
  onStall?: (stall: SessionStall) => void;
  stallMs?: number;
  onSlowQuery?: (slow: SlowQuery) => void;
}): Promise<DbHandle> {
  if (opts.databaseUrl) {
    // While Postgres is away a request waits at most 5 s for a connection, then fails as
    // "Service unavailable" (server/ops/unavailable.ts) instead of hanging.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20, connectionTimeoutMillis: 5000 });
    // A broken idle client must not crash the process; nor may one that breaks while checked out
    // between two statements (Postgres restarting mid-transaction): pg emits 'error' on it, and
    // the pool drops it when it comes back unusable.
    pool.on("error", () => {});
    pool.on("connect", (client) => {
      client.on("error", () => {});
      prepareHotStatements(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: queryLogger(opts.onSlowQuery) });
    const removePool = addPoolSource(pool);
    return {
      db,
      engine: "postgres",
      close: () => {
        removePool();
        return db.destroy();
      },
    };
  }
  // Loaded only for the embedded engine: a server on Postgres starts (and restarts) without them.
  const [{ PGlite }, { KyselyPGlite }, { pg_trgm }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("kysely-pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
  ]);
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  // pg_trgm serves search by substring (URL fragments and the like; docs/search.md): the extension's
  // code is loaded here, the migration creates it in the database.
  const extensions = { pg_trgm };
  const client = opts.pgliteDir ? new PGlite(opts.pgliteDir, { extensions }) : new PGlite({ extensions, loadDataDir: opts.pgliteDump });
  await client.waitReady;
  const db = new Kysely<Database>({ dialect: serialized(new KyselyPGlite(client).dialect, { onStall: opts.onStall, stallMs: opts.stallMs }), log: queryLogger(opts.onSlowQuery) });
  return {
    db,
    engine: "pglite",
    close: async () => {
      await db.destroy();
      if (!client.closed) await client.close();
    },
    dump: () => client.dumpDataDir("none"),
  };
}

export const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../migrations");

/** Loads `migrations/YYYYMMDDHHMM_what.ts` in name order. */
class DirMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = fs
      .readdirSync(migrationsDir)
      .filter((f) => /^\d{12}_.+\.(ts|js)$/.test(f))
      .sort();
    const out: Record<string, Migration> = {};
    for (const f of files) {
      out[f.replace(/\.(ts|js)$/, "")] = (await import(pathToFileURL(path.join(migrationsDir, f)).href)) as Migration;
    }
    return out;
  }
}

/** The names of every migration this version of the code has, in order. */
export async function knownMigrations(): Promise<string[]> {
  return Object.keys(await new DirMigrationProvider().getMigrations()).sort();
}

export async function migrate(db: Db): Promise<void> {
  // Slices add migrations side by side; one that lands with an earlier name than one already run still runs.
  const migrator = new Migrator({ db, provider: new DirMigrationProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration failed${failed ? ` (${failed.migrationName})` : ""}: ${String(error)}`);
  }
}
