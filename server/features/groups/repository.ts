// The groups feature's SQL (docs/groups.md).
import { sql } from "kysely";
import type { DbLike } from "../../entities/repository";

export const findGroup = (db: DbLike, id: number) =>
  Number.isSafeInteger(id) ? db.selectFrom("groups").selectAll().where("id", "=", id).executeTakeFirst() : Promise.resolve(undefined);

/** An active account by address (any case), or undefined. */
export const findActivePerson = (db: DbLike, email: string) =>
  db
    .selectFrom("users")
    .select(["id", "email"])
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .where("is_active", "=", true)
    .executeTakeFirst();

export interface MentionedGroup {
  handle: string;
  name: string;
  /** Every member's address, lower case (the channel read rule is applied by the message insert). */
  members: string[];
}

/** The groups these handles (lower case) name, with their members, in one query. */
export async function groupsByHandles(db: DbLike, handles: readonly string[]): Promise<MentionedGroup[]> {
  if (!handles.length) return [];
  const rows = await db
    .selectFrom("groups as g")
    .leftJoin("group_members as gm", "gm.group_id", "g.id")
    .select(["g.handle", "g.name", sql<string[]>`coalesce(array_agg(lower(gm.user_email)) filter (where gm.user_email is not null), '{}')`.as("members")])
    .where(sql<string>`lower(g.handle)`, "in", [...handles])
    .groupBy(["g.id", "g.handle", "g.name"])
    .execute();
  return rows.map((r) => ({ handle: r.handle.toLowerCase(), name: r.name, members: r.members }));
}

/** Handle → name for the groups these handles name (notification and search texts, docs/groups.md). */
export async function groupNames(db: DbLike, handles: readonly string[]): Promise<Map<string, string>> {
  if (!handles.length) return new Map();
  const rows = await db.selectFrom("groups").select(["handle", "name"]).where(sql<string>`lower(handle)`, "in", [...new Set(handles)]).execute();
  return new Map(rows.map((r) => [r.handle.toLowerCase(), r.name]));
}
