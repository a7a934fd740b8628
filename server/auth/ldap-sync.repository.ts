// SQL of the directory sync (docs/authentication.md, "LDAP / Active Directory"): its turn, taken
// with one compare-and-set on an app_settings row, and the accounts that belong to the directory.
import { sql } from "kysely";
import type { DbLike } from "../entities/repository";

const KEY = "ldap_sync";

/**
 * Takes this node's turn to sync when the last turn (on any node) ended its interval: the row's
 * `until` moves on by `seconds` only where it had passed, so of nodes asking at once one gets it.
 */
export async function claimSyncTurn(db: DbLike, seconds: number): Promise<boolean> {
  const r = await sql<{ key: string }>`
    insert into app_settings (key, value)
    values (${KEY}, jsonb_build_object('until', now() + make_interval(secs => ${seconds})))
    on conflict (key) do update
      set value = app_settings.value || jsonb_build_object('until', now() + make_interval(secs => ${seconds})), updated_at = now()
      where coalesce((app_settings.value ->> 'until')::timestamptz, '-infinity') <= now()
    returning key`.execute(db);
  return r.rows.length > 0;
}

/** Keeps what the last sync did beside its turn, for an admin to read in app_settings. */
export async function recordSyncResult(db: DbLike, result: object): Promise<void> {
  await sql`update app_settings set value = value || jsonb_build_object('last', ${JSON.stringify(result)}::jsonb), updated_at = now() where key = ${KEY}`.execute(db);
}

/** Active accounts that belong to a directory entry. */
export function findActiveDirectoryUsers(db: DbLike) {
  return db.selectFrom("users").select(["id", "email", "directory_dn"]).where("directory_dn", "is not", null).where("is_active", "=", true).execute();
}
