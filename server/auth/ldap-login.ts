// Password sign-in checked by the LDAP directory (docs/authentication.md, "LDAP / Active
// Directory"): the service account finds the person's entry by login or e-mail, a bind as that
// entry with the typed password proves it, and the account is matched (or made) by the entry's
// e-mail with its profile and roles brought up to date. The session is then issued by
// POST /auth/login as for a local password, two-step sign-in included.
import type { AppContext } from "../context";
import type { LdapConfig } from "../config";
import type { User } from "../db/schema";
import { HttpError } from "../errors";
import { applyDirectoryAccount } from "../features/users/directory";
import { findUserByEmail } from "../features/users/repository";
import { MESSAGES } from "@shared/constants";
import { USER_MESSAGES } from "@shared/entities";
import { LDAP_ERRORS } from "@shared/sign-in";
import { DirectoryUnavailable, checkPassword, findPerson, rolesFromGroups, type DirectoryPerson } from "./ldap";

/**
 * The account `typed` signs in as through the directory; null when the directory does not know
 * them (or cannot be asked, for a local account that may use its own password), so the local
 * password decides. A refusal is an HttpError with words the person can act on.
 */
export async function ldapSignIn(ctx: AppContext, ldap: LdapConfig, typed: string, password: string): Promise<User | null> {
  let person: DirectoryPerson;
  try {
    const found = await findPerson(ldap, typed);
    if ("missing" in found) return null;
    if ("ambiguous" in found) throw new HttpError(401, LDAP_ERRORS.ambiguous);
    person = found.person;
    if (!(await checkPassword(ldap, person.dn, password))) throw new HttpError(401, MESSAGES.invalidCredentials);
  } catch (err) {
    if (!(err instanceof DirectoryUnavailable)) throw err;
    ctx.log.warn({ err, url: ldap.url }, "LDAP directory unavailable during sign-in");
    // Someone with a local account of their own is not locked out by the directory being down.
    const local = await findUserByEmail(ctx.db, typed);
    if (local?.password_hash && !local.directory_dn && ctx.config.passwordLogin.enabled) return null;
    throw new HttpError(503, LDAP_ERRORS.unreachable);
  }
  // Said only to someone who proved the password: none of this reveals an entry to a guesser.
  if (person.disabled) throw new HttpError(403, LDAP_ERRORS.disabled);
  if (!person.email) throw new HttpError(403, LDAP_ERRORS.no_email);
  const breakGlass = person.email === ctx.config.passwordLogin.breakGlassAdmin;
  const outcome = await applyDirectoryAccount(
    ctx,
    {
      dn: person.dn,
      email: person.email,
      fullName: person.fullName,
      title: person.title,
      department: person.department,
      phone: person.phone,
      // The break-glass admin stays admin whatever the directory's groups say: it is the way back in.
      roles: breakGlass ? {} : rolesFromGroups(ldap, person.groups),
    },
    ldap.createAccounts,
  );
  if ("refused" in outcome) throw new HttpError(403, outcome.refused === "deactivated" ? USER_MESSAGES.accountDeactivated : LDAP_ERRORS.no_account);
  if (outcome.created) ctx.log.info({ user: outcome.user.id }, "account created at its first LDAP sign-in");
  return outcome.user;
}
