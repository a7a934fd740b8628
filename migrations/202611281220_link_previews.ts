import { type Kysely, sql } from "kysely";

// Link previews (docs/integrations.md, "Link previews").
// - link_previews: what a page said when the egress guard last fetched it, per URL (title,
//   description, site name, image address; or why it could not be fetched): the cache that spares
//   a page a second fetch when another message links it within a day.
// - message_link_previews: the previews a message shows, one per link (at most 3), in the
//   message's channel and read as its messages are. `status` is the worker's: pending (queued by
//   the feed consumer, not yet fetched), ready (shown), failed (no preview to show) or removed (by
//   the author; kept so that an edit does not bring it back). `lease_until`: the node fetching it.
// - channels.link_previews: the channel's managers may turn previews off for it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table link_previews (
      url text primary key,
      title text,
      description text,
      site_name text,
      image text,
      fetched_at timestamptz not null default now(),
      error text
    )`.execute(db);
  await sql`
    create table message_link_previews (
      id serial primary key,
      message_id integer not null references messages(id) on delete cascade,
      channel_id integer not null,
      url text not null,
      position integer not null default 0,
      title text,
      description text,
      site_name text,
      image text,
      status text not null default 'pending',
      lease_until timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint message_link_previews_link unique (message_id, url)
    )`.execute(db);
  // A channel's previews are listed for the messages on screen; the worker looks for pending ones.
  await sql`create index message_link_previews_channel on message_link_previews (channel_id, message_id)`.execute(db);
  await sql`create index message_link_previews_pending on message_link_previews (id) where status = 'pending'`.execute(db);
  await sql`alter table channels add column if not exists link_previews boolean not null default true`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table channels drop column if exists link_previews`.execute(db);
  await sql`drop table if exists message_link_previews`.execute(db);
  await sql`drop table if exists link_previews`.execute(db);
}
