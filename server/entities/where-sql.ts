// Turns a parsed `where` tree (shared/where.ts) and a `sort` text into Kysely expressions.
// Columns are looked up in ./columns and values are coerced to the column's type here, so
// every value reaches the database as a bound parameter of the right kind.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { WhereError, type WhereNode, type WhereScalar } from "@shared/where";
import type { EntityTable } from "@shared/entities";
import { columnOf, type ColumnInfo } from "./columns";

// The generic repository addresses tables by name, so expressions are built untyped.
export type AnyEB = ExpressionBuilder<any, any>;
export type Condition = (eb: AnyEB) => Expression<SqlBool>;

type Value = string | number | boolean | Date;

const INT4_MAX = 2_147_483_647;

function coerce(name: string, info: ColumnInfo, v: WhereScalar): Value {
  const fail = (what: string) => new WhereError(`${name} must be ${what}, got '${String(v)}'`);
  switch (info.kind) {
    case "int":
    case "bigint": {
      const n = typeof v === "number" ? v : typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
      const max = info.kind === "int" ? INT4_MAX : Number.MAX_SAFE_INTEGER;
      if (!Number.isInteger(n) || Math.abs(n) > max) throw fail("a whole number");
      return n;
    }
    case "float": {
      const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
      if (!Number.isFinite(n)) throw fail("a number");
      return n;
    }
    case "bool":
      if (v === true || v === 1 || v === "1" || v === "true") return true;
      if (v === false || v === 0 || v === "0" || v === "false") return false;
      throw fail("true, false, 1 or 0");
    case "timestamp": {
      const d = typeof v === "boolean" ? new Date(NaN) : new Date(typeof v === "string" ? v.replace(/^(\d{4}-\d{2}-\d{2}) /, "$1T") : v);
      if (Number.isNaN(d.getTime())) throw fail("a date and time");
      return d;
    }
    case "email":
    case "emails":
      return String(v).toLowerCase();
    default:
      return String(v);
  }
}

const isList = (info: ColumnInfo) => info.kind === "list" || info.kind === "emails";
const textArray = (values: Value[]) => sql<string[]>`ARRAY[${sql.join(values.map((v) => sql`${v}`))}]::text[]`;

const ARRAY_TYPES: Partial<Record<ColumnInfo["kind"], string>> = { int: "int4[]", bigint: "int8[]", float: "float8[]", bool: "bool[]", timestamp: "timestamptz[]" };
const scalarArray = (info: ColumnInfo, v: Value) => sql`array[${v}]::${sql.raw(ARRAY_TYPES[info.kind] ?? "text[]")}`;

function lookup(table: EntityTable, name: string): ColumnInfo {
  const info = columnOf(table, name);
  if (!info) throw new WhereError(`unknown column ${name}`);
  return info;
}

type Cmp = Extract<WhereNode, { kind: "cmp" }>;

/**
 * The condition that confines a whole list to one value of `column` (`column = v` as the filter
 * itself or as one term of its top-level AND), or null.
 */
export function pinningNode(tree: WhereNode, column: string): Cmp | null {
  const pins = (n: WhereNode): n is Cmp => n.kind === "cmp" && n.op === "=" && n.column === column;
  if (pins(tree)) return tree;
  return tree.kind === "and" ? (tree.children.find(pins) ?? null) : null;
}

/**
 * Validates the whole tree first, so a bad filter fails before any query runs. `pinned` (a node
 * of the tree from pinningNode) is written `column = any(array[v])`: the same rows and the same
 * row estimate, but Postgres does not then treat the column as a constant, so ordering by it first
 * stays in the plan and only an index that leads with it can serve the order (see listQuery).
 */
export function buildWhere(table: EntityTable, node: WhereNode, pinned: Cmp | null = null): Condition {
  switch (node.kind) {
    case "and":
    case "or": {
      const parts = node.children.map((c) => buildWhere(table, c, pinned));
      return (eb) => (node.kind === "and" ? eb.and(parts.map((p) => p(eb))) : eb.or(parts.map((p) => p(eb))));
    }
    case "null": {
      const info = lookup(table, node.column);
      const ref = `${table}.${info.column}`;
      return (eb) => eb(ref, node.negated ? "is not" : "is", null);
    }
    case "contains": {
      const info = lookup(table, node.column);
      const ref = `${table}.${info.column}`;
      const v = coerce(node.column, info, node.value);
      // On a text column the documented JSON_CONTAINS compares a single JSON value: equality.
      return isList(info) ? (eb) => eb(ref, "@>", textArray([v])) : (eb) => eb(ref, "=", v);
    }
    case "in": {
      const info = lookup(table, node.column);
      const ref = `${table}.${info.column}`;
      const values = node.values.map((v) => coerce(node.column, info, v));
      if (values.length === 0) return (eb) => eb.lit(node.negated);
      if (isList(info)) {
        return (eb) => (node.negated ? eb.not(eb(ref, "&&", textArray(values))) : eb(ref, "&&", textArray(values)));
      }
      return (eb) => eb(ref, node.negated ? "not in" : "in", values);
    }
    case "cmp": {
      const info = lookup(table, node.column);
      const ref = `${table}.${info.column}`;
      const v = coerce(node.column, info, node.value);
      if (isList(info)) {
        // `members = 'a@b.c'` on a list means "the list holds it", as existing clients use it.
        if (node.op === "=") return (eb) => eb(ref, "@>", textArray([v]));
        if (node.op === "!=") return (eb) => eb.not(eb(ref, "@>", textArray([v])));
        throw new WhereError(`${node.column} is a list; only =, !=, IN and JSON_CONTAINS apply`);
      }
      if (node === pinned) return () => sql<SqlBool>`${sql.ref(ref)} = any(${scalarArray(info, v)})`;
      const op = node.op === "!=" ? "<>" : node.op;
      return (eb) => eb(ref, op, v);
    }
  }
}

export interface SortKey {
  column: string;
  desc: boolean;
}

/** `field`, `-field` or a comma list of them (at most 3). */
export function parseSort(table: EntityTable, raw: string): SortKey[] {
  const parts = raw
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > 3) throw new SortError("Invalid sort: at most 3 sort fields");
  return parts.map((p) => {
    const m = /^([+-]?)([A-Za-z_][A-Za-z0-9_]*)$/.exec(p);
    const info = m ? columnOf(table, m[2]) : undefined;
    if (!m || !info) throw new SortError(`Invalid sort field: ${p.slice(0, 100)}`);
    return { column: info.column, desc: m[1] === "-" };
  });
}

export class SortError extends Error {}
