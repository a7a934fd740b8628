// Prepared hot statements on Postgres (docs/benchmarks.md, "Before and after"): the group commit's
// statements (a message batch, replies, reactions, follows) are one long statement each, and
// planning one took longer than running it (3-4 ms against 2-5 ms for a batch of one message,
// measured with pg_stat_statements). A statement whose text starts with HOT is sent as a named
// prepared statement on its connection, so after a few runs Postgres keeps a generic plan and
// plans it no more. Only marked statements: a name per distinct text, and the marked texts are a
// handful of shapes, where a statement with a list of any length would name a new one every time.
import crypto from "node:crypto";
import type pg from "pg";

/** The mark a statement's text starts with to be prepared (an SQL comment: harmless anywhere else, PGlite included). */
export const HOT = "/* hot */";

/** Postgres's refusal when a prepared statement's result columns changed (a migration added one). */
const RESULT_CHANGED = /cached plan must not change result type/;

type Query = (text: unknown, values?: unknown, cb?: unknown) => unknown;

/** Makes `client` send HOT statements as prepared statements (Kysely calls query(text, values)). */
export function prepareHotStatements(client: pg.PoolClient | pg.Client): void {
  const query = client.query.bind(client) as Query;
  // A schema change that alters a statement's result columns (another version's migration while
  // nodes roll) makes its prepared form fail once (the batch fails and its senders try again, as
  // after any failed commit): from then on it is prepared again under a new name. It cannot be
  // retried here, inside a transaction that the failure aborted.
  let generation = 0;
  const nameOf = (text: string) => `hot_${crypto.createHash("sha1").update(text).digest("hex").slice(0, 20)}_${generation}`;
  (client as unknown as { query: Query }).query = (text, values, cb) => {
    if (typeof text !== "string" || !text.startsWith(HOT) || typeof values === "function" || cb !== undefined) return query(text, values, cb);
    return (query({ name: nameOf(text), text, values }) as Promise<pg.QueryResult>).catch((err: Error) => {
      if (RESULT_CHANGED.test(err.message)) generation++;
      throw err;
    });
  };
}
