import { type Kysely, sql } from "kysely";

// Search (docs/search.md). Words: one text-search document per message, a stored generated
// column with a GIN index. Stored, not an expression index: a search for a common word reads each
// readable channel's newest messages and checks them (server/features/search/repository.ts), which
// must not re-parse every message it passes. It holds the text twice: in the 'english'
// configuration, so "deployments" finds "deployment" (same stem), and in 'simple', so every word
// (stop words too) is found as a prefix as typed ("deploym" finds "deployment", whose english
// stem is "deploy"). Substrings (CJK text has no spaces to split words at; URL fragments cut
// across the parser's tokens) are found by ILIKE, served by pg_trgm trigram indexes where the
// extension is available (PGlite loads it, server/db/index.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table messages add column search_doc tsvector generated always as
      (to_tsvector('english'::regconfig, content) || to_tsvector('simple'::regconfig, content)) stored`.execute(db);
  await sql`create index if not exists messages_search_idx on messages using gin (search_doc)`.execute(db);
  await sql`create index if not exists tasks_title_search_idx on tasks using gin (to_tsvector('simple'::regconfig, title))`.execute(db);

  const available = await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if ((available.rows[0]?.n ?? 0) > 0) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index if not exists messages_content_trgm_idx on messages using gin (content gin_trgm_ops)`.execute(db);
    await sql`create index if not exists tasks_title_trgm_idx on tasks using gin (title gin_trgm_ops)`.execute(db);
    await sql`create index if not exists shared_files_name_trgm_idx on shared_files using gin (name gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists shared_files_name_trgm_idx`.execute(db);
  await sql`drop index if exists tasks_title_trgm_idx`.execute(db);
  await sql`drop index if exists messages_content_trgm_idx`.execute(db);
  await sql`drop index if exists tasks_title_search_idx`.execute(db);
  await sql`drop index if exists messages_search_idx`.execute(db);
  await sql`alter table messages drop column if exists search_doc`.execute(db);
}
