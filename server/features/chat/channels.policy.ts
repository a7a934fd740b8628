// channels: public ones are readable by everyone, private and dm ones by their members.
// The socket layer decides room membership with canReadChannel; posting checks channelReadableBy.
import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Channel, Database, User } from "../../db/schema";
import { isAdmin } from "../../auth/roles";
import { emailOf, listContains, listHas, otherKeys, sameEmail } from "../../entities/policy-helpers";
import type { TablePolicy } from "../../entities/policy";

type ChannelAccess = Pick<Channel, "type" | "members">;

export function canReadChannel(user: Pick<User, "email">, channel: ChannelAccess): boolean {
  return channel.type === "public" || listHas(channel.members, emailOf(user));
}

/** The read rule as a condition on `channels`, for lists and for subqueries of other tables. */
export function channelReadCondition(eb: ExpressionBuilder<Database, "channels">, user: User): Expression<SqlBool> {
  return eb.or([eb("channels.type", "=", "public"), listContains(eb, "channels.members", emailOf(user))]);
}

/**
 * The same rule for a user known only inside the query (`email` is a column of the outer query,
 * say `users.email`), so one statement can answer for many users or many messages at once.
 */
export function channelReadableBy(email: Expression<string>): Expression<SqlBool> {
  const eb = expressionBuilder<Database, "channels">();
  return eb.or([eb("channels.type", "=", "public"), eb("channels.members", "@>", sql<string[]>`array[lower(${email})]::text[]`)]);
}

/** Deleting a channel (and so any message in it): role admin or team_role admin, never a system channel. */
export function canDeleteChannel(user: User, channel: Pick<Channel, "is_system">): boolean {
  return isAdmin(user) && !channel.is_system;
}

const MEMBER_FIELDS = ["name", "description", "members", "last_activity"];

export const channelsPolicy: TablePolicy<"channels"> = {
  readFilter: (user) => (eb) => channelReadCondition(eb, user),
  canRead: canReadChannel,
  // Only an admin may make a channel that nobody can delete.
  canCreate: (user, input) => input.is_system !== true || isAdmin(user),
  canUpdate(user, row, changes) {
    if (isAdmin(user)) return true;
    const me = emailOf(user);
    // Every reader bumps last_activity after posting (spec part 2, section 7).
    if (otherKeys(changes, ["last_activity"]).length === 0) return true;
    if (row.is_system) return false;
    const member = listHas(row.members, me) || sameEmail(row.created_by, me);
    if (member) return otherKeys(changes, MEMBER_FIELDS).length === 0;
    // A non-member of a public channel may join or leave it, touching only their own address.
    if (row.type === "public" && otherKeys(changes, ["members", "last_activity"]).length === 0) {
      const next = (changes.members as string[] | undefined) ?? row.members;
      const before = new Set(row.members.map((m) => m.toLowerCase()));
      const after = new Set(next.map((m) => m.toLowerCase()));
      const touched = [...before].filter((m) => !after.has(m)).concat([...after].filter((m) => !before.has(m)));
      return touched.every((m) => m === me);
    }
    return false;
  },
  canDelete: canDeleteChannel,
  serverFields: {
    create(user, input) {
      const me = emailOf(user);
      const members = (input.members as string[] | undefined) ?? [];
      return {
        created_by: me,
        members: members.includes(me) ? members : [...members, me],
        last_activity: new Date(),
      };
    },
    // The server's clock decides activity order, not the client's.
    update: (_user, _row, changes) => ("last_activity" in changes ? { last_activity: new Date() } : {}),
  },
};
