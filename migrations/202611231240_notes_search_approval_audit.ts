import { type Kysely, sql } from "kysely";

// Notes search: one text-search document over topic, content and tags, indexed by expression
// so no column is added. array_to_string is only STABLE, so the document is built by an
// IMMUTABLE wrapper (safe for text[]), which an index requires. The 'simple' configuration
// keeps every word (no stop words, no stemming), so any word typed is found as a prefix.
//
// Approvals audit: who did what to a request and when, written in the same transaction as the
// change. No foreign key: a withdrawn (deleted) request keeps its trail, with its requester
// kept here so the trail stays readable by them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function notes_search_doc(topic text, content text, tags text[]) returns tsvector
    language sql immutable parallel safe as
    $$ select to_tsvector('simple'::regconfig, coalesce(topic, '') || ' ' || coalesce(content, '') || ' ' || coalesce(array_to_string(tags, ' '), '')) $$`.execute(db);
  await sql`create index notes_search_idx on notes using gin (notes_search_doc(topic, content, tags))`.execute(db);

  await sql`
    create table approval_audit (
      id serial primary key,
      request_id integer not null,
      requester_email text not null,
      actor_email text not null,
      actor_name text,
      action text not null check (action in ('created','edited','withdrawn','deleted','approved','rejected','reopened')),
      fields text[] not null default '{}',
      comment text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index approval_audit_request_idx on approval_audit (request_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table approval_audit`.execute(db);
  await sql`drop index notes_search_idx`.execute(db);
  await sql`drop function notes_search_doc(text, text, text[])`.execute(db);
}
