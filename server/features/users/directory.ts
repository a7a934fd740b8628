// Accounts an LDAP directory or Active Directory vouches for (docs/authentication.md, "LDAP /
// Active Directory"): matched by e-mail, created just in time (or by the sync) when the setting
// allows, their profile and roles kept as the directory says, deactivated when the directory drops
// or disables them and reactivated when it has them again. Every write is a users.create or
// users.update with its change record, as any other.
import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import { fromDbError } from "../../errors";
import { withChanges } from "../../feed/changelog";
import { changeUserActive } from "./deactivate";
import type { ExternalIdentity } from "./external";
import { findUserByEmail, insertUser, lockUser, updateUserRow, type UserChanges } from "./repository";

export interface DirectoryAccount {
  dn: string;
  /** Lower-case. */
  email: string;
  fullName?: string;
  title: string | null;
  department: string | null;
  phone: string | null;
  /** What the directory's groups make of the person; a field left out is not the directory's to set. */
  roles: ExternalIdentity["roles"];
}

export type DirectoryOutcome =
  | { user: User; created: boolean; changed: boolean; reactivated: boolean }
  | { refused: "deactivated" | "no_account" };

const name = (s: string | undefined) => s?.trim().slice(0, 200) || undefined;

/** What the account would have to change to be as the directory describes it. */
function differences(row: User, a: DirectoryAccount): UserChanges {
  const wanted: UserChanges = {
    job_title: a.title,
    department: a.department,
    phone_number: a.phone,
    directory_dn: a.dn,
    ...a.roles,
  };
  const full = name(a.fullName);
  if (full) wanted.full_name = full;
  return Object.fromEntries(Object.entries(wanted).filter(([k, v]) => v !== undefined && row[k as keyof User] !== v));
}

/**
 * Brings the account of `a.email` to what the directory says, creating it (no password) when
 * `create` is true. An account an admin deactivated stays so; one the directory sync deactivated
 * comes back, since the directory has the person again.
 */
export async function applyDirectoryAccount(ctx: AppContext, a: DirectoryAccount, create: boolean): Promise<DirectoryOutcome> {
  const existing = await findUserByEmail(ctx.db, a.email);
  if (!existing) {
    if (!create) return { refused: "no_account" };
    try {
      const user = await withChanges(ctx, async (trx, log) => {
        const row = await insertUser(trx, {
          email: a.email,
          full_name: name(a.fullName) ?? a.email.split("@")[0],
          password_hash: null,
          job_title: a.title,
          department: a.department,
          phone_number: a.phone,
          directory_dn: a.dn,
          ...a.roles,
        });
        log.add("users", "create", row.id, row);
        return row;
      });
      return { user, created: true, changed: true, reactivated: false };
    } catch (err) {
      // The sync and a sign-in (or two sign-ins) creating the same person at once: one insert wins.
      if (fromDbError(err)?.status !== 409) throw err;
      return applyDirectoryAccount(ctx, a, false);
    }
  }
  if (!existing.is_active && !existing.directory_gone_at) return { refused: "deactivated" };
  if (existing.is_active && !Object.keys(differences(existing, a)).length) return { user: existing, created: false, changed: false, reactivated: false };
  return withChanges(ctx, async (trx, log) => {
    const before = await lockUser(trx, existing.id);
    if (!before) throw new Error(`user ${existing.id} vanished during a directory update`);
    // Looked at again under the lock: an admin may have deactivated them meanwhile.
    if (!before.is_active && !before.directory_gone_at) return { refused: "deactivated" as const };
    const changes = differences(before, a);
    const reactivate = !before.is_active;
    if (reactivate) Object.assign(changes, { is_active: true, deactivated_at: null, directory_gone_at: null });
    if (!Object.keys(changes).length) return { user: before, created: false, changed: false, reactivated: false };
    const after = await updateUserRow(trx, before.id, { ...changes, updated_at: new Date() });
    log.add("users", "update", before.id, after, before);
    return { user: after, created: false, changed: true, reactivated: reactivate };
  });
}

/** The directory no longer has (or has disabled) this person: deactivated as an admin would, sessions and sockets ended. */
export function deactivateForDirectory(ctx: AppContext, userId: number): Promise<User> {
  return changeUserActive(ctx, userId, false, { directory_gone_at: new Date() });
}
