// The list query of the Entity API: where, sort, limit and offset, checked against the table.
import type { EntityTable } from "@shared/entities";
import { LIMITS } from "@shared/constants";
import { WhereError, parseWhere } from "@shared/where";
import { buildWhere, parseSort, SortError, type Condition, type SortKey } from "./where-sql";
import { badRequest } from "../errors";

export interface ListQuery {
  where: Condition | null;
  sort: SortKey[];
  limit: number;
  offset: number;
}

/** One text value of a query parameter; a repeated parameter is ambiguous and refused. */
function single(query: Record<string, unknown>, name: string): string | undefined {
  const v = query[name];
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw badRequest(`${name} must be given once, as text`);
  return v;
}

function wholeNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  if (!/^\s*\d{1,10}\s*$/.test(raw)) throw badRequest(`${name} must be a whole number of 0 or more`);
  return Number(raw);
}

export function parseListQuery(table: EntityTable, query: Record<string, unknown>): ListQuery {
  let where: Condition | null = null;
  const whereText = single(query, "where");
  if (whereText !== undefined) {
    try {
      const tree = parseWhere(whereText);
      where = tree ? buildWhere(table, tree) : null;
    } catch (e) {
      if (e instanceof WhereError) throw badRequest(`Invalid where: ${e.message}`.slice(0, 400));
      throw e;
    }
  }
  // sortBy is the spec's SDK spelling of the same thing.
  const sortText = single(query, "sort") ?? single(query, "sortBy") ?? "";
  let sort: SortKey[];
  try {
    sort = parseSort(table, sortText);
  } catch (e) {
    if (e instanceof SortError) throw badRequest(e.message);
    throw e;
  }
  // Clients ask for "all" with large limits; the cap keeps one request from reading a whole table.
  const limit = Math.min(wholeNumber("limit", single(query, "limit"), LIMITS.listMaxLimit), LIMITS.listMaxLimit);
  const offset = wholeNumber("offset", single(query, "offset"), 0);
  return { where, sort, limit, offset };
}
