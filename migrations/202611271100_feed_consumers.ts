import { type Kysely, sql } from "kysely";

// Durable consumers of the change feed (docs/architecture.md, "Side effects"): each keeps its own
// cursor, a position in commit order (the writing transaction `tx`, then `seq`), so that a side
// effect is decided from committed records and none is lost when a process dies. A record its
// handler fails on, again and again, waits in feed_dead_letters for an admin to retry it; until
// the cursor passes `split_*` (the end of a batch that failed), records are handled one at a time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table feed_consumers (
      name text primary key,
      cursor_tx xid8 not null,
      cursor_seq bigint not null default 0,
      failures integer not null default 0,
      split_tx xid8,
      split_seq bigint,
      retry_at timestamptz,
      last_error text,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table feed_dead_letters (
      id bigserial primary key,
      consumer text not null,
      seq bigint not null,
      tbl text not null,
      op text not null,
      row_id bigint not null,
      error text not null,
      attempts integer not null,
      created_at timestamptz not null default now(),
      retried_at timestamptz,
      unique (consumer, seq)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table feed_dead_letters`.execute(db);
  await sql`drop table feed_consumers`.execute(db);
}
