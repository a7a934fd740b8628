// Accounts vouched for by an identity provider (docs/authentication.md): matched by verified
// e-mail, created just in time when the setting allows, and their roles kept as the provider's
// groups say. Writes go through the change log like every other users.create / users.update.
import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import type { ROLES, TEAM_ROLES } from "@shared/entities";
import { fromDbError } from "../../errors";
import { withChanges } from "../../feed/changelog";
import { findUserByEmail, insertUser, lockUser, updateUserRow } from "./repository";

export interface ExternalIdentity {
  /** Verified by the provider; the caller checks that before it gets here. */
  email: string;
  fullName?: string;
  /** What the provider's groups make of the person; a field left out is not the provider's to set. */
  roles: { role?: (typeof ROLES)[number]; team_role?: (typeof TEAM_ROLES)[number] };
}

export type ExternalSignIn = { user: User; created: boolean } | { refused: "deactivated" | "no_account" };

/**
 * The account this identity signs in as. A deactivated account stays deactivated (people are
 * deactivated, never deleted, so its e-mail can never start a new one); an unknown person gets an
 * account without a password only when `create` is true.
 */
export async function signInExternal(ctx: AppContext, identity: ExternalIdentity, create: boolean): Promise<ExternalSignIn> {
  const email = identity.email.trim().toLowerCase();
  const existing = await findUserByEmail(ctx.db, email);
  if (existing) return existing.is_active ? { user: await applyRoles(ctx, existing, identity.roles), created: false } : { refused: "deactivated" };
  if (!create) return { refused: "no_account" };
  try {
    const user = await withChanges(ctx, async (trx, log) => {
      const row = await insertUser(trx, {
        email,
        full_name: identity.fullName?.trim().slice(0, 200) || email.split("@")[0],
        password_hash: null,
        ...identity.roles,
      });
      log.add("users", "create", row.id, row);
      return row;
    });
    return { user, created: true };
  } catch (err) {
    // The same person signing in from two tabs at once: the unique e-mail lets one insert through.
    if (fromDbError(err)?.status !== 409) throw err;
    return signInExternal(ctx, identity, false);
  }
}

/** Moves role and team_role to what the provider says, under the row's lock; unchanged, nothing is written. */
async function applyRoles(ctx: AppContext, user: User, roles: ExternalIdentity["roles"]): Promise<User> {
  const wanted = Object.entries(roles).filter(([, v]) => v !== undefined) as [keyof typeof roles, string][];
  const differing = (row: User) => Object.fromEntries(wanted.filter(([k, v]) => row[k] !== v));
  if (!Object.keys(differing(user)).length) return user;
  return withChanges(ctx, async (trx, log) => {
    const before = await lockUser(trx, user.id);
    if (!before) throw new Error(`user ${user.id} vanished while signing in`);
    const changes = differing(before);
    if (!Object.keys(changes).length) return before;
    const after = await updateUserRow(trx, user.id, { ...changes, updated_at: new Date() });
    log.add("users", "update", user.id, after, before);
    return after;
  });
}
