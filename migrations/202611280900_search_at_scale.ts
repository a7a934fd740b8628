import { type Kysely, sql } from "kysely";

// Search on a real organisation's history (docs/search.md, "How a search is served").
//
// Chinese, Japanese and Korean text has no spaces between words, so the parser keeps a whole run
// as one token and a two-character word inside it could only be found by scanning. The document
// now also holds every run as overlapping character pairs (what Lucene's CJK analyzer does):
// "会议记录" adds 会议 议记 记录 and the run's last character 录 on its own, so a word of two
// characters is one index lookup, a longer one a phrase of its pairs, and one character a prefix
// (会:* matches the pairs starting with it and a run ending with it). The character ranges are
// those of shared/search.ts (CJK_RANGES).
//
// Fragments ("example.com/docs", "v1.2", "a@b.c") were found through a trigram index of the whole
// text, the dearest part of storing a message (about half its WAL). A fragment always holds a
// symbol between letters or digits (shared/search.ts, INNER_SYMBOL), and so does every token of
// the text it can be found in: only those tokens are kept (search_symbols, null for most
// messages) and indexed by trigrams.
//
// Indexes for the ways a search walks newest first: across all channels by time (a common word
// or a filter that keeps most messages), by sender (from:) and among messages with a file
// (has:file, partial, so it costs a plain message nothing). from: resolves to accounts, so a
// message posted before messages carried their sender's id gets it now.
const CJK = String.raw`[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\U00020000-\U0002fa1f]`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create or replace function search_cjk_pairs(t text) returns text language sql immutable parallel safe as $$
        select case when t !~ '${CJK}' then '' else (
          select string_agg(case when i < length(r.m[1]) then substr(r.m[1], i, 2) else substr(r.m[1], i, 1) end, ' ' order by r.ord, i)
          from regexp_matches(t, '${CJK}+', 'g') with ordinality as r(m, ord), generate_series(1, length(r.m[1])) i)
        end
      $$`,
    )
    .execute(db);
  // A generated column's expression cannot be altered before Postgres 17: drop it (its index
  // goes with it) and add it again, which rewrites the table once.
  await sql`alter table messages drop column if exists search_doc`.execute(db);
  await sql`
    alter table messages add column search_doc tsvector generated always as
      (to_tsvector('english'::regconfig, content) || to_tsvector('simple'::regconfig, content)
        || to_tsvector('simple'::regconfig, search_cjk_pairs(content))) stored`.execute(db);
  await sql`create index if not exists messages_search_idx on messages using gin (search_doc)`.execute(db);

  await sql
    .raw(
      `create or replace function search_symbol_tokens(t text) returns text language sql immutable parallel safe as $$
        select nullif(array_to_string(array(
          select m[1] from regexp_matches(t, '(\\S*[[:alnum:]][^[:alnum:][:space:]]+[[:alnum:]]\\S*)', 'g') m), ' '), '')
      $$`,
    )
    .execute(db);
  await sql`alter table messages add column if not exists search_symbols text generated always as (search_symbol_tokens(content)) stored`.execute(db);
  const trgm = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
  if ((trgm.rows[0]?.n ?? 0) > 0) {
    await sql`drop index if exists messages_content_trgm_idx`.execute(db);
    await sql`create index if not exists messages_symbols_trgm_idx on messages using gin (search_symbols gin_trgm_ops) where search_symbols is not null`.execute(db);
  }

  await sql`create index if not exists messages_time_idx on messages (created_at desc, id desc)`.execute(db);
  await sql`create index if not exists messages_sender_time_idx on messages (sender_id, created_at desc, id desc)`.execute(db);
  await sql`
    create index if not exists messages_files_time_idx on messages (created_at desc, id desc)
    where file_url is not null or message_type <> 'text'`.execute(db);
  await sql`
    update messages set sender_id = users.id from users
    where messages.sender_id is null and lower(users.email) = lower(messages.sender_email)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const trgm = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
  if ((trgm.rows[0]?.n ?? 0) > 0) await sql`create index if not exists messages_content_trgm_idx on messages using gin (content gin_trgm_ops)`.execute(db);
  await sql`alter table messages drop column if exists search_symbols`.execute(db);
  await sql`drop function if exists search_symbol_tokens(text)`.execute(db);
  await sql`drop index if exists messages_files_time_idx`.execute(db);
  await sql`drop index if exists messages_sender_time_idx`.execute(db);
  await sql`drop index if exists messages_time_idx`.execute(db);
  await sql`alter table messages drop column if exists search_doc`.execute(db);
  await sql`
    alter table messages add column search_doc tsvector generated always as
      (to_tsvector('english'::regconfig, content) || to_tsvector('simple'::regconfig, content)) stored`.execute(db);
  await sql`create index if not exists messages_search_idx on messages using gin (search_doc)`.execute(db);
  await sql`drop function if exists search_cjk_pairs(text)`.execute(db);
}
