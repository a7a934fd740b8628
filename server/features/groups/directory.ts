// A directory group's members come from the directory (docs/groups.md, "Directory groups"): a
// sync (LDAP or OIDC, not wired yet) hands over the whole list and this replaces the group's
// members with it, one change record per person added or removed, in one transaction, so open
// tabs follow live and a failure leaves the group as it was. Addresses of nobody with an active
// account are left out, as a manager's add would refuse them.
import { sql } from "kysely";
import type { AppContext } from "../../context";
import { withChanges } from "../../feed/changelog";
import { notFound, HttpError } from "../../errors";

export async function replaceDirectoryGroupMembers(ctx: AppContext, groupId: number, emails: readonly string[]): Promise<{ added: string[]; removed: string[] }> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  return withChanges(ctx, async (trx, log) => {
    const group = await trx.selectFrom("groups").selectAll().where("id", "=", groupId).forUpdate().executeTakeFirst();
    if (!group) throw notFound("Group not found");
    if (group.source !== "directory") throw new HttpError(400, "Only a directory group's members are replaced from the directory");
    const people = wanted.length
      ? (await trx.selectFrom("users").select(sql<string>`lower(email)`.as("email")).where(sql<string>`lower(email)`, "in", wanted).where("is_active", "=", true).execute()).map((u) => u.email)
      : [];
    const current = await trx.selectFrom("group_members").selectAll().where("group_id", "=", groupId).execute();
    const keep = new Set(people);
    const gone = current.filter((m) => !keep.has(m.user_email.toLowerCase()));
    const have = new Set(current.map((m) => m.user_email.toLowerCase()));
    const add = people.filter((e) => !have.has(e));
    if (gone.length) {
      const removed = await trx.deleteFrom("group_members").where("id", "in", gone.map((m) => m.id)).returningAll().execute();
      for (const r of removed) log.add("group_members", "delete", r.id, null, r);
    }
    if (add.length) {
      const inserted = await trx
        .insertInto("group_members")
        .values(add.map((user_email) => ({ group_id: groupId, user_email, created_by: null })))
        .returningAll()
        .execute();
      for (const r of inserted) log.add("group_members", "create", r.id, r);
    }
    return { added: add, removed: gone.map((m) => m.user_email.toLowerCase()) };
  });
}
