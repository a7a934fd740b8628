import { type Kysely, sql } from "kysely";

// A person's sidebar (docs/channels.md, "Sidebar"): their sections, in their order, each with its
// sort, whether it is collapsed, and the channels placed in it in their manual order. Theirs
// alone (audience `user:<id>`). Favourites, Channels and Direct messages are made for a person the
// first time their sidebar is read (one of each per person: the partial unique index); a channel
// placed in no section shows in Channels or Direct messages by its type, so a deleted section's
// channels go back there by themselves. A channel id is kept as a plain integer, not a reference:
// a channel the person can no longer read is simply not shown, and the list is theirs to reorder.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sidebar_sections (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      kind text not null check (kind in ('favourites', 'channels', 'dms', 'custom')),
      name text not null,
      position integer not null default 0,
      sort text not null default 'manual' check (sort in ('recent', 'alpha', 'manual')),
      collapsed boolean not null default false,
      channel_ids integer[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sidebar_sections_user on sidebar_sections (user_id, position)`.execute(db);
  await sql`create unique index sidebar_sections_one_default on sidebar_sections (user_id, kind) where kind <> 'custom'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sidebar_sections`.execute(db);
}
