// users through the Entity API: the field rules live in ./service (createUser, updateUser);
// this adds the Entity API's conventions around them (echoed read-only fields, unknown
// fields named, events).
import { READ_ONLY_FIELDS, userCreateInput, userUpdateInput } from "@shared/entities";
import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import { usersPolicy } from "./policy";
import { HttpError, notFound } from "../../errors";
import { createUser, updateUser } from "./service";
import { findUser } from "./repository";
import { deactivateUserEntity } from "./deactivate";
import type { TableHooks } from "../../entities/policy";

const CREATE_FIELDS = new Set(Object.keys(userCreateInput.shape));
// email and password are known fields that updateUser refuses with 403 when they would change;
// is_active is an admin's deactivation or reactivation.
const UPDATE_FIELDS = new Set([...Object.keys(userUpdateInput.shape), "email", "password", "is_active"]);

function fields(body: unknown, known: Set<string>, prefix: string): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== "object" || Array.isArray(body)) throw new HttpError(400, `${prefix}: the body must be an object`);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if ((READ_ONLY_FIELDS as readonly string[]).includes(k)) continue;
    if (!known.has(k)) throw new HttpError(400, `${prefix}: unknown field ${k.slice(0, 100)}`);
    out[k] = v;
  }
  return out;
}

export async function createUserEntity(ctx: AppContext, actor: User, body: unknown): Promise<User> {
  if (usersPolicy.canCreate(actor, {}, ctx.db) !== true) throw new HttpError(403, "Forbidden");
  return createUser(ctx, fields(body, CREATE_FIELDS, "Insert failed"));
}

export async function updateUserEntity(ctx: AppContext, actor: User, id: number, body: unknown): Promise<User> {
  const before = await findUser(ctx.db, id);
  if (!before) throw notFound("User not found");
  const patch = fields(body, UPDATE_FIELDS, "Update failed");
  // A full-object save echoes the e-mail unchanged; only an actual change is refused.
  if (typeof patch.email === "string" && patch.email.trim().toLowerCase() === before.email.toLowerCase()) delete patch.email;
  return updateUser(ctx, actor, id, patch);
}

export const usersHooks: TableHooks = {
  create: createUserEntity,
  update: updateUserEntity,
  // Users are deactivated, never deleted.
  delete: deactivateUserEntity,
};
