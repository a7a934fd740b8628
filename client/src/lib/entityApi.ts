import type { EntityTable } from "@shared/entities";
import { request } from "./http";

/** The server's JSON where form: equality, or an operator object per column; keys are ANDed. */
export type WhereValue =
  | string
  | number
  | boolean
  | null
  | { in: (string | number)[] }
  | { contains: string }
  | { not: null | string | number }
  | { lt: number | string }
  | { gt: number | string }
  | { lte: number | string }
  | { gte: number | string };

/** Column conditions, ANDed; `or`/`and` take a list of such objects. */
export interface WhereObject {
  [column: string]: WhereValue | WhereObject[];
}

export interface ListParams {
  where?: WhereObject;
  sort?: string;
  limit?: number;
  offset?: number;
}

export function listEntities<T>(table: EntityTable, params: ListParams = {}, signal?: AbortSignal): Promise<T[]> {
  return request<T[]>(`/entities/${table}`, {
    query: {
      where: params.where ? JSON.stringify(params.where) : undefined,
      sort: params.sort,
      limit: params.limit,
      offset: params.offset,
    },
    signal,
  });
}

export function getEntity<T>(table: EntityTable, id: number): Promise<T> {
  return request<T>(`/entities/${table}/${id}`);
}

export function createEntity<T>(table: EntityTable, body: Record<string, unknown>): Promise<T> {
  return request<T>(`/entities/${table}`, { method: "POST", body });
}

export function updateEntity<T>(table: EntityTable, id: number, body: Record<string, unknown>): Promise<T> {
  return request<T>(`/entities/${table}/${id}`, { method: "PATCH", body });
}

export function deleteEntity(table: EntityTable, id: number): Promise<unknown> {
  return request(`/entities/${table}/${id}`, { method: "DELETE" });
}
