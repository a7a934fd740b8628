import { type Kysely, sql } from "kysely";

// LDAP / Active Directory (docs/authentication.md, "LDAP / Active Directory"): the directory entry
// an account belongs to (null: a local account, which the directory sync never deactivates) and
// when the sync deactivated it because its entry was gone or disabled (null otherwise), so that
// the sync reactivates only those it deactivated itself, never someone an admin switched off.
// Internal columns: never presented. Added, never renamed: an older node keeps working beside.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column if not exists directory_dn text`.execute(db);
  await sql`alter table users add column if not exists directory_gone_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column if exists directory_gone_at`.execute(db);
  await sql`alter table users drop column if exists directory_dn`.execute(db);
}
