// Users are deactivated, never deleted: the row stays so that everything
// recorded under the user's e-mail stays theirs and the e-mail cannot start a new account. On
// deactivation every session is revoked in the same transaction (tokens are refused from the
// commit on), and the `users.update` event carrying `is_active: false` makes the realtime layer
// close the user's sockets on every node; calls they were in are left.
import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import { isAdmin } from "../../auth/roles";
import { revokeUserSessions } from "../../auth/repository";
import { HttpError, forbidden, notFound } from "../../errors";
import { USER_MESSAGES } from "@shared/entities";
import { withChanges } from "../../feed/changelog";
import { leaveCallsOf } from "../calls/service";
import { lockUser, updateUserRow, type UserChanges } from "./repository";

/** Only an admin changes is_active, and never deactivates themselves (the organisation could be left without one). */
export function assertMayChangeActive(actor: User, id: number, active: boolean): void {
  if (!isAdmin(actor)) throw forbidden();
  if (!active && actor.id === id) throw new HttpError(403, USER_MESSAGES.cannotDeactivateSelf);
}

/** Deactivates (false) or reactivates (true) an account; a call that changes nothing changes nothing. */
export async function setUserActive(ctx: AppContext, actor: User, id: number, active: boolean): Promise<User> {
  assertMayChangeActive(actor, id, active);
  return changeUserActive(ctx, id, active);
}

/**
 * The change itself, for a caller that decided on its own who may make it (the directory sync,
 * docs/authentication.md); `also` is written in the same update.
 */
export async function changeUserActive(ctx: AppContext, id: number, active: boolean, also: UserChanges = {}): Promise<User> {
  const result = await withChanges(ctx, async (trx, log) => {
    const before = await lockUser(trx, id);
    if (!before) throw notFound("User not found");
    if (before.is_active === active) return { before, after: before };
    const now = new Date();
    const after = await updateUserRow(trx, id, { ...also, is_active: active, deactivated_at: active ? null : now, updated_at: now });
    if (!active) await revokeUserSessions(trx, id);
    log.add("users", "update", id, after, before);
    return { before, after };
  });
  const { before, after } = result;
  if (after === before) return after;
  if (!active) {
    // Whoever waits for them in a call is told they left, now rather than when presence lapses.
    await leaveCallsOf(ctx, [id]).catch((err: unknown) => ctx.log.warn({ err, user: id }, "leaving calls of a deactivated user failed"));
  }
  return after;
}

/** DELETE /entities/users/:id: an admin deactivates; the answer keeps the shape of a delete. */
export async function deactivateUserEntity(ctx: AppContext, actor: User, id: number): Promise<{ ok: true; id: number }> {
  await setUserActive(ctx, actor, id, false);
  return { ok: true, id };
}
