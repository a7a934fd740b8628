import { type Kysely, sql } from "kysely";

// User groups (docs/groups.md): a named set of people with a handle (`@design`) that mentions its
// members who may read the channel.
// - groups: the handle is unique whatever its case (stored lower case by the input rules; the
//   index on lower(handle) keeps it so for any other writer). `source`: `local` groups are kept
//   here, `directory` ones will be filled by a directory sync.
// - group_members: one row per person (by e-mail, lower case); a person is in a group once. The
//   index on user_email serves "which groups is this person in"; the unique one "who is in it".
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table groups (
      id serial primary key,
      name text not null,
      handle text not null,
      description text,
      source text not null default 'local' check (source in ('local', 'directory')),
      created_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index groups_handle on groups (lower(handle))`.execute(db);
  await sql`
    create table group_members (
      id serial primary key,
      group_id integer not null references groups(id) on delete cascade,
      user_email text not null,
      created_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint group_members_once unique (group_id, user_email)
    )`.execute(db);
  await sql`create index group_members_email on group_members (user_email)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists group_members`.execute(db);
  await sql`drop table if exists groups`.execute(db);
}
