import { type Kysely, sql } from "kysely";

// Messages sent again after a lost answer (docs/messages.md, "Sent when back online"): a client
// names each message with a UUID of its own, and a sender's second try with the same one is the
// message already stored. The column has no default, so adding it rewrites nothing; the unique
// index holds only the rows that carry one (none of the existing ones), and leads with client_id
// so the batched insert (server/features/chat/repository.ts) finds earlier tries by it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages add column if not exists client_id uuid`.execute(db);
  await sql`create unique index if not exists messages_client_id_key on messages (client_id, sender_id) where client_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists messages_client_id_key`.execute(db);
  await sql`alter table messages drop column if exists client_id`.execute(db);
}
