// Checks a create or update body against a table's definition. Values are normalised by the
// field schemas in ./fields; who-did-it fields are never taken from a body
// (docs/architecture.md, "Policies and audiences"), so they are listed as `serverSet` and ignored.
import { z } from "zod";
import type { EntityDefinition } from "./define";

/** Echoed back by clients that save a whole object; ignored rather than refused. */
export const READ_ONLY_FIELDS = ["id", "created_date", "updated_date", "created_at", "updated_at"] as const;

type EntityDef = Pick<EntityDefinition<string, any, any, any>, "input" | "required" | "nullable" | "serverSet">;

export type ValidationResult = { ok: true; data: Record<string, unknown> } | { ok: false; error: string };

function issues(err: z.ZodError): string {
  return err.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message))
    .join("; ");
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Fields of a body that the table knows; the first unknown one is reported by name. */
function collect(def: EntityDef, body: unknown, mode: "create" | "update"): ValidationResult {
  if (body === undefined || body === null) body = {};
  if (!isPlainObject(body)) return { ok: false, error: "the body must be an object" };
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if ((READ_ONLY_FIELDS as readonly string[]).includes(key) || def.serverSet.includes(key)) continue;
    if (!Object.hasOwn(def.input, key)) return { ok: false, error: `unknown field ${key}` };
    if (value === undefined) continue;
    if (value === "" || value === null) {
      // Existing clients drop empty fields on create; on update an empty value clears a field that may be empty.
      if (mode === "update" && def.nullable.includes(key)) data[key] = null;
      continue;
    }
    data[key] = value;
  }
  return { ok: true, data };
}

export function validateCreate(def: EntityDef, body: unknown): ValidationResult {
  const got = collect(def, body, "create");
  if (!got.ok) return got;
  const missing = def.required.find((k) => got.data[k] === undefined);
  if (missing) return { ok: false, error: `${missing} is required` };
  const parsed = schemaFor(def, "create").safeParse(got.data);
  return parsed.success ? { ok: true, data: dropUndefined(parsed.data as Record<string, unknown>) } : { ok: false, error: issues(parsed.error) };
}

export function validateUpdate(def: EntityDef, body: unknown): ValidationResult {
  const got = collect(def, body, "update");
  if (!got.ok) return got;
  const parsed = schemaFor(def, "update").safeParse(got.data);
  return parsed.success ? { ok: true, data: dropUndefined(parsed.data as Record<string, unknown>) } : { ok: false, error: issues(parsed.error) };
}

// Built once per definition and mode: zod compiles an object schema on its first use, and doing
// that on every write was a large share of a write's CPU.
const schemas = new WeakMap<EntityDef, { create?: z.ZodType; update?: z.ZodType }>();

function schemaFor(def: EntityDef, mode: "create" | "update"): z.ZodType {
  let cached = schemas.get(def);
  if (!cached) schemas.set(def, (cached = {}));
  const hit = cached[mode];
  if (hit) return hit;
  const shape: Record<string, z.ZodType> = {};
  for (const [k, s] of Object.entries(def.input)) {
    shape[k] = mode === "create" ? (def.required.includes(k) ? s : s.optional()) : (def.nullable.includes(k) ? s.nullable() : s).optional();
  }
  return (cached[mode] = z.object(shape));
}

function dropUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
