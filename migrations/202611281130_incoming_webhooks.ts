import { type Kysely, sql } from "kysely";

// Incoming webhooks (docs/integrations.md): a channel's secret address that outside tools post to
// in Slack's format. Only the SHA-256 of the token is kept, so the database (or a backup) never
// holds a working address. A webhook goes with its channel.
// - messages.webhook_id: the webhook that posted the message (no foreign key: a message keeps its
//   bot mark after the webhook is revoked); null for a person's message.
// - messages.attachments: Slack-style attachments (colour, title, fields...) as structured data
//   the client renders (shared/entities/messages.ts), never HTML.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table incoming_webhooks (
      id serial primary key,
      channel_id integer not null references channels(id) on delete cascade,
      name text not null,
      token_hash text not null,
      created_by text not null,
      last_used_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint incoming_webhooks_token unique (token_hash)
    )`.execute(db);
  // A channel's webhooks are listed in its settings.
  await sql`create index incoming_webhooks_channel on incoming_webhooks (channel_id)`.execute(db);
  await sql`alter table messages add column if not exists webhook_id integer, add column if not exists attachments jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages drop column if exists webhook_id, drop column if exists attachments`.execute(db);
  await sql`drop table if exists incoming_webhooks`.execute(db);
}
