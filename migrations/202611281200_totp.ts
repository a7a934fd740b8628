import { type Kysely, sql } from "kysely";

// Two-step sign-in (docs/authentication.md, "Two-step sign-in"): the confirmed TOTP secret (null:
// off), the last time step a code was accepted at (a code is never accepted twice) and the
// SHA-256 of each unused recovery code. Internal columns: never presented to anyone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column if not exists totp_secret text`.execute(db);
  await sql`alter table users add column if not exists totp_last_step integer`.execute(db);
  await sql`alter table users add column if not exists totp_recovery_hashes text[]`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column if exists totp_recovery_hashes`.execute(db);
  await sql`alter table users drop column if exists totp_last_step`.execute(db);
  await sql`alter table users drop column if exists totp_secret`.execute(db);
}
