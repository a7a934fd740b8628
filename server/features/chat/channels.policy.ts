// channels: public ones are readable by everyone, private and dm ones by their members. The rule
// is written once as SQL (channelReadableBy, for one reader or for a column of readers in a
// batch); in memory it is the audience (public: everyone; otherwise the members), which
// audience.test.ts proves equal to it. A channel's readers are also the sockets in its room.
// Members (and admins) manage a channel's people; anyone may also leave a channel they are in or
// join a public one; nobody but an admin touches a system channel; a dm's two people never change
// (docs/channels.md).
import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Channel, Database, User } from "../../db/schema";
import { isAdmin } from "../../auth/roles";
import { emailOf, listHas, otherKeys, sameEmail } from "../../entities/policy-helpers";
import type { TablePolicy } from "../../entities/policy";
import { emailRooms, readsByAudience, type Reader } from "../../entities/audience";
import { rooms } from "@shared/realtime";

type ChannelAccess = Pick<Channel, "type" | "members">;

/**
 * The read rule, for a reader known only inside the query (`email` may be a column of the outer
 * query, say the sender of each message in a batch insert) or for one reader (a parameter).
 */
export function channelReadableBy(email: Expression<string>): Expression<SqlBool> {
  const eb = expressionBuilder<Database, "channels">();
  return eb.or([eb("channels.type", "=", "public"), eb("channels.members", "@>", sql<string[]>`array[lower(${email})]::text[]`)]);
}

/** The read rule as a condition on `channels` for one reader, for lists and subqueries. */
export function channelReadCondition(_eb: ExpressionBuilder<Database, "channels">, user: Pick<User, "email">): Expression<SqlBool> {
  return channelReadableBy(sql<string>`${emailOf(user)}`);
}

/**
 * Who sees a channel: everyone when public, else its members. (Not its room: a member just
 * removed is still in it until the feed moves their sockets out.)
 */
export const channelAudience = (c: ChannelAccess): string[] => (c.type === "public" ? [rooms.org] : emailRooms(c.members));

export const canReadChannel: (user: Reader, channel: ChannelAccess) => boolean = readsByAudience(channelAudience);

/** Deleting a channel (and so any message in it): role admin or team_role admin, never a system channel. */
export function canDeleteChannel(user: User, channel: Pick<Channel, "is_system">): boolean {
  return isAdmin(user) && !channel.is_system;
}

/**
 * Who manages a channel (its name, description and people): an admin, or, but for a system
 * channel, its members and its creator. Also who may resolve any thread in it (docs/threads.md).
 */
export function canManageChannel(user: Pick<User, "email" | "role" | "team_role">, channel: Pick<Channel, "is_system" | "members" | "created_by">): boolean {
  if (isAdmin(user)) return true;
  if (channel.is_system) return false;
  const me = emailOf(user);
  return listHas(channel.members, me) || sameEmail(channel.created_by, me);
}

const MEMBER_FIELDS = ["name", "description", "members", "last_activity", "link_previews"];

export const DM_PAIR_REFUSED = "A direct message is between you and one other person";

/** The members a new channel is stored with: the creator is always one of them. */
function membersOnCreate(user: User, input: Record<string, unknown>): string[] {
  const me = emailOf(user);
  const members = (input.members as string[] | undefined) ?? [];
  return members.includes(me) ? members : [...members, me];
}

export const channelsPolicy: TablePolicy<"channels"> = {
  readFilter: (user) => (eb) => channelReadCondition(eb, user),
  audience: channelAudience,
  canRead: canReadChannel,
  canCreate(user, input) {
    // Only an admin may make a channel that nobody can delete.
    if (input.is_system === true && !isAdmin(user)) return false;
    if (input.type === "dm" && membersOnCreate(user, input).length !== 2) return DM_PAIR_REFUSED;
    return true;
  },
  canUpdate(user, row, changes) {
    // A dm is known by its two people (there is one per pair), so nobody, admins included, changes
    // who is in it, turns it into a channel or turns a channel into one.
    if ((row.type === "dm" || changes.type === "dm") && ("members" in changes || "type" in changes)) return false;
    if (isAdmin(user)) return true;
    const me = emailOf(user);
    // Every reader bumps last_activity after posting.
    if (otherKeys(changes, ["last_activity"]).length === 0) return true;
    if (canManageChannel(user, row)) return otherKeys(changes, MEMBER_FIELDS).length === 0;
    if (row.is_system) return false;
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
    create: (user, input) => ({ created_by: emailOf(user), members: membersOnCreate(user, input), last_activity: new Date() }),
    // The server's clock decides activity order, not the client's.
    update: (_user, _row, changes) => ("last_activity" in changes ? { last_activity: new Date() } : {}),
  },
};
