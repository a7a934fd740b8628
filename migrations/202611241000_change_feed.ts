import { type Kysely, sql } from "kysely";

// The change feed (docs/architecture.md, "The change feed"): every write stores, in its own
// transaction, one record per row it changed. `seq` orders the records; `tx` is the writing
// transaction and `horizon` the oldest transaction still running when the record was written, so
// a catch-up from a record also finds the records of transactions that took a smaller `seq` but
// committed after it. `audience` holds the Socket.IO rooms whose sockets may see the row (before
// or after the change); rows themselves are not copied: a catch-up reads them as they are now.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table changes (
      seq bigserial primary key,
      tx xid8 not null default pg_current_xact_id(),
      horizon xid8 not null default pg_snapshot_xmin(pg_current_snapshot()),
      tbl text not null,
      op text not null check (op in ('create','update','delete')),
      row_id bigint not null,
      audience text[] not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index changes_tx_idx on changes (tx)`.execute(db);
  await sql`create index changes_created_idx on changes (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table changes`.execute(db);
}
