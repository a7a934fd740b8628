// Mentions (docs/messages.md, "Mentions and read receipts"): the server works out a message's `mentions`
// and `mentions_all` from its text (shared/mentions.ts) on every create (./post.ts, inside the
// batched insert) and every edit (messages.update, through the policy's serverFields), never from
// the body. Only people who may read the channel count: the channel read rule, the same SQL as
// everywhere (docs/architecture.md, "Policies and audiences"). @channel and @here are for
// managers and admins; anyone else is refused in words they can read, so nobody believes they
// notified a whole channel when they did not. A group's `@handle` (docs/groups.md) adds its
// members to the candidates when the message is posted or edited, so the same read rule picks who
// is mentioned; a group larger than LIMITS.groupMentionMembersMax falls under @channel's rule.
import { sql, type Expression, type RawBuilder } from "kysely";
import { parseHandles, parseMentions, type ParsedMentions } from "@shared/mentions";
import { LIMITS } from "@shared/constants";
import type { User } from "../../db/schema";
import type { DbLike } from "../../entities/repository";
import { isPrivileged } from "../../auth/roles";
import { HttpError } from "../../errors";
import { groupsByHandles } from "../groups/repository";
import { channelReadableBy } from "./channels.policy";

export const MENTION_ALL_REFUSED = "Only managers and admins can mention everyone (@channel, @here)";
export const MENTION_GROUP_REFUSED = `Only managers and admins can mention a group of more than ${LIMITS.groupMentionMembersMax} people`;

/** Who may notify many people at once: @channel and @here, and a large group. The one rule for both. */
export const mayMentionMany = (user: Pick<User, "role" | "team_role">) => isPrivileged(user);

/** Parses a text and refuses @channel/@here from someone who may not use them. */
export function mentionsOf(user: Pick<User, "role" | "team_role">, content: string | null | undefined): ParsedMentions {
  const parsed = parseMentions(content);
  if (parsed.all && !mayMentionMany(user)) throw new HttpError(403, MENTION_ALL_REFUSED);
  return parsed;
}

/**
 * The members of the groups a text mentions by handle (lower case; everyone of each group: the
 * insert or the edit keeps those who may read the channel), refusing a large group from someone
 * who may not mention many. No query when the text holds no `@word`.
 */
export async function groupMentions(db: DbLike, user: Pick<User, "role" | "team_role">, content: string | null | undefined): Promise<string[]> {
  const handles = parseHandles(content);
  if (!handles.length) return [];
  const groups = await groupsByHandles(db, handles);
  if (!mayMentionMany(user) && groups.some((g) => g.members.length > LIMITS.groupMentionMembersMax)) throw new HttpError(403, MENTION_GROUP_REFUSED);
  return groups.flatMap((g) => g.members);
}

/** The addresses a text mentions, people and the members of its groups, each once. */
export async function mentionedAddresses(db: DbLike, user: Pick<User, "role" | "team_role">, content: string | null | undefined): Promise<ParsedMentions> {
  const parsed = mentionsOf(user, content);
  const members = await groupMentions(db, user, content);
  return members.length ? { emails: [...new Set([...parsed.emails, ...members])], all: parsed.all } : parsed;
}

/**
 * The addresses of `candidates` (lower case) that belong to active people who may read the
 * channel of the outer query's `channels` row, as a text[] (sorted, so an edit that names the same
 * people stores the same array).
 */
export function mentionedReaders(candidates: Expression<string[]>): RawBuilder<string[]> {
  return sql<string[]>`array(select lower(u.email) from users u
    where lower(u.email) = any(${candidates}) and u.is_active and ${channelReadableBy(sql.ref<string>("u.email"))}
    order by 1)`;
}

/** The stored mention fields for a text in a channel (an edit: messages.update). */
export async function mentionFields(
  db: DbLike,
  user: Pick<User, "role" | "team_role">,
  channelId: number,
  content: string,
): Promise<{ mentions: string[]; mentions_all: boolean }> {
  const parsed = await mentionedAddresses(db, user, content);
  if (!parsed.emails.length) return { mentions: [], mentions_all: parsed.all };
  const row = await db
    .selectFrom("channels")
    .select(mentionedReaders(sql`${sql.val(parsed.emails)}::text[]`).as("mentions"))
    .where("channels.id", "=", channelId)
    .executeTakeFirst();
  return { mentions: row?.mentions ?? [], mentions_all: parsed.all };
}
