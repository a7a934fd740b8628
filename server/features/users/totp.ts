// Two-step sign-in's writes (docs/authentication.md, "Two-step sign-in"). Each is a users.update
// through withChanges with its change record (docs/architecture.md, "The write path"); the
// columns it writes are internal to the users entity, so no presented row, change or answer
// ever carries them.
import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import type { DbLike } from "../../entities/repository";
import type { ChangeLog } from "../../feed/changelog";
import { isAdmin } from "../../auth/roles";
import { isTotpCode, newRecoveryCodes, recoveryHash, totpStep } from "../../auth/otp";
import { HttpError, forbidden, notFound } from "../../errors";
import { withChanges } from "../../feed/changelog";
import { TOTP_MESSAGES } from "@shared/two-step";
import { lockUser, updateUserRow, type UserChanges } from "./repository";

/** Whether REQUIRE_TOTP applies to this person (the break-glass admin included). */
export function totpRequiredFor(ctx: AppContext, user: Pick<User, "role" | "team_role">): boolean {
  const policy = ctx.config.requireTotp;
  return policy === "everyone" || (policy === "admins" && isAdmin(user));
}

async function write(trx: DbLike, log: ChangeLog, before: User, values: UserChanges): Promise<User> {
  const after = await updateUserRow(trx, before.id, { ...values, updated_at: new Date() });
  log.add("users", "update", before.id, after, before);
  return after;
}

/** users.update: turns two-step sign-in on with a confirmed secret; answers the recovery codes, shown once. */
export async function enableTotp(ctx: AppContext, userId: number, secret: string, code: string): Promise<string[]> {
  return withChanges(ctx, async (trx, log) => {
    const before = await lockUser(trx, userId);
    if (!before || !before.is_active) throw notFound("User not found");
    if (before.totp_secret) throw new HttpError(409, TOTP_MESSAGES.alreadyOn);
    const step = await totpStep(secret, code, null);
    if (step === null) throw new HttpError(400, TOTP_MESSAGES.wrongCode);
    const codes = newRecoveryCodes();
    await write(trx, log, before, { totp_secret: secret, totp_last_step: step, totp_recovery_hashes: codes.map((c) => recoveryHash(userId, c)) });
    return codes;
  });
}

/**
 * users.update: checks a second factor and uses it up: a TOTP code's step is remembered (so the
 * code, and any older one, is refused from now on), a recovery code is struck off. False when
 * the code is wrong, used, or the person has no second factor; then nothing is written.
 */
export async function useSecondFactor(ctx: AppContext, userId: number, code: string): Promise<boolean> {
  return withChanges(ctx, async (trx, log) => {
    const before = await lockUser(trx, userId);
    if (!before?.totp_secret) return false;
    if (isTotpCode(code)) {
      const step = await totpStep(before.totp_secret, code, before.totp_last_step);
      if (step === null) return false;
      await write(trx, log, before, { totp_last_step: step });
      return true;
    }
    const hash = recoveryHash(userId, code);
    const left = before.totp_recovery_hashes ?? [];
    if (!left.includes(hash)) return false;
    await write(trx, log, before, { totp_recovery_hashes: left.filter((h) => h !== hash) });
    return true;
  });
}

const OFF: UserChanges = { totp_secret: null, totp_last_step: null, totp_recovery_hashes: null };

/** users.update: the person turns two-step sign-in off (the route has checked their code or password). */
export async function disableTotp(ctx: AppContext, userId: number): Promise<void> {
  await withChanges(ctx, async (trx, log) => {
    const before = await lockUser(trx, userId);
    if (!before) throw notFound("User not found");
    if (!before.totp_secret) throw new HttpError(409, TOTP_MESSAGES.notOn);
    if (totpRequiredFor(ctx, before)) throw new HttpError(403, TOTP_MESSAGES.required);
    await write(trx, log, before, OFF);
  });
}

/**
 * users.update: an admin turns two-step sign-in off for someone who lost their device and their
 * recovery codes. Where REQUIRE_TOTP applies to them, they set it up again at their next sign-in.
 */
export async function resetTotp(ctx: AppContext, actor: User, userId: number): Promise<void> {
  if (!isAdmin(actor)) throw forbidden();
  await withChanges(ctx, async (trx, log) => {
    const before = await lockUser(trx, userId);
    if (!before) throw notFound("User not found");
    if (!before.totp_secret) throw new HttpError(409, TOTP_MESSAGES.notOn);
    await write(trx, log, before, OFF);
  });
  ctx.log.info({ admin: actor.id, user: userId }, "two-step sign-in reset by an admin");
}
