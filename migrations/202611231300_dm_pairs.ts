import { type Kysely, sql } from "kysely";

// A direct message between the same people exists once. The key of a dm is its members, lower-cased,
// de-duplicated and sorted, so two clicks at once (or two nodes) cannot both create one: the second
// insert meets the unique index and the caller reads the first (server/features/chat/dm.ts).
// Dms made twice before this index are merged first, into the oldest: messages and tasks follow it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function channel_member_key(members text[]) returns text
    language sql immutable strict parallel safe
    as $$ select string_agg(m, ' ' order by m) from (select distinct lower(x) collate "C" as m from unnest(members) as x) s $$`.execute(db);

  await sql`
    create temporary table dm_merge as
    select id, first_value(id) over (partition by channel_member_key(members) order by id) as keep
    from channels where type = 'dm' and channel_member_key(members) is not null`.execute(db);
  await sql`delete from dm_merge where id = keep`.execute(db);
  await sql`update messages set channel_id = d.keep from dm_merge d where messages.channel_id = d.id`.execute(db);
  await sql`update tasks set source_channel_id = d.keep from dm_merge d where tasks.source_channel_id = d.id`.execute(db);
  await sql`
    update channels set last_activity = g.last_activity
    from (select d.keep, max(c.last_activity) as last_activity from dm_merge d join channels c on c.id = d.id group by d.keep) g
    where channels.id = g.keep and channels.last_activity < g.last_activity`.execute(db);
  await sql`delete from channels where id in (select id from dm_merge)`.execute(db);
  await sql`drop table dm_merge`.execute(db);

  await sql`create unique index if not exists channels_dm_members_key on channels (channel_member_key(members)) where type = 'dm'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists channels_dm_members_key`.execute(db);
  await sql`drop function if exists channel_member_key(text[])`.execute(db);
}
