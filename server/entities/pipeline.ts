// The entity commands (`<table>.create`, `<table>.update`, `<table>.delete`; docs/architecture.md,
// "The write path"): validate → authorize (policy) → repository call and change record in one
// transaction → present; the committed change goes to the feed. REST routes and socket commands
// both call these, driven by the table's definition in shared/entities and its feature's policy
// and hooks.
import { enforce } from "./policy-helpers";
import { ENTITIES, validateCreate, validateUpdate, type EntityTable } from "@shared/entities";
import type { AppContext } from "../context";
import type { User } from "../db/schema";
import { deleteRow, findRow, insertRow, listRows, updateRow, type Row } from "./repository";
import type { Condition } from "./where-sql";
import { TABLES } from "../features/registry";
import type { TableHooks } from "./policy";
import { policyOf } from "./tables";
import { present } from "./present";
import { HttpError, forbidden, fromDbError, notFound } from "../errors";
import { parseListQuery } from "./query";
import { withChanges } from "../feed/changelog";
import { isExisting, markExisting } from "./existing";

type Presented = object;

const hooksOf = (table: EntityTable): TableHooks => TABLES[table].hooks ?? {};
const readable = (table: EntityTable, user: User) => policyOf(table).readFilter(user) as Condition | null;


const failed = (prefix: string, detail: string, status = 400) => new HttpError(status, `${prefix}: ${detail.slice(0, 300)}`);

/** Database refusals (a check or unique constraint) as the documented "Insert failed"/"Update failed". */
function writeError(table: EntityTable, prefix: string, err: unknown): unknown {
  const own = hooksOf(table).writeError?.(prefix, err);
  if (own) return own;
  const mapped = fromDbError(err);
  return mapped ? failed(prefix, mapped.message, mapped.status) : err;
}

const toStored = (table: EntityTable, values: Record<string, unknown>) => hooksOf(table).toStored?.(values) ?? values;

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    const ta = new Date(a as string | Date).getTime();
    const tb = new Date(b as string | Date).getTime();
    return ta === tb;
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object") return JSON.stringify(a) === JSON.stringify(b);
  if (typeof a === "bigint" || typeof b === "bigint") return Number(a) === Number(b);
  return a === b;
}

/** Only the fields a body would actually change: a full-object save is not a change of every field. */
function changesOf(patch: Record<string, unknown>, row: Row): Record<string, unknown> {
  return Object.fromEntries(Object.entries(patch).filter(([k, v]) => !sameValue(v, row[k])));
}

export async function listEntities(ctx: AppContext, user: User, table: EntityTable, query: Record<string, unknown>): Promise<Presented[]> {
  const policy = policyOf(table);
  if (policy.canList && !policy.canList(user)) throw forbidden();
  const q = parseListQuery(table, query);
  const rows = await listRows(ctx.db, table, { readable: readable(table, user), ...q });
  return rows.map((r) => present(table, r, user));
}

export async function getEntity(ctx: AppContext, user: User, table: EntityTable, id: number): Promise<Presented> {
  const row = await findRow(ctx.db, table, id, readable(table, user));
  if (!row) throw notFound();
  return present(table, row, user);
}

export async function createEntity(ctx: AppContext, user: User, table: EntityTable, body: unknown): Promise<Presented> {
  const hooks = hooksOf(table);
  if (hooks.create) {
    const made = await hooks.create(ctx, user, body);
    const out = present(table, made, user);
    return isExisting(made) ? markExisting(out) : out;
  }
  const v = validateCreate(ENTITIES[table], body);
  if (!v.ok) throw failed("Insert failed", v.error);
  const policy = policyOf(table);
  const row = await withChanges(ctx, async (trx, log) => {
    enforce(await policy.canCreate(user, v.data, trx));
    const values = { ...v.data, ...(await policy.serverFields.create(user, v.data, trx)) };
    const inserted = await insertRow(trx, table, toStored(table, values)).catch((err: unknown) => {
      throw writeError(table, "Insert failed", err);
    });
    await hooksOf(table).afterWrite?.(trx, user, "create", null, inserted, log);
    log.add(table, "create", inserted.id, inserted);
    return inserted;
  });
  return present(table, row, user);
}

export async function updateEntity(ctx: AppContext, user: User, table: EntityTable, id: number, body: unknown): Promise<Presented> {
  const hooks = hooksOf(table);
  if (hooks.update) return present(table, await hooks.update(ctx, user, id, body), user);
  const def = ENTITIES[table];
  const v = validateUpdate(def, body);
  if (!v.ok) throw failed("Update failed", v.error);
  const policy = policyOf(table);
  const result = await withChanges(ctx, async (trx, log) => {
    const before = await findRow(trx, table, id, readable(table, user), true);
    if (!before) throw notFound();
    const changes = changesOf(v.data, before);
    const fixed = (def.createOnly ?? []).find((k) => k in changes);
    if (fixed) throw failed("Update failed", `${fixed} cannot be changed`);
    if (Object.keys(changes).length === 0) return { before, after: before, changed: false };
    enforce(policy.canUpdate(user, before, changes));
    const values = { ...changes, ...((await policy.serverFields.update?.(user, before, changes, trx)) ?? {}), updated_at: new Date() };
    const after = await updateRow(trx, table, id, toStored(table, values)).catch((err: unknown) => {
      throw writeError(table, "Update failed", err);
    });
    await hooksOf(table).afterWrite?.(trx, user, "update", before, after, log);
    log.add(table, "update", id, after, before);
    return { before, after, changed: true };
  });
  return present(table, result.after, user);
}

export async function deleteEntity(ctx: AppContext, user: User, table: EntityTable, id: number): Promise<{ ok: true; id: number }> {
  const hooks = hooksOf(table);
  if (hooks.delete) return hooks.delete(ctx, user, id);
  const policy = policyOf(table);
  await withChanges(ctx, async (trx, log) => {
    const row = await findRow(trx, table, id, readable(table, user), true);
    if (!row) throw notFound();
    enforce(policy.canDelete(user, row));
    await deleteRow(trx, table, id);
    await hooksOf(table).afterWrite?.(trx, user, "delete", row, null, log);
    log.add(table, "delete", id, null, row);
  });
  return { ok: true, id };
}
