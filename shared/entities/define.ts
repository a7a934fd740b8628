// One definition per entity: what a body may carry (input), what a row looks like to clients
// (row: the DTO, the presenter's field list and the client type at once), which DTO fields are
// instants, which columns stay on the server, and which columns a list query may filter on.
import { z } from "zod";

/** How a filter value is compared: `email`/`emails` are stored lower-cased, so values are too. */
export type ColumnKind = "int" | "bigint" | "float" | "text" | "email" | "bool" | "list" | "emails" | "timestamp";

export interface EntityDefinition<
  T extends string = string,
  R extends z.ZodRawShape = z.ZodRawShape,
  I extends z.ZodRawShape = z.ZodRawShape,
  S extends string = string,
> {
  table: T;
  /** Fields a create or update body may carry, with their normalising schemas. */
  input: Record<string, z.ZodType>;
  /** Needed on create. */
  required: readonly string[];
  /** May be cleared: "" or null on update stores null. */
  nullable: readonly string[];
  /** Set by the server; accepted in a body and ignored. */
  serverSet: readonly string[];
  /** Fixed once created; an update may repeat the value but not change it. */
  createOnly?: readonly string[];
  /** The row as every client sees it, REST and socket alike. */
  row: z.ZodObject<R>;
  /** DTO fields stored as timestamptz and sent as ISO text (besides created_date/updated_date). */
  instants: readonly S[];
  /** Columns that never leave the server. */
  internal: z.ZodObject<I>;
  /** Columns a `where` or `sort` may name, by the name clients use. */
  filters: Record<string, ColumnKind>;
  /**
   * How a browser keeps what it holds of the table current when a change arrives: "in-place", a
   * feature applies the pushed row to its store (chat's channels, messages, reactions); absent, every
   * cached query keyed by the table's name is refetched (client/src/app/entitySync.ts).
   */
  sync?: "in-place";
}

export const defineEntity = <const T extends string, R extends z.ZodRawShape, I extends z.ZodRawShape, const S extends string = never>(
  def: EntityDefinition<T, R, I, S>,
): EntityDefinition<T, R, I, S> => def;

/** Every entity row has these; stored as id, created_at and updated_at. */
export const rowBase = {
  id: z.number().int(),
  created_date: z.string(),
  updated_date: z.string(),
};

export const noInternal = z.object({});

export const priorityValues = ["low", "medium", "high"] as const;
export const priorityInput = z.enum(priorityValues, { error: "must be low, medium or high" });
