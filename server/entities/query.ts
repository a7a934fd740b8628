// The list query of the Entity API: where, sort, limit and offset, checked against the table.
import type { EntityTable } from "@shared/entities";
import { LIMITS } from "@shared/constants";
import { WhereError, parseWhere } from "@shared/where";
import { buildWhere, parseSort, pinningNode, SortError, type Condition, type SortKey } from "./where-sql";
import { columnOf } from "./columns";
import { badRequest } from "../errors";

/**
 * The deepest a list may be paged by offset: the database still reads every skipped row, so
 * beyond this a client pages by key (`where={"id":{"lt":X}}`), as the chat history does.
 */
export const MAX_OFFSET = 10_000;
export const SEARCH_MAX_CHARS = 200;

/** Columns a `q` text search looks in, per table; other tables do not take `q`. */
export const SEARCH_COLUMNS: Partial<Record<EntityTable, readonly string[]>> = {
  users: ["full_name", "email", "department", "job_title"],
};

/**
 * Per table, the column its lists are usually confined to, which its indexes lead with: a
 * channel's messages come from messages (channel_id, id desc) and (channel_id, created_at desc,
 * id desc), never from a walk of the primary key (docs/architecture.md).
 */
export const LIST_SCOPES: Partial<Record<EntityTable, string>> = { messages: "channel_id" };

export interface ListQuery {
  where: Condition | null;
  /** The LIST_SCOPES column when the filter confines the list to one value of it. */
  scope: string | null;
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
  let scope: string | null = null;
  const whereText = single(query, "where");
  if (whereText !== undefined) {
    try {
      const tree = parseWhere(whereText);
      const scopeColumn = LIST_SCOPES[table];
      const pinned = tree && scopeColumn ? pinningNode(tree, scopeColumn) : null;
      if (pinned) scope = columnOf(table, pinned.column)!.column;
      where = tree ? buildWhere(table, tree, pinned) : null;
    } catch (e) {
      if (e instanceof WhereError) throw badRequest(`Invalid where: ${e.message}`.slice(0, 400));
      throw e;
    }
  }
  // sortBy is the SDK's spelling of the same thing.
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
  if (offset > MAX_OFFSET) throw badRequest(`offset must be at most ${MAX_OFFSET}; page further with a where on id (for example {"id":{"lt":X}})`);
  const search = searchCondition(table, single(query, "q"));
  if (search) where = where ? andBoth(where, search) : search;
  return { where, scope, sort, limit, offset };
}

const andBoth =
  (a: Condition, b: Condition): Condition =>
  (eb) =>
    eb.and([a(eb), b(eb)]);

/** A LIKE pattern that finds `text` anywhere, with LIKE's own characters taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `q`: every word must appear (case-insensitively) in one of the table's search columns. */
function searchCondition(table: EntityTable, raw: string | undefined): Condition | null {
  if (raw === undefined || raw.trim() === "") return null;
  const columns = SEARCH_COLUMNS[table];
  if (!columns) throw badRequest(`q (text search) is not available for ${table}`);
  if (raw.length > SEARCH_MAX_CHARS) throw badRequest(`q must be at most ${SEARCH_MAX_CHARS} characters`);
  const words = raw.trim().split(/\s+/).slice(0, 8);
  const patterns = words.map(containing);
  return (eb) => eb.and(patterns.map((p) => eb.or(columns.map((c) => eb(`${table}.${c}`, "ilike", p)))));
}
