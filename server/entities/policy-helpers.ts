import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Database, User } from "../db/schema";
import type { Verdict } from "./policy";
import { HttpError, forbidden } from "../errors";

/** Emails are stored lower-cased (see shared/entities/fields), so comparisons use the same form. */
export const emailOf = (user: Pick<User, "email">) => user.email.toLowerCase();

export const sameEmail = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

export const listHas = (list: readonly string[] | null | undefined, email: string) => (list ?? []).some((e) => sameEmail(e, email));

/** `column @> ARRAY[email]`: the GIN indexes on the list columns serve this form. */
export function listContains<T extends keyof Database>(eb: ExpressionBuilder<Database, T>, ref: string, email: string): Expression<SqlBool> {
  return (eb as ExpressionBuilder<any, any>)(ref, "@>", sql<string[]>`ARRAY[${email}]::text[]`);
}

export const nobody = <T extends keyof Database>(eb: ExpressionBuilder<Database, T>) => eb.lit(false) as Expression<SqlBool>;

/** Keys of `changes` outside `allowed`. */
export const otherKeys = (changes: Record<string, unknown>, allowed: readonly string[]) => Object.keys(changes).filter((k) => !allowed.includes(k));

/** A policy's verdict as the request's outcome: true goes on, false is 403 Forbidden, text is 403 with that text. */
export function enforce(verdict: Verdict): void {
  if (verdict === true) return;
  throw typeof verdict === "string" ? new HttpError(403, verdict) : forbidden();
}
