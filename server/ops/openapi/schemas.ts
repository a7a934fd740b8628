// zod schemas to JSON Schema (draft 2020-12, which OpenAPI 3.1 and AsyncAPI 3 both speak), with
// zod 4's own z.toJSONSchema. Input schemas are described as a client sends them (before zod's
// normalising transforms); rows as the server sends them.
import { z } from "zod";
import { ENTITIES, type EntityTable } from "@shared/entities";

export type JsonSchema = Record<string, unknown>;

export function jsonSchema(schema: z.ZodType, io: "input" | "output" = "input"): JsonSchema {
  const out = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** The body of POST /entities/{table}: every input field, the required ones required. */
export function entityCreateSchema(table: EntityTable): z.ZodType {
  const def = ENTITIES[table];
  const fields = def.input as Record<string, z.ZodType>;
  return z.object(Object.fromEntries(Object.entries(fields).map(([k, s]) => [k, def.required.includes(k) ? s : s.optional()])));
}

/** The body of PATCH /entities/{table}/{id}: any input field; the nullable ones may be null to clear them. */
export function entityUpdateSchema(table: EntityTable): z.ZodType {
  const def = ENTITIES[table];
  const fields = def.input as Record<string, z.ZodType>;
  return z.object(Object.fromEntries(Object.entries(fields).map(([k, s]) => [k, (def.nullable.includes(k) ? s.nullable() : s).optional()])));
}

export function entityRowSchema(table: EntityTable): z.ZodType {
  return ENTITIES[table].row;
}
