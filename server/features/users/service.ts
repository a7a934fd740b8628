import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import type { DbLike } from "../../entities/repository";
import { isAdmin } from "../../auth/roles";
import { hashPassword } from "../../auth/passwords";
import { HttpError, badRequest, forbidden, fromDbError, notFound, zodMessage } from "../../errors";
import { USER_MESSAGES, userActiveInput, userCreateInput, userUpdateInput } from "@shared/entities";
import { withChanges } from "../../feed/changelog";
import { findUser, findUserByEmail, insertUser, updateUserRow } from "./repository";
import { assertMayChangeActive, setUserActive } from "./deactivate";

/** Drops the documented "empty means absent" values before validation. */
export function dropEmpty(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body ?? {})) {
    if (v === undefined || v === null || v === "") continue;
    out[k] = v;
  }
  return out;
}

/**
 * Ownership is recorded as e-mail text (created_by, members, shared_with_emails...), so an
 * e-mail that ever had an account, active or deactivated, can never start a new one: it would
 * inherit the old account's notes, channels and files.
 */
export async function assertEmailFree(db: DbLike, email: string, prefix = ""): Promise<void> {
  const holder = await findUserByEmail(db, email);
  if (!holder) return;
  const msg = holder.is_active ? USER_MESSAGES.emailTaken : USER_MESSAGES.emailTakenByDeactivated;
  throw new HttpError(409, prefix ? `${prefix}: ${msg.charAt(0).toLowerCase()}${msg.slice(1)}` : msg);
}

const IMMUTABLE = new Set(["id", "email", "created_date", "updated_date", "created_at", "updated_at"]);

/**
 * Self may change profile fields; only an admin may change role, team_role and is_active
 * (deactivate / reactivate); nobody changes email.
 */
export async function updateUser(ctx: AppContext, actor: User, id: number, rawBody: unknown): Promise<User> {
  if (!rawBody || typeof rawBody !== "object" || Array.isArray(rawBody)) throw badRequest("Body must be an object");
  const existing = await findUser(ctx.db, id);
  const body: Record<string, unknown> = {};
  let active: boolean | undefined;
  for (const [k, v] of Object.entries(rawBody as Record<string, unknown>)) {
    if (k === "password" || k === "password_hash") throw forbidden();
    if (k === "is_active") {
      const parsed = userActiveInput.safeParse({ is_active: v });
      if (!parsed.success) throw new HttpError(400, `Failed to update user: ${zodMessage(parsed.error)}`);
      // A full-profile save echoes the current value; only a real change is an (admin's) act.
      if (parsed.data.is_active !== existing?.is_active) active = parsed.data.is_active;
      continue;
    }
    if (IMMUTABLE.has(k)) {
      // A full-profile save echoes the e-mail back unchanged; only a real change is refused.
      const changed = typeof v === "string" && v.trim().toLowerCase() !== existing?.email.toLowerCase();
      if (k === "email" && v !== undefined && v !== null && changed) throw new HttpError(403, "Forbidden: email cannot be changed");
      continue; // echoes of read-only fields from a full-object save are ignored
    }
    if (v === undefined) continue;
    // Clearing a nullable field is allowed; `null`/"" for required fields is dropped.
    body[k] = v === "" ? null : v;
  }
  const self = actor.id === id;
  if (!self && !isAdmin(actor)) throw forbidden();
  if (active !== undefined) assertMayChangeActive(actor, id, active);
  if (!isAdmin(actor) && ("role" in body || "team_role" in body)) {
    // Resending the same role is harmless (a full profile save); changing it is not.
    if (!existing || ("role" in body && body.role !== existing.role) || ("team_role" in body && body.team_role !== existing.team_role)) {
      throw forbidden();
    }
    delete body.role;
    delete body.team_role;
  }
  for (const k of ["full_name", "user_status", "show_online_status", "notification_preferences", "quiet_hours_enabled", "quiet_hours_start", "quiet_hours_end", "role", "team_role"]) {
    if (body[k] === null) delete body[k];
  }
  const parsed = userUpdateInput.safeParse(body);
  if (!parsed.success) throw new HttpError(400, `Failed to update user: ${zodMessage(parsed.error)}`);
  if (!existing) throw notFound("User not found");
  let row = existing;
  const data = { ...parsed.data };
  // A status typed anew without an expiry does not keep the old one's (`/status`, docs/integrations.md).
  if (data.status_message !== undefined && data.status_expires_at === undefined && data.status_message !== existing.status_message) data.status_expires_at = null;
  if (Object.keys(data).length > 0) {
    row = await withChanges(ctx, async (trx, log) => {
      const after = await updateUserRow(trx, id, { ...data, updated_at: new Date() });
      log.add("users", "update", id, after, existing);
      return after;
    });
  }
  if (active !== undefined) row = await setUserActive(ctx, actor, id, active);
  return row;
}

export async function createUser(ctx: AppContext, rawBody: unknown): Promise<User> {
  const parsed = userCreateInput.safeParse(dropEmpty((rawBody ?? {}) as Record<string, unknown>));
  if (!parsed.success) throw new HttpError(400, `Insert failed: ${zodMessage(parsed.error)}`);
  const { password, ...fields } = parsed.data;
  if (!fields.email || !password) throw badRequest("Insert failed: email and password are required");
  await assertEmailFree(ctx.db, fields.email, "Insert failed");
  const values = { ...fields, email: fields.email, full_name: fields.full_name ?? fields.email.split("@")[0], password_hash: await hashPassword(password) };
  return withChanges(ctx, async (trx, log) => {
    const user = await insertUser(trx, values).catch((err: unknown) => {
      // Two creations racing for one e-mail: the unique index lets one through.
      if (fromDbError(err)?.status === 409) throw new HttpError(409, `Insert failed: ${USER_MESSAGES.emailTaken.toLowerCase()}`);
      throw err;
    });
    log.add("users", "create", user.id, user);
    return user;
  });
}
