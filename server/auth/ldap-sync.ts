// The directory sync (docs/authentication.md, "LDAP / Active Directory"): every LDAP_SYNC_INTERVAL
// one node (whichever takes the turn, server/auth/ldap-sync.repository.ts) reads everyone the
// directory lists. People new to it get an account without a password (when LDAP_CREATE_ACCOUNTS
// allows), changed names, titles, departments, phones and group roles are written, people it no
// longer lists or lists as disabled are deactivated (never deleted), and people it has again are
// reactivated. Each account is its own users.create / users.update command, so one that fails
// leaves the others done.
import type { AppContext } from "../context";
import { everyWhileOpen } from "../single-flight";
import type { LdapConfig } from "../config";
import { applyDirectoryAccount, deactivateForDirectory } from "../features/users/directory";
import { findUserByEmail } from "../features/users/repository";
import { listPeople, rolesFromGroups, type DirectoryPerson } from "./ldap";
import { claimSyncTurn, findActiveDirectoryUsers, recordSyncResult } from "./ldap-sync.repository";

export interface SyncResult {
  /** People the directory listed (disabled ones included). */
  listed: number;
  created: number;
  updated: number;
  reactivated: number;
  deactivated: number;
  /** Entries without a usable e-mail, or a second entry with an e-mail already seen. */
  skipped: number;
  /** Accounts whose write failed (logged); the next sync tries again. */
  failed: number;
  /** The directory listed nobody while accounts belong to it: nobody was deactivated (a wrong base DN or filter must not lock everyone out). */
  refusedEmpty?: boolean;
}

/** One sync, now, whatever the schedule (the scheduled one calls this once it has the turn). */
export async function syncDirectory(ctx: AppContext, ldap: LdapConfig): Promise<SyncResult> {
  const people = await listPeople(ldap);
  const result: SyncResult = { listed: people.length, created: 0, updated: 0, reactivated: 0, deactivated: 0, skipped: 0, failed: 0 };
  const present = new Map<string, DirectoryPerson>();
  const disabled = new Set<string>();
  for (const p of people) {
    if (!p.email || present.has(p.email)) result.skipped += 1;
    else if (p.disabled) disabled.add(p.email);
    else present.set(p.email, p);
  }
  const breakGlass = ctx.config.passwordLogin.breakGlassAdmin;
  for (const p of present.values()) {
    try {
      const outcome = await applyDirectoryAccount(
        ctx,
        { dn: p.dn, email: p.email!, fullName: p.fullName, title: p.title, department: p.department, phone: p.phone, roles: p.email === breakGlass ? {} : rolesFromGroups(ldap, p.groups) },
        ldap.createAccounts,
      );
      if ("refused" in outcome) continue;
      if (outcome.created) result.created += 1;
      else if (outcome.reactivated) result.reactivated += 1;
      else if (outcome.changed) result.updated += 1;
    } catch (err) {
      result.failed += 1;
      ctx.log.warn({ err, dn: p.dn }, "directory sync could not update an account");
    }
  }
  // Gone: accounts that belong to the directory and that it no longer lists; and anyone it lists as disabled.
  const gone = new Set<number>();
  for (const u of await findActiveDirectoryUsers(ctx.db)) if (!present.has(u.email.toLowerCase())) gone.add(u.id);
  for (const email of disabled) {
    const u = await findUserByEmail(ctx.db, email);
    if (u?.is_active) gone.add(u.id);
  }
  const breakGlassUser = breakGlass ? await findUserByEmail(ctx.db, breakGlass) : undefined;
  if (breakGlassUser) gone.delete(breakGlassUser.id);
  if (present.size === 0 && gone.size > 0) {
    result.refusedEmpty = true;
    ctx.log.error({ baseDn: ldap.baseDn, filter: ldap.userFilter, accounts: gone.size }, "the directory listed nobody: no account was deactivated (check LDAP_BASE_DN and LDAP_USER_FILTER)");
    return result;
  }
  for (const id of gone) {
    try {
      await deactivateForDirectory(ctx, id);
      result.deactivated += 1;
    } catch (err) {
      result.failed += 1;
      ctx.log.warn({ err, user: id }, "directory sync could not deactivate an account");
    }
  }
  return result;
}

/** How often a node asks whether it is its turn: often enough that a turn starts soon after the last ended. */
const tickMs = (ldap: LdapConfig) => Math.min(ldap.syncIntervalSeconds * 1000, 30_000);

/**
 * Runs the sync on its schedule until the realtime layer that was there at start goes away (as
 * the calendar's reminder sweep does); nothing without LDAP or with LDAP_SYNC_INTERVAL=0.
 */
export function startDirectorySync(ctx: AppContext): void {
  const ldap = ctx.config.ldap;
  if (!ldap || ldap.syncIntervalSeconds <= 0) return;
  const turn = async () => {
    if (!(await claimSyncTurn(ctx.db, ldap.syncIntervalSeconds))) return;
    const started = Date.now();
    const result = await syncDirectory(ctx, ldap);
    await recordSyncResult(ctx.db, { ...result, at: new Date().toISOString(), ms: Date.now() - started });
    ctx.log.info(result, "directory sync done");
  };
  everyWhileOpen(ctx, tickMs(ldap), turn, (err: unknown) => ctx.log.warn({ err, url: ldap.url }, "directory sync failed; the next turn tries again"));
}
