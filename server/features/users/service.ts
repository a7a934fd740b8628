import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import { isAdmin } from "../../auth/roles";
import { hashPassword } from "../../auth/passwords";
import { HttpError, badRequest, forbidden, notFound, zodMessage } from "../../errors";
import { userCreateInput, userUpdateInput } from "@shared/entities";
import { emitChange } from "../../entities/events";

/** Drops the spec's "empty means absent" values before validation. */
export function dropEmpty(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body ?? {})) {
    if (v === undefined || v === null || v === "") continue;
    out[k] = v;
  }
  return out;
}

const IMMUTABLE = new Set(["id", "email", "created_date", "updated_date", "created_at", "updated_at"]);

/** Self may change profile fields; only an admin may change role and team_role; nobody changes email. */
export async function updateUser(ctx: AppContext, actor: User, id: number, rawBody: unknown): Promise<User> {
  if (!rawBody || typeof rawBody !== "object" || Array.isArray(rawBody)) throw badRequest("Body must be an object");
  const existing = await ctx.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rawBody as Record<string, unknown>)) {
    if (k === "password" || k === "password_hash") throw forbidden();
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
  if (!isAdmin(actor) && ("role" in body || "team_role" in body)) {
    const target = await ctx.db.selectFrom("users").select(["role", "team_role"]).where("id", "=", id).executeTakeFirst();
    // Resending the same role is harmless (a full profile save); changing it is not.
    if (!target || ("role" in body && body.role !== target.role) || ("team_role" in body && body.team_role !== target.team_role)) {
      throw forbidden();
    }
    delete body.role;
    delete body.team_role;
  }
  for (const k of ["full_name", "user_status", "show_online_status", "notification_preferences", "role", "team_role"]) {
    if (body[k] === null) delete body[k];
  }
  const parsed = userUpdateInput.safeParse(body);
  if (!parsed.success) throw new HttpError(400, `Failed to update user: ${zodMessage(parsed.error)}`);
  if (!existing) throw notFound("User not found");
  if (Object.keys(parsed.data).length === 0) return existing;
  const updated = await ctx.db
    .updateTable("users")
    .set({ ...parsed.data, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
  emitChange(ctx, "users", "update", id, updated, existing);
  return updated;
}

export async function createUser(ctx: AppContext, rawBody: unknown): Promise<User> {
  const parsed = userCreateInput.safeParse(dropEmpty((rawBody ?? {}) as Record<string, unknown>));
  if (!parsed.success) throw new HttpError(400, `Insert failed: ${zodMessage(parsed.error)}`);
  const { password, ...fields } = parsed.data;
  if (!fields.email || !password) throw badRequest("Insert failed: email and password are required");
  const exists = await ctx.db.selectFrom("users").select("id").where((eb) => eb(eb.fn("lower", ["email"]), "=", fields.email!)).executeTakeFirst();
  if (exists) throw new HttpError(409, "Insert failed: a user with this email already exists");
  return ctx.db
    .insertInto("users")
    .values({ ...fields, email: fields.email, full_name: fields.full_name ?? fields.email.split("@")[0], password_hash: await hashPassword(password) })
    .returningAll()
    .executeTakeFirstOrThrow();
}
