// The entity tables' descriptors (policy, view, row versions, hooks), looked up by table name
// (docs/architecture.md, "Adding a table"). The one list, server/features/registry.ts, hands
// itself over here as it loads: it reaches every feature's write hooks, and the hooks use the change
// log and the presenter, which look tables up here. Were they to import the list instead, the
// imports would go round in a circle (hooks -> change log -> list -> hooks).
import type { Expression } from "kysely";
import type { EntityTable } from "@shared/entities";
import type { TableFeature, TableList, TablePolicy } from "./policy";

let registered: TableList | undefined;

/** Called once, by server/features/registry.ts as it loads; the engine (pipeline.ts) imports it. */
export function registerTables(list: TableList): void {
  registered = list;
}

export function tableOf<T extends EntityTable>(table: T): TableFeature<T> {
  if (!registered) throw new Error(`${table}: no entity tables registered yet; import server/features/registry first`);
  return registered[table];
}

// The policies are typed per table; the feed uses them by table name.
export const policyOf = (table: EntityTable): TablePolicy<any> => tableOf(table).policy as unknown as TablePolicy<any>;

/** The rooms that may see this row (before or after a change). */
export const audienceOf = (table: EntityTable, row: Record<string, unknown>): string[] => policyOf(table).audience(row);

/**
 * The same rooms in SQL, for the rows of CTE `rows` of a statement that stores rows and their
 * change records at once (ChangeLog.records, server/feed/changelog.ts); only tables written that
 * way state it (server/feed/write-path.test.ts proves it agrees with `audience`).
 */
export function audienceSqlOf(table: EntityTable, rows: string): Expression<string[]> {
  const policy = policyOf(table);
  if (!policy.audienceSql) throw new Error(`${table}: no audience in SQL for a statement's change records`);
  return policy.audienceSql(rows);
}
