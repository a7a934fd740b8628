// The users feature's SQL: functions taking the database (or a transaction) first; the rules
// about who may change what live in ./service.
import { sql, type Insertable, type Updateable } from "kysely";
import type { DbLike } from "../../entities/repository";
import type { Database, User } from "../../db/schema";

export type NewUser = Insertable<Database["users"]>;
export type UserChanges = Updateable<Database["users"]>;

export function findUser(db: DbLike, id: number): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The account holding this e-mail, active or not (e-mails are unique ignoring case). */
export function findUserByEmail(db: DbLike, email: string): Promise<User | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .executeTakeFirst();
}

export function insertUser(db: DbLike, values: NewUser): Promise<User> {
  return db.insertInto("users").values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateUserRow(db: DbLike, id: number, values: UserChanges): Promise<User> {
  return db.updateTable("users").set(values).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

/** Locks the row for a change that depends on its current state (deactivation). */
export function lockUser(db: DbLike, id: number): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}

/** The time zone of each of these (lower-cased) addresses that belongs to an account. */
export async function findZonesOf(db: DbLike, emails: string[]): Promise<Map<string, string | null>> {
  if (!emails.length) return new Map();
  const rows = await db
    .selectFrom("users")
    .select(["email", "time_zone"])
    .where(sql<boolean>`lower(email) = any(${sql.val(emails)}::text[])`)
    .execute();
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.time_zone ?? null]));
}
